import type { GameType } from '@app/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { MerchantService } from '../merchant/service.ts';
import * as data from './data.ts';
import { fromCsv, fromJson, validateCatalogue, type RawCatalogue } from './import.ts';
import { applyCatalogue, type ImportReport } from './write.ts';

export interface CatalogManagerDeps {
  db: Db;
  merchants: MerchantService;
  /** Clears the catalogue's read caches in this process. */
  invalidate: () => void;
}

/** Catalogue writes: imports, hot flags, vendor order and switches. Each clears the read caches. */
export const createCatalogManager = ({ db, merchants, invalidate }: CatalogManagerDeps) => {
  /** Validates row by row and applies the good rows in one transaction; idempotent. */
  const importCatalogue = async (merchantId: number, raw: RawCatalogue): Promise<ImportReport> => {
    const known = new Map<string, Set<string>>();
    for (const lane of await data.existingVendorGameTypes(db, merchantId)) {
      known.set(lane.vassalage, new Set([...(known.get(lane.vassalage) ?? []), lane.gameType]));
    }
    const valid = validateCatalogue(raw, known);
    const brand = await merchants.brand(merchantId);
    const report = await applyCatalogue(db, merchantId, valid, brand.merchant.defaultLanguage);
    invalidate();
    return report;
  };

  return {
    importCatalogue,

    /** A catalogue file's text: JSON when it looks like JSON or the name says so, CSV otherwise. */
    async importFile(merchantId: number, fileName: string, text: string) {
      const json = /\.json$/i.test(fileName) || (!/\.csv$/i.test(fileName) && text.trimStart().startsWith('{'));
      return importCatalogue(merchantId, json ? fromJson(text) : fromCsv(text));
    },

    async setHot(merchantId: number, nodeIds: number[], isHot: boolean) {
      const updated = await data.setHot(db, merchantId, [...new Set(nodeIds)], isHot);
      invalidate();
      return updated;
    },

    /** The full order of one game type's vendors: every vendor exactly once. */
    async setVendorOrder(merchantId: number, gameType: GameType, vassalages: string[]) {
      const lanes = (await data.existingVendorGameTypes(db, merchantId)).filter((l) => l.gameType === gameType);
      const have = new Set(lanes.map((l) => l.vassalage));
      const given = new Set(vassalages);
      const fields: Record<string, string> = {};
      if (given.size !== vassalages.length) fields.vassalages = 'Each vendor may appear only once';
      const unknown = vassalages.filter((v) => !have.has(v));
      if (unknown.length) fields.vassalages = `Not a ${gameType} vendor: ${unknown.join(', ')}`;
      const missing = [...have].filter((v) => !given.has(v));
      if (missing.length) fields.vassalages = `List every ${gameType} vendor; missing: ${missing.join(', ')}`;
      if (Object.keys(fields).length) throw badRequest('VALIDATION_FAILED', fields.vassalages!, fields);
      await db.transaction(async (tx) => {
        for (const [i, v] of vassalages.entries())
          await data.setVendorGameTypeSort(tx, merchantId, gameType, v, (i + 1) * 10);
      });
      invalidate();
      return vassalages;
    },

    /**
     * A vendor's published specs for its games (minimum bet, lines), by game code: the game-provider
     * feature's game-list sync keeps the slot filters true to the games. Returns how many changed.
     */
    async updateGameSpecs(
      merchantId: number,
      vassalage: string,
      specs: { gameCode: string; minBet: bigint | null; lines: number | null }[],
    ) {
      let changed = 0;
      for (let i = 0; i < specs.length; i += 2000)
        changed += await data.updateGameSpecs(db, merchantId, vassalage, specs.slice(i, i + 2000));
      if (changed) invalidate();
      return changed;
    },

    /**
     * A vendor in or out of one game type's lobby. A vendor the catalogue import switched off for the
     * whole brand stays out of every game type: switching one of its types on is refused with that
     * reason rather than saved without effect.
     */
    async setVendorEnabled(merchantId: number, gameType: GameType, vassalage: string, enabled: boolean) {
      if (enabled && (await data.vendorSwitchedOn(db, merchantId, vassalage)) === false) {
        throw new AppError(
          'VENDOR_SWITCHED_OFF',
          `${vassalage} is switched off for the whole brand by the catalogue import; import it as enabled first`,
          409,
        );
      }
      const ok = await data.setVendorGameTypeEnabled(db, merchantId, gameType, vassalage, enabled);
      if (!ok) throw new AppError('NOT_FOUND', `No ${gameType} vendor ${vassalage}`, 404);
      invalidate();
    },
  };
};

export type CatalogManager = ReturnType<typeof createCatalogManager>;
