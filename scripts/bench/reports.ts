// `npm run bench:reports`: the operator's dashboard at scale, on PostgreSQL.
//
// Builds a brand with 100,000 members and 1,000,000 closed rounds over BENCH_DAYS days (stakes from
// 1 to 100 in minor units ×100, 45 % of rounds winning, eight vendors, five game types, 200 games),
// each round with its ledger movements (a bet, and a win when it won) and one deposit per member, then
// measures through the real HTTP server (listening on a port, autocannon as the client):
//   GET /wps/operator/dashboard?period=7d and ?period=30d (as a finance operator) — p50, p99;
//   beside GET /wps/system/status measured the same way in the same run (the ratio is the number to
//   watch; absolute numbers depend on the machine and whoever else shares it).
// Target (issue 21): dashboard p99 < 300 ms.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
//   BENCH_MEMBERS=100000 BENCH_ROUNDS=1000000 BENCH_DAYS=30 BENCH_DURATION=10 BENCH_CONNECTIONS=4 npm run bench:reports
//
// Members and rounds are written in time order, as a live brand writes them (so a day's rows sit
// together in the table), and the tables are vacuumed after the load as autovacuum would.
// The fixture rows (members, rounds, ledger movements) are written with set-based SQL and the
// ledger's triggers switched off for the seeding connection only (session_replication_role): they
// are the state being measured, not what is measured. Balances are then set to the sums of their
// postings, so the ledger's invariants hold for what the dashboard reads. A throwaway database is
// created beside the one named and dropped.
import type {} from 'fastify';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seed } from '../../apps/server/src/seed/index.ts';

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const main = async () => {
  const name = `lotus_bench_reports_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDb(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  const seeder = new pg.Client({ connectionString: url });
  const t0 = performance.now();
  try {
    await database.migrate();
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        DEMO_MODE: 'true',
        SEED_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        DATABASE_URL: url,
        OPERATOR_BOOTSTRAP_PASSWORD: 'Bench#2026x',
      },
      { productionRules: false },
    );
    const ctx = createContext(config, database);
    await seed(ctx, { demo: false });
    const merchantId = await ctx.merchants.resolveId(undefined);
    const brand = await ctx.merchants.brand(merchantId);
    const currency = brand.merchant.currency;
    const shards = config.WALLET_HOUSE_SHARDS;

    await seeder.connect();
    const run = (text: string, values: unknown[] = []) => seeder.query(text, values);
    // The fixture skips the ledger's triggers (posting order, balance stamping): balances are set below.
    await run(`SET session_replication_role = replica`);

    // ---- members and their wallets -------------------------------------------------------------
    const tMembers = performance.now();
    await run(
      `INSERT INTO members (merchant_id, username, username_key, password_hash, type, tree_path, depth, created_at)
       SELECT $1, 'player' || g, 'player' || g, 'x', 0, '', 0, at
         FROM (SELECT g, now() - random() * ($3 || ' days')::interval AS at FROM generate_series(1, $2::int) g) s
        ORDER BY at`,
      [merchantId, MEMBERS, String(DAYS + 30)],
    );
    await run(`UPDATE members SET tree_path = '/' || id || '/' WHERE merchant_id = $1 AND tree_path = ''`, [
      merchantId,
    ]);
    await run(
      `INSERT INTO ledger_accounts (merchant_id, currency, kind, owner_id)
       SELECT $1, $2, 'member', id FROM members WHERE merchant_id = $1 AND type = 0
       ON CONFLICT DO NOTHING`,
      [merchantId, currency],
    );
    for (const [kind, sub] of [
      ...Array.from({ length: shards }, (_, i) => ['house', String(i)]),
      ['clearing', 'BENCH'],
    ]) {
      await run(
        `INSERT INTO ledger_accounts (merchant_id, currency, kind, sub) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [merchantId, currency, kind, sub],
      );
    }
    await run(`ANALYZE members`);
    await run(`ANALYZE ledger_accounts`);
    const tMembersDone = performance.now();

    // ---- rounds ----------------------------------------------------------------------------------
    // Member ids are consecutive; started_at spread over the last DAYS days (none in the future).
    await run(
      `CREATE TEMP TABLE bench_players AS
         SELECT row_number() OVER (ORDER BY m.id) AS n, m.id, a.id AS account_id
           FROM members m JOIN ledger_accounts a ON a.owner_id = m.id AND a.kind = 'member'
          WHERE m.merchant_id = $1 AND m.type = 0`,
      [merchantId],
    );
    await run(`CREATE UNIQUE INDEX ON bench_players (n)`);
    await run(`CREATE UNIQUE INDEX ON bench_players (id)`);
    await run(`ANALYZE bench_players`);
    await run(
      `INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_code, game_type, status, currency,
                                bet_total, win_total, refund_total, started_at, ended_at, updated_at)
       SELECT $1, p.id, 'BENCH', 'r' || g, v.vendor, v.vendor || '-' || (g % 25), v.game_type, 'closed', $2,
              s.stake, CASE WHEN random() < 0.45 THEN s.stake * (1 + floor(random() * 3)::int) ELSE 0 END, 0,
              t.at, t.at + interval '3 seconds', t.at + interval '3 seconds'
         FROM generate_series(1, $3::int) g
         JOIN bench_players p ON p.n = 1 + (g::bigint * 7919) % $4
         CROSS JOIN LATERAL (SELECT (ARRAY['PG','PP','JILI','EVO','SABA','FC','BGS','JDB'])[1 + g % 8] AS vendor,
                                    (ARRAY['RNG','RNG','RNG','LIVE','SPORTS','FISH','PVP','RNG'])[1 + g % 8] AS game_type) v
         CROSS JOIN LATERAL (SELECT (ARRAY[100, 200, 500, 1000, 2000, 5000, 10000])[1 + floor(random() * 7)::int] + 0 * g AS stake) s
         CROSS JOIN LATERAL (SELECT now() - interval '10 minutes' - random() * ($5 || ' days')::interval + 0 * g * interval '1 ms' AS at) t
        ORDER BY t.at`,
      [merchantId, currency, ROUNDS, MEMBERS, String(DAYS)],
    );
    await run(`ANALYZE game_rounds`);
    const tRounds = performance.now();

    // ---- the ledger: a deposit per member, a bet per round, a win per winning round ---------------
    await run(
      `INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint, reference, member_id, created_at)
       SELECT $1, 'bench-dep:' || p.id, 'deposit', 'bench', 'dep:' || p.id, p.id, now() - ($2 || ' days')::interval - interval '1 hour'
         FROM bench_players p`,
      [merchantId, String(DAYS)],
    );
    await run(
      `INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint, reference, member_id, game_type, game_ref, created_at)
       SELECT $1, 'bench-bet:' || r.id, 'bet', 'bench', 'round:' || r.id, r.member_id, r.game_type, r.game_code, r.started_at
         FROM game_rounds r WHERE r.merchant_id = $1`,
      [merchantId],
    );
    await run(
      `INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint, reference, member_id, game_type, game_ref, created_at)
       SELECT $1, 'bench-win:' || r.id, 'win', 'bench', 'round:' || r.id, r.member_id, r.game_type, r.game_code, r.ended_at
         FROM game_rounds r WHERE r.merchant_id = $1 AND r.win_total > 0`,
      [merchantId],
    );
    await run(`ANALYZE ledger_transactions`);
    // Two legs each: the wallet's and the other side's (the clearing account, or a house shard).
    await run(
      `CREATE TEMP TABLE bench_other AS
         SELECT CASE WHEN kind = 'house' THEN sub::int ELSE -1 END AS shard, id
           FROM ledger_accounts WHERE merchant_id = $1 AND (kind = 'house' OR (kind = 'clearing' AND sub = 'BENCH'))`,
      [merchantId],
    );
    await run(
      `INSERT INTO ledger_postings (transaction_id, account_id, merchant_id, currency, amount, created_at)
       SELECT t.id, leg.account_id, $1, $2, leg.amount, t.created_at
         FROM ledger_transactions t
         JOIN bench_players p ON p.id = t.member_id
         LEFT JOIN game_rounds r ON r.id = CASE WHEN t.kind <> 'deposit' THEN substr(t.reference, 7)::bigint END
         JOIN bench_other o ON o.shard = CASE WHEN t.kind = 'deposit' THEN -1 ELSE (t.id % $3)::int END
         CROSS JOIN LATERAL (
           SELECT CASE t.kind WHEN 'deposit' THEN 10000000 WHEN 'bet' THEN -r.bet_total ELSE r.win_total END AS amount
         ) a
         CROSS JOIN LATERAL (VALUES (p.account_id, a.amount), (o.id, -a.amount)) leg(account_id, amount)
        WHERE t.merchant_id = $1 AND t.fingerprint = 'bench'`,
      [merchantId, currency, shards],
    );
    await run(
      `UPDATE ledger_accounts a SET balance = s.total
         FROM (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY 1) s
        WHERE a.id = s.account_id`,
    );
    await run(`RESET session_replication_role`);
    const tLedger = performance.now();
    // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only scans).
    for (const t of ['members', 'game_rounds', 'ledger_transactions', 'ledger_postings', 'ledger_accounts']) {
      await run(`VACUUM (ANALYZE) ${t}`);
    }
    const counts = (
      await run(
        `SELECT (SELECT count(*) FROM members WHERE merchant_id = $1)::int AS members,
                (SELECT count(*) FROM game_rounds)::int AS rounds,
                (SELECT count(*) FROM ledger_transactions)::int AS transactions,
                (SELECT count(*) FROM ledger_postings)::int AS postings`,
        [merchantId],
      )
    ).rows[0] as { members: number; rounds: number; transactions: number; postings: number };
    // The dashboard's daily roll-up (decision 088), as the backoffice.rollup job keeps it: the whole
    // history at once here, in batches of ledger transactions (the job takes 50,000 a minute).
    const tPrepare = performance.now();
    await ctx.dashboardRollup.rollupAll(database.db, new Date(), { batch: 500_000, catchUp: true });
    for (const t of [
      'dashboard_money_days',
      'dashboard_member_days',
      'dashboard_active_members',
      'dashboard_play_days',
    ]) {
      await run(`ANALYZE ${t}`);
    }
    const tPrepared = performance.now();
    const rolled = (
      await run(
        `SELECT (SELECT count(*) FROM dashboard_member_days)::int AS member_days,
                (SELECT count(*) FROM dashboard_active_members)::int AS active_rows,
                (SELECT count(*) FROM dashboard_play_days)::int AS play_rows`,
      )
    ).rows[0] as { member_days: number; active_rows: number; play_rows: number };

    // ---- measure -------------------------------------------------------------------------------------
    const financeId = (
      await run(
        `INSERT INTO operators (merchant_id, username, password_hash, role)
         VALUES ($1, 'benchfinance', 'x', 'finance') RETURNING id`,
        [merchantId],
      )
    ).rows[0].id as number;
    const token = (
      await ctx.sessions.create({
        merchantId,
        actor: { kind: 'operator', operatorId: financeId },
        ip: '127.0.0.1',
        userAgent: 'bench',
      })
    ).token;
    const app = await buildApp(ctx, { logger: false, serveWeb: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const measure = async (label: string, path: string, headers: Record<string, string> = {}): Promise<Result> => {
      // A slow answer is measured, not dropped: autocannon's own timeout is 10 s.
      const target = { url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, headers, timeout: 120 };
      await autocannon({ ...target, duration: WARMUP });
      const r = await autocannon({ ...target, duration: DURATION });
      if (r.errors || r.non2xx) console.log(`  ${label}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
      return r;
    };
    const auth = { authorization: `Bearer ${token}` };
    const check = await fetch(`http://127.0.0.1:${port}/wps/operator/dashboard?period=30d`, { headers: auth });
    if (check.status !== 200) throw new Error(`dashboard answered ${check.status}: ${await check.text()}`);
    const load = os.loadavg()[0]!.toFixed(2);
    const status = await measure('status', '/wps/system/status');
    const week = await measure('dashboard 7d', '/wps/operator/dashboard?period=7d', auth);
    const month = await measure('dashboard 30d', '/wps/operator/dashboard?period=30d', auth);
    const statusAfter = await measure('status (again)', '/wps/system/status');
    await app.close();

    console.log('\n== bench:reports (PostgreSQL) ==');
    console.log(`machine: ${os.cpus().length} CPUs, load average ${load} when measuring began`);
    console.log(
      `fixture: ${counts.members.toLocaleString('en')} members in ${secs(tMembersDone - tMembers)}, ` +
        `${counts.rounds.toLocaleString('en')} rounds over ${DAYS} days in ${secs(tRounds - tMembersDone)}, ` +
        `${counts.transactions.toLocaleString('en')} ledger transactions / ${counts.postings.toLocaleString('en')} postings in ${secs(tLedger - tRounds)}`,
    );
    console.log(
      `rolled the history up in ${secs(tPrepared - tPrepare)}: ${rolled.member_days.toLocaleString('en')} member-days, ` +
        `${rolled.active_rows.toLocaleString('en')} active-day rows, ${rolled.play_rows.toLocaleString('en')} play rows`,
    );
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up\n`);
    const row = (label: string, r: Result) =>
      `${label.padEnd(30)}${r.requests.average.toFixed(1).padStart(10)}${String(r.latency.p50).padStart(10)}${String(r.latency.p99).padStart(10)}${String(r['2xx'] ?? 0).padStart(10)}`;
    console.log(
      `${''.padEnd(30)}${'req/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'2xx'.padStart(10)}`,
    );
    console.log(row('GET /wps/system/status', status));
    console.log(row('GET dashboard?period=7d', week));
    console.log(row('GET dashboard?period=30d', month));
    console.log(row('GET /wps/system/status (again)', statusAfter));
    const base = Math.max(1, Math.max(status.latency.p99, statusAfter.latency.p99));
    for (const [label, r] of [
      ['7d', week],
      ['30d', month],
    ] as const) {
      console.log(
        `dashboard ${label}: p99 ${r.latency.p99} ms over ${r['2xx'] ?? 0} answers (target < 300 ms: ${(r['2xx'] ?? 0) > 0 && r.latency.p99 < 300 ? 'MET' : 'MISSED'}), ` +
          `×${(r.latency.p99 / base).toFixed(1)} the status endpoint's p99`,
      );
    }
    console.log(`\ntotal ${secs(performance.now() - t0)}`);
  } finally {
    await seeder.end().catch(() => undefined);
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
    else {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    }
  }
};

// Dropping the throwaway database ends any connection still open in the pool; that is expected.
process.on('uncaughtException', (err) => {
  if ((err as { code?: string }).code === '57P01') return;
  console.error(err);
  process.exit(1);
});

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
