/**
 * `npm run catalog:import -- FILE [--merchant CODE] [--json]`: loads or updates the game catalogue
 * from a JSON or CSV file (format in src/features/catalog/import.ts). Every row is validated on its
 * own; good rows are applied in one transaction, bad rows are listed with their row number and
 * reasons. Importing the same file again changes nothing.
 *
 * Runs against DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the
 * embedded database belongs to one process at a time). Exits 0 when every row was accepted, 1 when
 * some were rejected (the others are applied), 2 when nothing could be imported.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { createContext } from '../context.ts';
import { openDatabase } from '../db/client.ts';
import type { ImportReport } from '../features/catalog/write.ts';

export interface ImportArgs {
  file: string;
  merchant?: string | undefined;
  json: boolean;
}

export const parseArgs = (argv: string[]): ImportArgs => {
  const rest = [...argv];
  const args: ImportArgs = { file: '', json: false };
  while (rest.length) {
    const a = rest.shift()!;
    if (a === '--json') args.json = true;
    else if (a === '--merchant') args.merchant = rest.shift();
    else if (a.startsWith('--merchant=')) args.merchant = a.slice('--merchant='.length);
    else if (!args.file) args.file = a;
    else throw new Error(`Unexpected argument: ${a}`);
  }
  if (!args.file) throw new Error('Usage: npm run catalog:import -- FILE [--merchant CODE] [--json]');
  return args;
};

export const describeReport = (r: ImportReport): string[] => [
  `Vendors: ${r.vendors.inserted} added, ${r.vendors.updated} updated, ${r.vendors.unchanged} unchanged.`,
  `Games: ${r.games.inserted} added, ${r.games.updated} updated, ${r.games.unchanged} unchanged.`,
  `Categories written: ${r.categories}.`,
  r.rejected.length ? `Rejected rows: ${r.rejected.length}` : 'Rejected rows: none.',
  ...r.rejected.map((x) => `  row ${x.row} (${x.record} ${x.key}): ${x.errors.join('; ')}`),
];

/** Runs one import; returns the exit code. */
export const runCatalogImport = async (
  args: ImportArgs,
  config: Config,
  out: (line: string) => void = console.log,
): Promise<number> => {
  // npm runs scripts from the repository root; INIT_CWD is where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.file);
  if (!fs.existsSync(file)) {
    out(`No such file: ${file}`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const ctx = createContext(config, database);
    let merchantId: number;
    try {
      merchantId = args.merchant
        ? await ctx.merchants.idByCode(args.merchant)
        : await ctx.merchants.resolveId(undefined);
    } catch {
      out(
        args.merchant
          ? `No merchant with code ${args.merchant}.`
          : 'No merchant yet: start the server once (it creates the brand), then import.',
      );
      return 2;
    }
    let report: ImportReport;
    try {
      report = await ctx.catalog.manage.importFile(merchantId, file, fs.readFileSync(file, 'utf8'));
    } catch (e) {
      out(`Could not read ${path.basename(file)}: ${(e as Error).message}`);
      return 2;
    }
    if (args.json) out(JSON.stringify(report, null, 2));
    else describeReport(report).forEach((l) => out(l));
    return report.rejected.length ? 1 : 0;
  } finally {
    await database.close();
  }
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  let args: ImportArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  runCatalogImport(args, loadConfig({ LOG_LEVEL: 'warn', ...process.env })).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(2);
    },
  );
}
