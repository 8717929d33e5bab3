import type { CatalogService } from '../catalog/service.ts';
import type { Registry } from './registry.ts';

/**
 * Game-list sync: a vendor publishes the specs of its games (lines, minimum bet); the catalogue
 * takes them so its slot filters (minimum bet, 25 lines or more, spec §9) describe the real games.
 */
export const createCatalogSync = ({
  catalog,
  registry,
}: {
  catalog: Pick<CatalogService, 'listGames' | 'manage'>;
  registry: Registry;
}) => {
  const codesOf = async (merchantId: number, vassalage: string): Promise<string[]> => {
    const codes: string[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await catalog.listGames(merchantId, { vassalage, pageNo, pageSize: 1000 });
      codes.push(...page.games.filter((g) => g.isGame === 'GAME').map((g) => g.gameCode));
      if (pageNo >= page.totalPages) break;
    }
    return codes;
  };

  return {
    /** Syncs every vendor of the brand whose integration publishes specs; returns rows changed per vendor. */
    async syncMerchant(merchantId: number): Promise<{ vassalage: string; games: number; changed: number }[]> {
      const out: { vassalage: string; games: number; changed: number }[] = [];
      for (const e of await registry.entries(merchantId)) {
        const adapter = registry.integration(e.provider)?.adapter;
        if (!e.enabled || !adapter?.describeGames) continue;
        const codes = await codesOf(merchantId, e.vassalage);
        if (!codes.length) continue;
        const { games } = await adapter.describeGames(codes);
        const changed = await catalog.manage.updateGameSpecs(
          merchantId,
          e.vassalage,
          games.map((g) => ({ gameCode: g.gameCode, lines: g.lines, minBet: BigInt(g.minBet) })),
        );
        out.push({ vassalage: e.vassalage, games: codes.length, changed });
      }
      return out;
    },
  };
};

export type CatalogSync = ReturnType<typeof createCatalogSync>;
