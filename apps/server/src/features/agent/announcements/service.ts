import type { BodyOutput, operatorAgentAnnouncementEndpoints } from '@app/contract';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../http/errors.ts';
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

export const liveAnnouncements = async (
  ctx: AppContext,
  merchantId: number,
  language: string | undefined,
  q: { page: number; pageSize: number },
) => {
  const fallback = (await ctx.merchants.brand(merchantId)).merchant.defaultLanguage;
  const { rows, total } = await data.listLive(ctx.db, merchantId, new Date(), q.pageSize, (q.page - 1) * q.pageSize);
  return {
    list: rows.map((r) => item(r, language, fallback)),
    pageNum: q.page,
    pageSize: q.pageSize,
    total,
    totalPages: Math.ceil(total / q.pageSize),
  };
};

export const allAnnouncements = async (ctx: AppContext, merchantId: number, q: { page: number; pageSize: number }) => {
  const fallback = (await ctx.merchants.brand(merchantId)).merchant.defaultLanguage;
  const { rows, total } = await data.listAll(ctx.db, merchantId, q.pageSize, (q.page - 1) * q.pageSize);
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
};

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

export const createAnnouncement = (ctx: AppContext, op: { merchantId: number; operatorId: number }, b: Body) =>
  data.insert(ctx.db, { merchantId: op.merchantId, createdByOperatorId: op.operatorId, ...values(b) });

export const updateAnnouncement = async (ctx: AppContext, merchantId: number, id: number, b: Body) => {
  const row = await data.update(ctx.db, merchantId, id, values(b));
  if (!row) throw new AppError('NOT_FOUND', 'No such announcement', 404);
  return row;
};
