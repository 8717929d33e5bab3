import {
  CONTENT_CAPS,
  LANGUAGES,
  languageFallbacks,
  type AnnouncementGroups,
  type AnnouncementValue,
  type BannerValue,
  type HelpArticleValue,
  type Language,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { imageUrl, localized } from '../../lib/localized.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { ContentManager } from './manage.ts';

/** Executions a visitor may see: B is public; A (members) and F (members' first login) need a session. */
export const visibleExecutions = (asked: string[] | undefined, isMember: boolean): string[] =>
  (asked ?? ['A', 'B', 'F']).filter((e) => e === 'B' || isMember);

/** Banners, announcements, help, resources and customer service entries of a brand. */
export class ContentService {
  readonly manage: ContentManager;
  constructor(
    private readonly db: Db,
    private readonly merchants: MerchantService,
  ) {
    this.manage = new ContentManager(db);
  }

  private async language(merchantId: number, asked: string | undefined) {
    const brand = await this.merchants.brand(merchantId);
    const def = brand.merchant.defaultLanguage;
    const lang = asked && (LANGUAGES as readonly string[]).includes(asked) ? asked : def;
    return { lang, def, cdns: brand.merchant.imageCdns };
  }

  private toAnnouncement(r: data.AnnouncementRow, lang: string, def: string): AnnouncementValue {
    return {
      id: r.id,
      type: r.type as AnnouncementValue['type'],
      execution: r.execution as AnnouncementValue['execution'],
      title: localized(r.title, lang, def),
      content: localized(r.content, lang, def),
      promotionType: r.promotionType as AnnouncementValue['promotionType'],
      gameType: r.gameType as AnnouncementValue['gameType'],
      vassalage: r.vassalage,
      startTime: r.startAt.toISOString(),
      endTime: r.endAt?.toISOString() ?? null,
    };
  }

  /** MCSFE_getListAnnouncements: the asked types, grouped as the site uses them. */
  async announcements(
    merchantId: number,
    viewer: { isMember: boolean },
    q: {
      types: string[];
      execution?: string[] | undefined;
      groupName?: string | undefined;
      language?: string | undefined;
    },
    now = new Date(),
  ): Promise<AnnouncementGroups> {
    const { lang, def, cdns } = await this.language(merchantId, q.language);
    const out: AnnouncementGroups = { banners: [], notices: [], popup: [], promotion: [], headlines: [] };
    if (q.types.includes('B')) {
      const rows = await data.visibleBanners(this.db, merchantId, now, CONTENT_CAPS.banners, q.groupName);
      out.banners = rows.map((b): BannerValue => ({
        id: b.id,
        groupName: b.groupName as BannerValue['groupName'],
        title: localized(b.title, lang, def),
        url: imageUrl(cdns, b.imageUrl, b.id),
        linkageType: b.linkageType as BannerValue['linkageType'],
        linkage: b.linkage,
      }));
    }
    const types = q.types.filter((t) => t !== 'B');
    const executions = visibleExecutions(q.execution, viewer.isMember);
    if (types.length && executions.length) {
      const rows = await data.visibleAnnouncements(this.db, merchantId, {
        types,
        executions,
        now,
        limit: CONTENT_CAPS.announcements * types.length,
        scope: 'site',
      });
      for (const r of rows) {
        const a = this.toAnnouncement(r, lang, def);
        const group = { PL: out.notices, PU: out.popup, H: out.headlines, PR: out.promotion }[r.type];
        if (!group || group.length >= CONTENT_CAPS.announcements) continue;
        if (r.type === 'PL') out.notices.push(a);
        else if (r.type === 'PU') out.popup.push(a);
        else if (r.type === 'H') out.headlines.push(a);
        else if (r.type === 'PR') out.promotion.push({ id: a.id, title: a.title, promotionType: a.promotionType });
      }
    }
    return out;
  }

  /** Announcements attached to a game type or vendor (shown on its game list). */
  async gameAnnouncements(
    merchantId: number,
    q: { gameType?: string | undefined; vassalage?: string | undefined; language?: string | undefined },
  ) {
    const { lang, def } = await this.language(merchantId, q.language);
    const rows = await data.visibleAnnouncements(this.db, merchantId, {
      types: ['PL', 'PU', 'PR', 'H'],
      executions: ['B'],
      now: new Date(),
      limit: CONTENT_CAPS.announcements,
      gameType: q.gameType,
      vassalage: q.vassalage,
      scope: 'game',
    });
    return rows.map((r) => this.toAnnouncement(r, lang, def));
  }

  /** getHelpV2: one article per term, in the asked language or its nearest fallback. */
  async help(merchantId: number, asked: string | undefined): Promise<HelpArticleValue[]> {
    const { lang, def } = await this.language(merchantId, asked);
    const order = languageFallbacks(lang as Language, def as Language);
    const rows = await data.helpFor(this.db, merchantId, order);
    const best = new Map<string, data.HelpRow>();
    for (const r of rows) {
      const cur = best.get(r.term);
      if (!cur || order.indexOf(r.language as Language) < order.indexOf(cur.language as Language)) best.set(r.term, r);
    }
    return [...best.values()]
      .sort((a, b) => a.sort - b.sort || a.term.localeCompare(b.term))
      .slice(0, CONTENT_CAPS.help)
      .map((r) => ({ term: r.term, category: r.category, title: r.title, content: r.content }));
  }

  async resources(merchantId: number, resourceType?: string) {
    const brand = await this.merchants.brand(merchantId);
    return brand.resources
      .filter((r) => !resourceType || r.resourceType.toLowerCase() === resourceType.toLowerCase())
      .map((r) => ({ resourceType: r.resourceType, key: r.key, url: r.url }));
  }

  async customerService(merchantId: number) {
    const brand = await this.merchants.brand(merchantId);
    return brand.customerService.map((c) => ({ csType: c.csType, path: c.path, displayName: c.displayName }));
  }

  async mirrorDomains(merchantId: number) {
    const brand = await this.merchants.brand(merchantId);
    return brand.domains.filter((d) => d.isMirror).map((d) => d.host);
  }
}
