import type { BodyOutput, operatorAgentAnnouncementEndpoints } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { MerchantService } from '../../merchant/service.ts';
import * as data from './data.ts';

type Body = BodyOutput<(typeof operatorAgentAnnouncementEndpoints)['create']>;

/** The reader's language, else the brand's default, else whatever the text was written in. */
const pick = (texts: Record<string, string>, language: string | undefined, fallback: string) =>
  (language && texts[language]) || texts[fallback] || Object.values(texts)[0] || '';

const item = (r: data.AnnouncementRow, language: string | undefined, fallback: string) => ({
  id: r.id,
  title: pick(r.title, language, fallback),
  content: pick(r.content, language, fallback),
  pinned: r.pinned,
  publishedAt: r.startAt.toISOString(),
});

const values = (b: Body) => {
  const startAt = b.startAt ? new Date(b.startAt) : new Date();
  const endAt = b.endAt ? new Date(b.endAt) : null;
  if (endAt && endAt <= startAt) {
    throw new AppError('VALIDATION_FAILED', 'The end must be after the start', 400, null, {
      endAt: 'The end must be after the start',
    });
  }
  return { title: b.title, content: b.content, pinned: b.pinned, enabled: b.enabled, startAt, endAt };
};

export interface AnnouncementDeps {
  db: Db;
  merchants: Pick<MerchantService, 'brand'>;
}

/** Announcements for agents: operators write them per language, agents read the live ones. */
export const createAgentAnnouncementService = ({ db, merchants }: AnnouncementDeps) => ({
  /** What agents see now, in the reader's language. */
  async live(merchantId: number, language: string | undefined, q: { page: number; pageSize: number }) {
    const fallback = (await merchants.brand(merchantId)).merchant.defaultLanguage;
    const { rows, total } = await data.listLive(db, merchantId, new Date(), q.pageSize, (q.page - 1) * q.pageSize);
    return {
      list: rows.map((r) => item(r, language, fallback)),
      pageNum: q.page,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  },

  /** Every announcement of the brand, for the operator's desk. */
  async all(merchantId: number, q: { page: number; pageSize: number }) {
    const fallback = (await merchants.brand(merchantId)).merchant.defaultLanguage;
    const { rows, total } = await data.listAll(db, merchantId, q.pageSize, (q.page - 1) * q.pageSize);
    return {
      list: rows.map((r) => ({
        ...item(r, undefined, fallback),
        enabled: r.enabled,
        endAt: r.endAt?.toISOString() ?? null,
        titles: r.title,
      })),
      pageNum: q.page,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  },

  create: (op: { merchantId: number; operatorId: number }, b: Body) =>
    data.insert(db, { merchantId: op.merchantId, createdByOperatorId: op.operatorId, ...values(b) }),

  async update(merchantId: number, id: number, b: Body) {
    const row = await data.update(db, merchantId, id, values(b));
    if (!row) throw new AppError('NOT_FOUND', 'No such announcement', 404);
    return row;
  },
});

export type AgentAnnouncementService = ReturnType<typeof createAgentAnnouncementService>;
