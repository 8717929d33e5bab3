import type { GameType, Language } from '@app/contract';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { announcements, banners, helpArticles, merchantDomains } from '../../db/schema/index.ts';

export type BannerRow = typeof banners.$inferSelect;
export type BannerInsert = typeof banners.$inferInsert;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementInsert = typeof announcements.$inferInsert;
export type HelpRow = typeof helpArticles.$inferSelect;
export type HelpInsert = typeof helpArticles.$inferInsert;

const live = (start: AnyPgColumn, end: AnyPgColumn, now: Date) =>
  and(or(isNull(start), lte(start, now)), or(isNull(end), gt(end, now)));

/** Banners on show now, by group order. */
export const visibleBanners = (
  db: Db,
  merchantId: number,
  now: Date,
  limit: number,
  groupName?: BannerRow['groupName'],
) =>
  db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.merchantId, merchantId),
        eq(banners.enabled, true),
        groupName ? eq(banners.groupName, groupName) : undefined,
        live(banners.startAt, banners.endAt, now),
      ),
    )
    .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id))
    .limit(limit);

/** Announcements on show now, of the given types and executions. */
export const visibleAnnouncements = (
  db: Db,
  merchantId: number,
  f: {
    types: AnnouncementRow['type'][];
    executions: AnnouncementRow['execution'][];
    now: Date;
    limit: number;
    /** Site-wide items, or items attached to a game type / vendor (optionally narrowed to one). */
    scope: 'site' | 'game';
    gameType?: GameType | undefined;
    vassalage?: string | undefined;
  },
) =>
  db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantId, merchantId),
        eq(announcements.enabled, true),
        eq(announcements.platform, 'W'),
        inArray(announcements.type, f.types),
        inArray(announcements.execution, f.executions),
        live(announcements.startAt, announcements.endAt, f.now),
        f.scope === 'game'
          ? or(sql`${announcements.gameType} IS NOT NULL`, sql`${announcements.vassalage} IS NOT NULL`)
          : and(isNull(announcements.gameType), isNull(announcements.vassalage)),
        f.gameType ? or(isNull(announcements.gameType), eq(announcements.gameType, f.gameType)) : undefined,
        f.vassalage ? or(isNull(announcements.vassalage), eq(announcements.vassalage, f.vassalage)) : undefined,
      ),
    )
    .orderBy(asc(announcements.sort), sql`${announcements.startAt} DESC`, asc(announcements.id))
    .limit(f.limit);

export const helpFor = (db: Db, merchantId: number, languages: Language[]) =>
  db
    .select()
    .from(helpArticles)
    .where(
      and(
        eq(helpArticles.merchantId, merchantId),
        eq(helpArticles.enabled, true),
        inArray(helpArticles.language, languages),
      ),
    )
    .orderBy(asc(helpArticles.sort), asc(helpArticles.term));

/* ---------------------------------------------------------------- operator CRUD */

export const allBanners = (db: Db, merchantId: number) =>
  db
    .select()
    .from(banners)
    .where(eq(banners.merchantId, merchantId))
    .orderBy(asc(banners.groupName), asc(banners.sort), asc(banners.id));
export const findBanner = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .select()
      .from(banners)
      .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)))
      .limit(1)
  )[0] ?? null;
export const insertBanner = async (db: Db, row: BannerInsert) => (await db.insert(banners).values(row).returning())[0]!;
export const updateBanner = async (db: Db, merchantId: number, id: number, values: Partial<BannerInsert>) =>
  (
    await db
      .update(banners)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)))
      .returning()
  )[0] ?? null;
export const deleteBanner = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .delete(banners)
      .where(and(eq(banners.merchantId, merchantId), eq(banners.id, id)))
      .returning({ id: banners.id })
  ).length > 0;

export const allAnnouncements = (db: Db, merchantId: number) =>
  db
    .select()
    .from(announcements)
    .where(eq(announcements.merchantId, merchantId))
    .orderBy(asc(announcements.type), asc(announcements.sort), asc(announcements.id));
export const findAnnouncement = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
      .limit(1)
  )[0] ?? null;
