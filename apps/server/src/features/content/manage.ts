import type { BodyOutput, operatorContentEndpoints } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as data from './data.ts';

type E = typeof operatorContentEndpoints;
type BannerCreate = BodyOutput<E['createBanner']>;
type BannerUpdate = BodyOutput<E['updateBanner']>;
type AnnouncementCreate = BodyOutput<E['createAnnouncement']>;
type AnnouncementUpdate = BodyOutput<E['updateAnnouncement']>;
type HelpCreate = BodyOutput<E['createHelp']>;
type HelpUpdate = BodyOutput<E['updateHelp']>;

const time = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A show window must end after it starts. */
const checkWindow = (start: Date | null | undefined, end: Date | null | undefined) => {
  if (start && end && end.getTime() <= start.getTime()) {
    throw badRequest('VALIDATION_FAILED', 'endTime must be after startTime', { endTime: 'Must be after startTime' });
  }
};
const without = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const bannerOut = (b: data.BannerRow) => ({
  id: b.id,
  groupName: b.groupName,
  title: b.title,
  imageUrl: b.imageUrl,
  linkageType: b.linkageType,
  linkage: b.linkage,
  sort: b.sort,
  enabled: b.enabled,
  startTime: iso(b.startAt),
  endTime: iso(b.endAt),
});
export const announcementOut = (a: data.AnnouncementRow) => ({
  id: a.id,
  type: a.type,
  execution: a.execution,
  title: a.title,
  content: a.content,
  promotionType: a.promotionType,
  gameType: a.gameType,
  vassalage: a.vassalage,
  sort: a.sort,
  enabled: a.enabled,
  startTime: iso(a.startAt),
  endTime: iso(a.endAt),
});
export const helpOut = (h: data.HelpRow) => ({
  id: h.id,
  term: h.term,
  language: h.language,
  category: h.category,
  title: h.title,
  content: h.content,
  sort: h.sort,
  enabled: h.enabled,
});

/** Operator management of banners, announcements and help articles (every call is audited by the route). */
export const createContentManager = ({ db }: { db: Db }) => ({
  listBanners: async (merchantId: number) => (await data.allBanners(db, merchantId)).map(bannerOut),
  /** One banner as the desk shows it, or null (the audit's "before"). */
  banner: async (merchantId: number, id: number) => {
    const b = await data.findBanner(db, merchantId, id);
    return b ? bannerOut(b) : null;
  },
  announcement: async (merchantId: number, id: number) => {
    const a = await data.findAnnouncement(db, merchantId, id);
    return a ? announcementOut(a) : null;
  },
  help: async (merchantId: number, id: number) => {
    const h = await data.findHelp(db, merchantId, id);
    return h ? helpOut(h) : null;
  },

  async createBanner(merchantId: number, b: BannerCreate) {
    const startAt = time(b.startTime) ?? null;
    const endAt = time(b.endTime) ?? null;
    checkWindow(startAt, endAt);
    const row = await data.insertBanner(db, {
      merchantId,
      groupName: b.groupName,
      title: b.title,
      imageUrl: b.imageUrl,
      linkageType: b.linkageType ?? 'NONE',
      linkage: b.linkage ?? '',
      sort: b.sort ?? 0,
      enabled: b.enabled ?? true,
      startAt,
      endAt,
    });
    return bannerOut(row);
  },

  async updateBanner(merchantId: number, b: BannerUpdate) {
    const prev = await data.findBanner(db, merchantId, b.id);
    if (!prev) throw notFound(`No banner ${b.id}`);
    const startAt = time(b.startTime);
    const endAt = time(b.endTime);
    checkWindow(startAt === undefined ? prev.startAt : startAt, endAt === undefined ? prev.endAt : endAt);
    const row = await data.updateBanner(
      db,
      merchantId,
      b.id,
      without({
        groupName: b.groupName,
        title: b.title,
        imageUrl: b.imageUrl,
        linkageType: b.linkageType,
        linkage: b.linkage,
        sort: b.sort,
        enabled: b.enabled,
        startAt,
        endAt,
      }),
    );
    return bannerOut(row!);
  },

  deleteBanner: (merchantId: number, id: number) => data.deleteBanner(db, merchantId, id),

  listAnnouncements: async (merchantId: number) => (await data.allAnnouncements(db, merchantId)).map(announcementOut),

  async createAnnouncement(merchantId: number, a: AnnouncementCreate) {
    const startAt = time(a.startTime) ?? new Date();
    const endAt = time(a.endTime) ?? null;
    checkWindow(startAt, endAt);
    const row = await data.insertAnnouncement(db, {
      merchantId,
      type: a.type,
      execution: a.execution ?? 'B',
      title: a.title,
      content: a.content,
      promotionType: a.promotionType ?? null,
      gameType: a.gameType ?? null,
      vassalage: a.vassalage ?? null,
      sort: a.sort ?? 0,
      enabled: a.enabled ?? true,
      startAt,
      endAt,
    });
    return announcementOut(row);
  },

  async updateAnnouncement(merchantId: number, a: AnnouncementUpdate) {
    const prev = await data.findAnnouncement(db, merchantId, a.id);
    if (!prev) throw notFound(`No announcement ${a.id}`);
    const startAt = time(a.startTime);
    const endAt = time(a.endTime);
    checkWindow(startAt === undefined ? prev.startAt : startAt, endAt === undefined ? prev.endAt : endAt);
    const row = await data.updateAnnouncement(
      db,
      merchantId,
      a.id,
      without({
        type: a.type,
        execution: a.execution,
        title: a.title,
        content: a.content,
        promotionType: a.promotionType,
        gameType: a.gameType,
        vassalage: a.vassalage,
        sort: a.sort,
        enabled: a.enabled,
        startAt: startAt ?? undefined,
        endAt,
      }),
    );
    return announcementOut(row!);
  },

  deleteAnnouncement: (merchantId: number, id: number) => data.deleteAnnouncement(db, merchantId, id),

  listHelp: async (merchantId: number) => (await data.allHelp(db, merchantId)).map(helpOut),

  async createHelp(merchantId: number, h: HelpCreate) {
    if (await data.findHelpByTerm(db, merchantId, h.term, h.language)) {
      throw new AppError('CONFLICT', `Term ${h.term} already has a ${h.language} article`, 409, null, {
        term: 'Already exists in this language',
      });
    }
    return helpOut(await data.insertHelp(db, { merchantId, ...h, sort: h.sort ?? 0, enabled: h.enabled ?? true }));
  },

  async updateHelp(merchantId: number, h: HelpUpdate) {
    const prev = await data.findHelp(db, merchantId, h.id);
    if (!prev) throw notFound(`No help article ${h.id}`);
    const term = h.term ?? prev.term;
    const language = h.language ?? prev.language;
    const clash = await data.findHelpByTerm(db, merchantId, term, language);
    if (clash && clash.id !== prev.id) {
      throw new AppError('CONFLICT', `Term ${term} already has a ${language} article`, 409, null, {
        term: 'Already exists in this language',
      });
    }
    const { id, ...rest } = h;
    return helpOut((await data.updateHelp(db, merchantId, id, without(rest)))!);
  },

  deleteHelp: (merchantId: number, id: number) => data.deleteHelp(db, merchantId, id),
});

export type ContentManager = ReturnType<typeof createContentManager>;
