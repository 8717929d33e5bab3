import {
  CONTENT_CAPS,
  LANGUAGES,
  languageFallbacks,
  type AnnouncementGroups,
  type AnnouncementValue,
  type BannerValue,
  type GameType,
  type HelpArticleValue,
  type Language,
} from '@app/contract';
import type { Db } from '../../db/client.ts';
import { imageUrl, localized } from '../../lib/localized.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { createDomainManager } from './domains.ts';
import { createContentManager } from './manage.ts';
import { createSiteSettings } from './settings.ts';

type Execution = AnnouncementValue['execution'];

/** Executions a visitor may see: B is public; A (members) and F (members' first login) need a session. */
export const visibleExecutions = (asked: Execution[] | undefined, isMember: boolean): Execution[] =>
  (asked ?? ['A', 'B', 'F']).filter((e) => e === 'B' || isMember);

const toAnnouncement = (r: data.AnnouncementRow, lang: Language, def: Language): AnnouncementValue => ({
  id: r.id,
  type: r.type,
  execution: r.execution,
  title: localized(r.title, lang, def),
  content: localized(r.content, lang, def),
  promotionType: r.promotionType,
  gameType: r.gameType,
  vassalage: r.vassalage,
  startTime: r.startAt.toISOString(),
  endTime: r.endAt?.toISOString() ?? null,
});

export interface ContentDeps {
  db: Db;
  merchants: MerchantService;
}

/** Banners, announcements, help, resources and customer service entries of a brand. */
export const createContentService = ({ db, merchants }: ContentDeps) => {
  const language = async (merchantId: number, asked: string | undefined) => {
    const brand = await merchants.brand(merchantId);
    const def = brand.merchant.defaultLanguage;
    const lang = LANGUAGES.find((l) => l === asked) ?? def;
    return { lang, def, cdns: brand.merchant.imageCdns };
  };

  return {
    /** MCSFE_getListAnnouncements: the asked types, grouped as the site uses them. */
    async announcements(
      merchantId: number,
      viewer: { isMember: boolean },
      q: {
        types: AnnouncementValue['type'][];
        execution?: Execution[] | undefined;
        groupName?: BannerValue['groupName'] | undefined;
        language?: string | undefined;
      },
      now = new Date(),
    ): Promise<AnnouncementGroups> {
      const { lang, def, cdns } = await language(merchantId, q.language);
      const out: AnnouncementGroups = { banners: [], notices: [], popup: [], promotion: [], headlines: [] };
      if (q.types.includes('B')) {
        const rows = await data.visibleBanners(db, merchantId, now, CONTENT_CAPS.banners, q.groupName);
        out.banners = rows.map((b): BannerValue => ({
          id: b.id,
          groupName: b.groupName,
          title: localized(b.title, lang, def),
          url: imageUrl(cdns, b.imageUrl, b.id),
          linkageType: b.linkageType,
          linkage: b.linkage,
        }));
      }
      const types = q.types.filter((t) => t !== 'B');
      const executions = visibleExecutions(q.execution, viewer.isMember);
      if (types.length && executions.length) {
        const rows = await data.visibleAnnouncements(db, merchantId, {
          types,
          executions,
          now,
          limit: CONTENT_CAPS.announcements * types.length,
          scope: 'site',
        });
        const groups: Partial<Record<AnnouncementValue['type'], unknown[]>> = {
          PL: out.notices,
          PU: out.popup,
          H: out.headlines,
          PR: out.promotion,
        };
        for (const r of rows) {
          const a = toAnnouncement(r, lang, def);
          const group = groups[r.type];
          if (!group || group.length >= CONTENT_CAPS.announcements) continue;
          if (r.type === 'PL') out.notices.push(a);
          else if (r.type === 'PU') out.popup.push(a);
          else if (r.type === 'H') out.headlines.push(a);
          else if (r.type === 'PR')
            out.promotion.push({ id: a.id, title: a.title, promotionType: a.promotionType, content: a.content });
        }
      }
      return out;
    },

    /** Announcements attached to a game type or vendor (shown on its game list). */
    async gameAnnouncements(
      merchantId: number,
      q: { gameType?: GameType | undefined; vassalage?: string | undefined; language?: string | undefined },
    ) {
      const { lang, def } = await language(merchantId, q.language);
      const rows = await data.visibleAnnouncements(db, merchantId, {
        types: ['PL', 'PU', 'PR', 'H'],
        executions: ['B'],
        now: new Date(),
        limit: CONTENT_CAPS.announcements,
        gameType: q.gameType,
        vassalage: q.vassalage,
        scope: 'game',
      });
      return rows.map((r) => toAnnouncement(r, lang, def));
    },

    /** getHelpV2: one article per term, in the asked language or its nearest fallback. */
    async help(merchantId: number, asked: string | undefined): Promise<HelpArticleValue[]> {
      const { lang, def } = await language(merchantId, asked);
      const order = languageFallbacks(lang, def);
      const rows = await data.helpFor(db, merchantId, order);
      const best = new Map<string, data.HelpRow>();
      for (const r of rows) {
        const cur = best.get(r.term);
        if (!cur || order.indexOf(r.language) < order.indexOf(cur.language)) best.set(r.term, r);
      }
      return [...best.values()]
        .sort((a, b) => a.sort - b.sort || a.term.localeCompare(b.term))
        .slice(0, CONTENT_CAPS.help)
        .map((r) => ({ term: r.term, category: r.category, title: r.title, content: r.content }));
    },

    async resources(merchantId: number, resourceType?: string) {
      const brand = await merchants.brand(merchantId);
      return brand.resources
        .filter((r) => !resourceType || r.resourceType.toLowerCase() === resourceType.toLowerCase())
        .map((r) => ({ resourceType: r.resourceType, key: r.key, url: r.url }));
    },

    async customerService(merchantId: number) {
      const brand = await merchants.brand(merchantId);
      return brand.customerService.map((c) => ({
        csType: c.csType,
        path: c.path,
        displayName: c.displayName,
        names: c.names,
      }));
    },

    /** The brand's listed mirrors with their state; retired ones are left out. */
    async mirrorDomains(merchantId: number) {
      const brand = await merchants.brand(merchantId);
      const domains = brand.domains
        .filter((d) => d.isMirror && d.status !== 'retired')
        .map((d) => ({ host: d.host, status: d.status }));
      return { list: domains.map((d) => d.host), domains };
    },

    /** Operator management of the mirror domains. */
    domains: createDomainManager({ db, merchants }),

    /** Operator management of banners, announcements and help articles. */
    manage: createContentManager({ db }),

    /** Operator management of the brand's links and settings. */
    site: createSiteSettings({ merchants }),
  };
};

export type ContentService = ReturnType<typeof createContentService>;