export const insertAnnouncement = async (db: Db, row: AnnouncementInsert) =>
  (await db.insert(announcements).values(row).returning())[0]!;
export const updateAnnouncement = async (db: Db, merchantId: number, id: number, values: Partial<AnnouncementInsert>) =>
  (
    await db
      .update(announcements)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
      .returning()
  )[0] ?? null;
export const deleteAnnouncement = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .delete(announcements)
      .where(and(eq(announcements.merchantId, merchantId), eq(announcements.id, id)))
      .returning({ id: announcements.id })
  ).length > 0;

export const allHelp = (db: Db, merchantId: number) =>
  db
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.merchantId, merchantId))
    .orderBy(asc(helpArticles.sort), asc(helpArticles.term), asc(helpArticles.language));
export const findHelp = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .select()
      .from(helpArticles)
      .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.id, id)))
      .limit(1)
  )[0] ?? null;
export const findHelpByTerm = async (db: Db, merchantId: number, term: string, language: Language) =>
  (
    await db
      .select()
      .from(helpArticles)
      .where(
        and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.term, term), eq(helpArticles.language, language)),
      )
      .limit(1)
  )[0] ?? null;
export const insertHelp = async (db: Db, row: HelpInsert) =>
  (await db.insert(helpArticles).values(row).returning())[0]!;
export const updateHelp = async (db: Db, merchantId: number, id: number, values: Partial<HelpInsert>) =>
  (
    await db
      .update(helpArticles)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.id, id)))
      .returning()
  )[0] ?? null;
export const deleteHelp = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .delete(helpArticles)
      .where(and(eq(helpArticles.merchantId, merchantId), eq(helpArticles.id, id)))
      .returning({ id: helpArticles.id })
  ).length > 0;

/* ---------------------------------------------------------------- mirror domains */

export type MirrorRow = typeof merchantDomains.$inferSelect;

/** The brand's mirror domains in the operator's order (its main domain is not one of them). */
export const mirrors = (db: Db, merchantId: number) =>
  db
    .select()
    .from(merchantDomains)
    .where(and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.isMirror, true)))
    .orderBy(asc(merchantDomains.sort), asc(merchantDomains.id));
export const findMirror = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .select()
      .from(merchantDomains)
      .where(
        and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.id, id), eq(merchantDomains.isMirror, true)),
      )
      .limit(1)
  )[0] ?? null;
/** Whether any brand already routes this host (host names are unique across brands). */
export const hostTaken = async (db: Db, host: string, exceptId?: number) =>
  (
    await db
      .select({ id: merchantDomains.id })
      .from(merchantDomains)
      .where(and(eq(merchantDomains.host, host), exceptId ? sql`${merchantDomains.id} <> ${exceptId}` : undefined))
      .limit(1)
  ).length > 0;
/** A new mirror goes last; ON CONFLICT keeps a concurrent duplicate from becoming a 500. */
export const insertMirror = async (db: Db, merchantId: number, host: string, status: MirrorRow['status']) =>
  (
    await db
      .insert(merchantDomains)
      .values({
        merchantId,
        host,
        status,
        isMirror: true,
        sort: sql`(SELECT COALESCE(MAX(${merchantDomains.sort}), 0) + 1 FROM ${merchantDomains} WHERE ${merchantDomains.merchantId} = ${merchantId})`,
      })
      .onConflictDoNothing()
      .returning()
  )[0] ?? null;
export const updateMirror = async (
  db: Db,
  merchantId: number,
  id: number,
  values: Partial<Pick<MirrorRow, 'host' | 'status' | 'sort'>>,
) =>
  (
    await db
      .update(merchantDomains)
      .set(values)
      .where(
        and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.id, id), eq(merchantDomains.isMirror, true)),
      )
      .returning()
  )[0] ?? null;
export const deleteMirror = async (db: Db, merchantId: number, id: number) =>
  (
    await db
      .delete(merchantDomains)
      .where(
        and(eq(merchantDomains.merchantId, merchantId), eq(merchantDomains.id, id), eq(merchantDomains.isMirror, true)),
      )
      .returning({ id: merchantDomains.id })
  ).length > 0;
