// Small helpers the benchmarks share.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export { freePort } from '../../apps/server/test/ports.ts';

/**
 * Secrets a production start requires (decision 051), made up for one benchmark run: a server
 * started with NODE_ENV=production refuses to run without them.
 */
export const productionSecrets = (): Record<string, string> => ({
  SECRETS_KEY: randomBytes(32).toString('base64'),
  PAYLOAD_RSA_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  }) as string,
});

/**
 * The platform's environment for a benchmark's server: production mode on the bench's own database and
 * port, no demo data, no browser screens, the house games secret the bench signs with, and made-up
 * production secrets (pass `secrets` when several servers must share them). `extra` adds or overrides.
 */
export const productionPlatformEnv = (o: {
  databaseUrl: string;
  port: number;
  houseSecret: string;
  poolSize?: string;
  secrets?: Record<string, string>;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: o.databaseUrl,
  PORT: String(o.port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'false',
  SERVE_WEB: 'false',
  DEMO_MODE: 'false',
  OPERATOR_BOOTSTRAP_PASSWORD: 'bench-operator-pw',
  PROVIDER_HOUSE_SECRET: o.houseSecret,
  ...(o.secrets ?? productionSecrets()),
  DATABASE_POOL_SIZE: o.poolSize ?? '20',
  ...o.extra,
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, in ms) each process on this machine has used so far, read from /proc. Linux only; elsewhere empty. */
export const cpuByProcess = (): Map<number, { comm: string; ms: number }> => {
  const out = new Map<number, { comm: string; ms: number }>();
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  for (const d of dirs) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    out.set(Number(d), {
      comm: stat.slice(stat.indexOf('(') + 1, close),
      ms: (Number(fields[11]) + Number(fields[12])) * tick,
    });
  }
  return out;
};

/**
 * CPU time spent between two readings of cpuByProcess, summed by a classifier of (pid, command).
 * A process that started in between counts whole; one that ended in between is lost (its last
 * stretch cannot be read), so keep processes alive across a measurement.
 */
export const cpuSpentBetween = (
  before: Map<number, { comm: string; ms: number }>,
  after: Map<number, { comm: string; ms: number }>,
  classify: (pid: number, comm: string) => string,
): Map<string, number> => {
  const out = new Map<string, number>();
  for (const [pid, p] of after) {
    const group = classify(pid, p.comm);
    out.set(group, (out.get(group) ?? 0) + p.ms - (before.get(pid)?.ms ?? 0));
  }
  return out;
};

/**
 * BENCH_PG_STATS=1: PostgreSQL's own account of where a measured stretch spent its statement time,
 * from `pg_stat_statements` (the server must preload it: `shared_preload_libraries`). `reset` before
 * the stretch, `report` after prints the top statements of the named databases; both do nothing
 * when the variable is unset or the extension cannot be used.
 */
export const statementStats = (client: {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}) => {
  let usable = Boolean(process.env.BENCH_PG_STATS);
  return {
    reset: async () => {
      if (!usable) return;
      try {
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        await client.query('SELECT pg_stat_statements_reset()');
      } catch (e) {
        usable = false;
        console.log(`pg_stat_statements not usable here: ${(e as Error).message}`);
      }
    },
    report: async (databases: string[], top = 12) => {
      if (!usable) return;
      const { rows } = await client.query(
        `SELECT s.calls::int, round(s.total_exec_time)::int AS ms, s.rows::int,
                regexp_replace(left(s.query, 140), '\\s+', ' ', 'g') AS query
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = ANY($1::text[])
          ORDER BY s.total_exec_time DESC LIMIT $2`,
        [databases, top],
      );
      console.log('statement time (pg_stat_statements, summed over concurrent statements):');
      for (const r of rows as { calls: number; ms: number; rows: number; query: string }[])
        console.log(
          `  ${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${r.query}`,
        );
    },
  };
};
