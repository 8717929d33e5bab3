import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, one, row, run } from '../../../db/rows.ts';

const Count = row({ n: col.count });

/**
 * Demo history (decision 083): weeks of backdated members, deposits, withdrawals, closed rounds and
 * their balanced ledger transactions, written set-based in one transaction. Called only by the demo
 * seed (seed/history.ts) on a fresh demo database; nothing else may call it. The postings are
 * written the way ledger_post_moves writes its batches: `ledger.applied` set for the two statements
 * that write them, each account's net change applied once, ids and balance_after in time order.
 */
export interface DemoHistoryParams {
  merchantId: number;
  timezone: string;
  days: number;
  members: number;
  prefix: string;
  provider: string;
  passwordHash: string;
  /** Postgres array literal of the uplines the members are spread over. */
  uplines: string;
  adminId: number;
  /** The deposit channel's code (its clearing sub-account). */
  channel: string;
  /** The clearing sub-account withdrawals are paid out to. */
  payoutClearing: string;
  now: string;
}

export const writeDemoHistory = (db: Db, p: DemoHistoryParams) =>
  db.transaction(async (tx) => {
    const x = (q: SQL) => run(tx, q);
    // Repeatable amounts and times: the same demo on every machine.
    await x(sql`SELECT setseed(0.42)`);

    // 1. The members: joined over the period (a third before it starts), spread over four teams
    //    (every tenth one registered without an agent), each with a wallet and a bank account.
    await x(sql`
      CREATE TEMP TABLE h_members ON COMMIT DROP AS
      SELECT i, nextval(pg_get_serial_sequence('members', 'id'))::int AS id,
             ${p.prefix} || lpad(i::text, 3, '0') AS username,
             CASE WHEN i % 10 = 0 THEN NULL ELSE (${p.uplines}::int[])[1 + i % array_length(${p.uplines}::int[], 1)] END AS upline_id,
             ((${p.now}::timestamptz AT TIME ZONE ${p.timezone})::date
               - (${p.days}::int + 2 - LEAST(${p.days}::int, floor(greatest(i - 50, 0) * ${p.days}::int / 100.0)::int))) AS joined
        FROM generate_series(1, ${p.members}::int) AS i`);
    await x(sql`
      INSERT INTO members (id, merchant_id, username, username_key, password_hash, nickname, upline_id, tree_path,
                           depth, created_at, password_changed_at, first_login_done)
      SELECT h.id, ${p.merchantId}, h.username, lower(h.username), ${p.passwordHash},
             initcap(h.username), h.upline_id, coalesce(u.tree_path, '/') || h.id || '/',
             CASE WHEN u.id IS NULL THEN 0 ELSE u.depth + 1 END,
             (h.joined + time '09:00' + (random() * interval '10 hours')) AT TIME ZONE ${p.timezone},
             (h.joined + time '09:00') AT TIME ZONE ${p.timezone}, true
        FROM h_members h LEFT JOIN members u ON u.id = h.upline_id`);
    await x(sql`
      INSERT INTO ledger_accounts (merchant_id, currency, kind, owner_id, sub)
      SELECT ${p.merchantId}, m.currency, 'member', h.id, ''
        FROM h_members h CROSS JOIN merchants m WHERE m.id = ${p.merchantId}`);
    await x(sql`
      INSERT INTO bank_accounts (merchant_id, member_id, bank_name, account_name, account_number, created_at)
      SELECT ${p.merchantId}, h.id, (ARRAY['Nubank (260)', 'Itaú (341)', 'Bradesco (237)', 'Caixa (104)'])[1 + h.i % 4],
             initcap(h.username), lpad((1000000 + h.i * 7919)::text, 8, '0') || '-' || (h.i % 10),
             m.created_at
        FROM h_members h JOIN members m ON m.id = h.id`);

    // 2. Who plays when: each member on about half the days since joining (none today), one to
    //    six rounds a day on the catalogue's games (not lotteries, which have their own draws).
    await x(sql`
      CREATE TEMP TABLE h_games ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY g.game_type, g.vassalage, g.id) AS n, g.id, g.game_code, g.game_type, g.vassalage
        FROM (SELECT g.*, row_number() OVER (PARTITION BY g.vassalage ORDER BY g.sort, g.id) AS k
                FROM games g WHERE g.merchant_id = ${p.merchantId} AND g.enabled AND g.is_game = 'GAME'
                 AND g.game_type NOT IN ('LOTT', 'ELOTT')) g
       WHERE g.k <= 6`);
    await x(sql`
      CREATE TEMP TABLE h_days ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY d.day, h.id) AS n, h.id AS member_id, a.id AS account_id, d.day,
             (d.day::timestamp AT TIME ZONE ${p.timezone}) AS base, 1 + floor(random() * 6)::int AS rounds,
             random() AS r
        FROM h_members h
        JOIN ledger_accounts a ON a.owner_id = h.id AND a.merchant_id = ${p.merchantId}
        CROSS JOIN LATERAL generate_series(GREATEST(h.joined, (${p.now}::timestamptz AT TIME ZONE ${p.timezone})::date - ${p.days}::int)::timestamp,
                                           ((${p.now}::timestamptz AT TIME ZONE ${p.timezone})::date - 1)::timestamp, interval '1 day') AS s(ts)
        CROSS JOIN LATERAL (SELECT s.ts::date AS day) AS d
       WHERE random() < 0.5`);
    const { n: gameCount } = await one(tx, Count, sql`SELECT count(*) AS n FROM h_games`);
    if (gameCount === 0) throw new Error('demo history: the catalogue has no games');
    await x(sql`
      CREATE TEMP TABLE h_rounds ON COMMIT DROP AS
      SELECT d.n AS day_n, k, d.member_id, d.account_id, g.id AS game_id, g.game_code, g.game_type, g.vassalage, bet,
             CASE WHEN w < 0.45 THEN (bet * (0.5 + w * 5.5))::bigint / 10 * 10 ELSE 0 END AS win,
             started_at, started_at + (1 + floor(random() * 4)) * interval '1 minute' AS ended_at
        FROM h_days d
        CROSS JOIN LATERAL generate_series(1, d.rounds) AS k
        CROSS JOIN LATERAL (SELECT (1 + floor(random() * 50))::bigint * 100 AS bet, random() AS w,
                                   1 + floor(random() * ${gameCount}::int)::int AS game_n,
                                   d.base + interval '10 hours' + (k - 1) * interval '90 minutes'
                                     + random() * interval '60 minutes' AS started_at) s
        JOIN h_games g ON g.n = s.game_n`);

    // 3. The deposits (bank transfers, credited) and withdrawals (paid and confirmed).
    await x(sql`
      CREATE TEMP TABLE h_money ON COMMIT DROP AS
      SELECT d.n, d.member_id, d.account_id, d.base,
             GREATEST(2000, ceil(s.bets / 1000.0)::bigint * 1000) AS deposit,
             CASE WHEN d.r < 0.4 THEN (s.wins / 2) / 100 * 100 ELSE 0 END AS withdrawal,
             d.base + interval '8 hours' + random() * interval '100 minutes' AS deposit_at
        FROM h_days d
        JOIN (SELECT day_n, sum(bet) AS bets, sum(win) AS wins FROM h_rounds GROUP BY day_n) s ON s.day_n = d.n`);
    await x(sql`
      INSERT INTO deposits (merchant_id, member_id, channel_id, kind, amount, currency, status, request_id, reference,
                            reviewed_by, decided_at, created_at)
      SELECT ${p.merchantId}, h.member_id, c.id, c.kind, h.deposit, b.currency, 'credited', 'hist-' || h.n,
             'PIX ' || m.username, ${p.adminId}, h.deposit_at, h.deposit_at - interval '3 minutes'
        FROM h_money h JOIN members m ON m.id = h.member_id
        JOIN deposit_channels c ON c.merchant_id = ${p.merchantId} AND c.code = ${p.channel}
        JOIN merchants b ON b.id = ${p.merchantId}`);
    await x(sql`
      INSERT INTO withdrawals (merchant_id, member_id, request_id, amount, currency, bank_account_id, bank, status,
                               receipt, reviewed_by, reviewed_at, paid_by, paid_at, confirm_deadline, confirmed_at,
                               created_at)
      SELECT ${p.merchantId}, h.member_id, 'hist-' || h.n, h.withdrawal, c.currency, b.id,
             jsonb_build_object('bankName', b.bank_name, 'accountName', b.account_name, 'accountNumber', b.account_number,
                                'branch', b.branch),
             'completed', 'received', ${p.adminId}, h.base + interval '20 hours 30 minutes', ${p.adminId},
             h.base + interval '21 hours', h.base + interval '45 hours', h.base + interval '22 hours',
             h.base + interval '20 hours'
        FROM h_money h JOIN bank_accounts b ON b.member_id = h.member_id
        CROSS JOIN merchants c WHERE c.id = ${p.merchantId} AND h.withdrawal >= 1000`);
    await x(sql`
      INSERT INTO game_rounds (merchant_id, member_id, provider, round_id, vassalage, game_id, game_code, game_type,
                               status, currency, bet_total, win_total, started_at, ended_at, updated_at)
      SELECT ${p.merchantId}, r.member_id, ${p.provider}::text, r.day_n || '-' || r.k, r.vassalage, r.game_id, r.game_code,
             r.game_type, 'closed', c.currency, r.bet, r.win, r.started_at, r.ended_at, r.ended_at
        FROM h_rounds r CROSS JOIN merchants c WHERE c.id = ${p.merchantId}`);

    // 4. The ledger: every movement a transaction with two legs, as the live code posts it.
    await x(sql`
      INSERT INTO ledger_accounts (merchant_id, currency, kind, sub)
      SELECT ${p.merchantId}, c.currency, k.kind, k.sub
        FROM merchants c,
             (VALUES ('clearing', ${p.channel}::text), ('clearing', ${p.payoutClearing}::text), ('pending_withdrawal', ''),
                     ('house', '0')) AS k(kind, sub)
       WHERE c.id = ${p.merchantId}
      ON CONFLICT DO NOTHING`);
    await x(sql`
      CREATE TEMP TABLE h_moves ON COMMIT DROP AS
      WITH acct AS (
        SELECT kind, sub, id FROM ledger_accounts WHERE merchant_id = ${p.merchantId} AND owner_id IS NULL
      ),
      house AS (SELECT array_agg(id ORDER BY sub::int) AS ids FROM acct WHERE kind = 'house')
      SELECT 'dep:' || d.id AS key, 'deposit' AS kind, 'deposit:' || d.id AS reference, d.member_id,
             a.id AS member_account, (SELECT id FROM acct WHERE kind = 'clearing' AND sub = ${p.channel}::text) AS from_account,
             a.id AS to_account, d.amount, d.decided_at AS at, NULL::text AS game_type, NULL::text AS game_ref,
             jsonb_build_object('channel', ${p.channel}::text) AS meta, d.id AS deposit_id
        FROM deposits d JOIN ledger_accounts a ON a.owner_id = d.member_id AND a.merchant_id = d.merchant_id
       WHERE d.merchant_id = ${p.merchantId} AND d.request_id LIKE 'hist-%'
      UNION ALL
      SELECT 'wd:' || w.id || ':hold', 'withdrawal_hold', 'withdrawal:' || w.id, w.member_id, a.id, a.id,
             (SELECT id FROM acct WHERE kind = 'pending_withdrawal' AND sub = ''), w.amount, w.created_at, NULL, NULL,
             '{}'::jsonb, NULL
        FROM withdrawals w JOIN ledger_accounts a ON a.owner_id = w.member_id AND a.merchant_id = w.merchant_id
       WHERE w.merchant_id = ${p.merchantId} AND w.request_id LIKE 'hist-%'
      UNION ALL
      SELECT 'wd:' || w.id || ':payout', 'withdrawal_payout', 'withdrawal:' || w.id, NULL, NULL,
             (SELECT id FROM acct WHERE kind = 'pending_withdrawal' AND sub = ''),
             (SELECT id FROM acct WHERE kind = 'clearing' AND sub = ${p.payoutClearing}::text), w.amount, w.paid_at, NULL, NULL,
             '{}'::jsonb, NULL
        FROM withdrawals w
       WHERE w.merchant_id = ${p.merchantId} AND w.request_id LIKE 'hist-%'
      UNION ALL
      SELECT ${p.provider}::text || ':bet:' || r.round_id, 'bet', ${p.provider}::text || ':' || r.round_id, r.member_id, a.id, a.id,
             (SELECT ids[1 + r.id % array_length(ids, 1)] FROM house), r.bet_total, r.started_at, r.game_type, r.game_code,
             jsonb_build_object('provider', ${p.provider}::text, 'roundId', r.round_id), NULL
        FROM game_rounds r JOIN ledger_accounts a ON a.owner_id = r.member_id AND a.merchant_id = r.merchant_id
       WHERE r.merchant_id = ${p.merchantId} AND r.provider = ${p.provider}
      UNION ALL
      SELECT ${p.provider}::text || ':win:' || r.round_id, 'win', ${p.provider}::text || ':' || r.round_id, r.member_id, a.id,
             (SELECT ids[1 + r.id % array_length(ids, 1)] FROM house), a.id, r.win_total, r.ended_at, r.game_type,
             r.game_code, jsonb_build_object('provider', ${p.provider}::text, 'roundId', r.round_id), NULL
        FROM game_rounds r JOIN ledger_accounts a ON a.owner_id = r.member_id AND a.merchant_id = r.merchant_id
       WHERE r.merchant_id = ${p.merchantId} AND r.provider = ${p.provider}::text AND r.win_total > 0`);
    await x(sql`
      CREATE TEMP TABLE h_tx ON COMMIT DROP AS
      WITH ins AS (
        INSERT INTO ledger_transactions (merchant_id, idempotency_key, kind, fingerprint, reference, member_id,
                                         primary_account_id, game_type, game_ref, meta, created_at)
        SELECT ${p.merchantId}, m.key, m.kind, md5('demo-history:' || m.key), m.reference, m.member_id,
               m.member_account, m.game_type, m.game_ref, m.meta || '{"demoHistory": true}'::jsonb, m.at
          FROM h_moves m ORDER BY m.at, m.key
        RETURNING id, idempotency_key
      )
      SELECT ins.id, m.* FROM ins JOIN h_moves m ON m.key = ins.idempotency_key`);
    await x(sql`
      UPDATE deposits d SET ledger_transaction_id = t.id FROM h_tx t WHERE t.deposit_id = d.id`);

    // The postings, numbered in time order, each with its account's running balance; then each
    // account's net change once. The posting trigger and the account guard step aside for these
    // two statements only (ledger.applied, as in ledger_post_moves).
    await x(sql`
      CREATE TEMP TABLE h_legs ON COMMIT DROP AS
      SELECT nextval('ledger_postings_id_seq'::regclass) AS id, l.*
        FROM (SELECT t.id AS tx, t.at, l.account, l.amount
                FROM h_tx t, LATERAL (VALUES (t.from_account, -t.amount), (t.to_account, t.amount)) AS l(account, amount)
               ORDER BY t.at, t.id, l.account OFFSET 0) l`);
    await x(sql`SELECT set_config('ledger.applied', 'on', true)`);
    await x(sql`
      INSERT INTO ledger_postings (id, transaction_id, account_id, amount, balance_after, merchant_id, currency, created_at)
      SELECT l.id, l.tx, l.account, l.amount,
             a.balance + sum(l.amount) OVER (PARTITION BY l.account ORDER BY l.id), a.merchant_id, a.currency, l.at
        FROM h_legs l JOIN ledger_accounts a ON a.id = l.account`);
    await x(sql`
      UPDATE ledger_accounts a SET balance = a.balance + n.delta
        FROM (SELECT account, sum(amount) AS delta FROM h_legs GROUP BY account) n
       WHERE a.id = n.account`);
    await x(sql`SELECT set_config('ledger.applied', '', true)`);
  });
