/**
 * `npm run ledger:check`: recomputes every balance from the postings and checks every ledger
 * invariant on a live database (DATABASE_URL, or the embedded database in DATA_DIR — stop the
 * server first: the embedded database belongs to one process at a time). Exits 0 when the ledger
 * is sound, 1 on any breach, 2 when it could not check.
 *
 *   npm run ledger:check            # human-readable report
 *   npm run ledger:check -- --json  # the report as JSON
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger } from '../features/wallet/ledger-check/data.ts';

const main = async (): Promise<number> => {
  const config = loadConfig();
  const json = process.argv.includes('--json');
  if (!config.DATABASE_URL) {
    if (!fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
      console.error(`No database: DATABASE_URL is not set and ${config.dataDir} holds no embedded database.`);
      return 2;
    }
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    const report = await checkLedger(database.db);
    if (json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      const s = report.stats;
      console.log(
        `Ledger on ${config.DATABASE_URL ? 'PostgreSQL' : `the embedded database (${config.dataDir})`}: ` +
          `${s.accounts} accounts, ${s.transactions} transactions, ${s.postings} postings, ` +
          `${s.rollbacks} rollbacks, ${s.tombstones} tombstones.`,
      );
      if (report.ok) console.log('OK: every balance equals its postings and all ledger invariants hold.');
      for (const b of report.breaches) {
        console.log(`BREACH of invariant ${b.invariant}: ${b.what}`);
        console.log(`  e.g. ${JSON.stringify(b.sample.slice(0, 5))}`);
      }
    }
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('ledger:check could not run:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
