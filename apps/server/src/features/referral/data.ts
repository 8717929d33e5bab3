import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../db/rows.ts';

/**
 * Member referral's queries (decision 071). Turnover is read from `game_rounds` as rebate and the
 * points read it; the first deposit from `deposits` (the first credited one).
 */

const settingsRow = row({
  registerReward: col.bigint,
  firstDepositReward: col.bigint,
  firstDepositMin: col.bigint,
  turnoverTarget: col.bigint,
  turnoverReward: col.bigint,
});
export type SettingsRow = ReturnType<typeof settingsRow.parse>;
const NONE: SettingsRow = {
  registerReward: 0n,
  firstDepositReward: 0n,
  firstDepositMin: 0n,
  turnoverTarget: 0n,
  turnoverReward: 0n,
};

export const settings = async (db: Db, merchantId: number): Promise<SettingsRow> =>
  (await maybeOne(
    db,
    settingsRow,
    sql`SELECT register_reward, first_deposit_reward, first_deposit_min, turnover_target, turnover_reward
          FROM referral_settings WHERE merchant_id = ${merchantId}`,
  )) ?? NONE;

export const saveSettings = (db: Db, merchantId: number, s: SettingsRow) =>
  run(
    db,
    sql`INSERT INTO referral_settings (merchant_id, register_reward, first_deposit_reward, first_deposit_min, turnover_target, turnover_reward)
        VALUES (${merchantId}, ${s.registerReward}, ${s.firstDepositReward}, ${s.firstDepositMin}, ${s.turnoverTarget}, ${s.turnoverReward})
        ON CONFLICT (merchant_id) DO UPDATE SET register_reward = excluded.register_reward,
          first_deposit_reward = excluded.first_deposit_reward, first_deposit_min = excluded.first_deposit_min,
          turnover_target = excluded.turnover_target, turnover_reward = excluded.turnover_reward, updated_at = now()`,
  );

/** The active player (not an agent, not a trial account) whose own code this is. */
export const memberByCode = (db: Db, merchantId: number, code: string) =>
  maybeOne(
    db,
    row({ id: col.int, username: col.text, code: col.text }),
    sql`SELECT id, username, affiliate_code AS code FROM members
         WHERE merchant_id = ${merchantId} AND lower(affiliate_code) = ${code.toLowerCase()}
           AND status = 'active' AND type = 0
         LIMIT 1`,
  );

/** Sets the member's code if they have none; false when the code is taken (another account has it). */
export const setCode = async (db: Db, memberId: number, code: string): Promise<boolean> => {
  const taken = await maybeOne(
    db,
    row({ id: col.int }),
    sql`SELECT id FROM members WHERE merchant_id = (SELECT merchant_id FROM members WHERE id = ${memberId})
          AND lower(affiliate_code) = ${code.toLowerCase()} LIMIT 1`,
  );
  if (taken) return false;
  await run(db, sql`UPDATE members SET affiliate_code = ${code} WHERE id = ${memberId} AND affiliate_code IS NULL`);
  return true;
};

export const codeOf = async (db: Db, memberId: number) =>
  (
    await maybeOne(
      db,
      row({ code: col.text.nullable() }),
      sql`SELECT affiliate_code AS code FROM members WHERE id = ${memberId}`,
    )
  )?.code ?? null;

export const insertReferral = (
  db: Db,
  q: {
    inviteeId: number;
    referrerId: number;
    merchantId: number;
    code: string;
    inviteeIp?: string | null;
    inviteeDevice?: string | null;
  },
) =>
  run(
    db,
    sql`INSERT INTO referrals (invitee_id, referrer_id, merchant_id, code, invitee_ip, invitee_device)
        VALUES (${q.inviteeId}, ${q.referrerId}, ${q.merchantId}, ${q.code}, ${q.inviteeIp ?? null},
                ${q.inviteeDevice ?? null}) ON CONFLICT DO NOTHING`,
  );

/**
 * Where an account was used from (decision 089): the addresses and user agents of its successful
 * logins, its last login address, and for an invitee the address and device it registered from.
 */
export const originsOf = async (db: Db, memberId: number) => {
  const rows = await many(
    db,
    row({ ip: col.text, userAgent: col.text }),
    sql`SELECT DISTINCT ip, user_agent FROM member_logins WHERE member_id = ${memberId} AND success
        UNION SELECT last_login_ip, '' FROM members WHERE id = ${memberId} AND last_login_ip IS NOT NULL
        UNION SELECT ip, '' FROM member_known_ips WHERE member_id = ${memberId}`,
  );
  return {
    ips: new Set(rows.map((r) => r.ip).filter(Boolean)),
    agents: new Set(rows.map((r) => r.userAgent).filter(Boolean)),
  };
};

export const payeeOf = async (db: Db, memberId: number) =>
  (
    await maybeOne(
      db,
      row({ payee: col.text.nullable() }),
      sql`SELECT payee_name AS payee FROM members WHERE id = ${memberId}`,
    )
  )?.payee ?? null;

/** Takes a guard key for an invitee: false when another invitee of the referrer holds it. */
export const takeGuardKey = async (
  db: Db,
  k: { referrerId: number; inviteeId: number; kind: 'device' | 'address' | 'payee'; value: string },
): Promise<boolean> => {
  await run(
    db,
    sql`INSERT INTO referral_guard_keys (referrer_id, kind, value, invitee_id)
        VALUES (${k.referrerId}, ${k.kind}, ${k.value}, ${k.inviteeId}) ON CONFLICT DO NOTHING`,
  );
  const holder = await one(
    db,
    row({ inviteeId: col.int }),
    sql`SELECT invitee_id FROM referral_guard_keys
         WHERE referrer_id = ${k.referrerId} AND kind = ${k.kind} AND value = ${k.value}`,
  );
  return holder.inviteeId === k.inviteeId;
};

/** Holds an invitee for good: the referrer earns nothing more from them (a trigger enforces it). */
export const hold = (db: Db, inviteeId: number, reason: string) =>
  run(
    db,
    sql`UPDATE referrals SET held_reason = ${reason}, held_at = now() WHERE invitee_id = ${inviteeId} AND held_reason IS NULL`,
  );

/** The invitee's referral, locked: the rewards of one invitee are settled one call at a time. */
export const referralForUpdate = (db: Db, inviteeId: number) =>
  maybeOne(
    db,
    row({
      inviteeId: col.int,
      referrerId: col.int,
      merchantId: col.int,
      inviteeIp: col.text.nullable(),
      inviteeDevice: col.text.nullable(),
      heldReason: col.text.nullable(),
    }),
    sql`SELECT invitee_id, referrer_id, merchant_id, invitee_ip, invitee_device, held_reason
          FROM referrals WHERE invitee_id = ${inviteeId} FOR UPDATE`,
  );

export const paidStages = async (db: Db, inviteeId: number) =>
  (
    await many(db, row({ stage: col.text }), sql`SELECT stage FROM referral_rewards WHERE invitee_id = ${inviteeId}`)
  ).map((r) => r.stage);

/** The amount of the member's first credited deposit, or null before one. */
export const firstDeposit = async (db: Db, memberId: number) =>
  (
    await maybeOne(
      db,
      row({ amount: col.bigint }),
      sql`SELECT amount FROM deposits WHERE member_id = ${memberId} AND status = 'credited'
           ORDER BY decided_at, id LIMIT 1`,
    )
  )?.amount ?? null;

/** Settled turnover of the member (closed rounds, stake less refunds). */
export const turnover = async (db: Db, memberId: number) =>
  (
    await one(
      db,
      row({ total: col.sum }),
      sql`SELECT sum(GREATEST(bet_total - refund_total, 0)) AS total FROM game_rounds
           WHERE member_id = ${memberId} AND status = 'closed'`,
    )
  ).total;

/** A reward row, or null when this stage of this invitee is paid already (the unique key). */
export const insertReward = (
  db: Db,
  q: { merchantId: number; referrerId: number; inviteeId: number; stage: string; amount: bigint },
) =>
  maybeOne(
    db,
    row({ id: col.int }),
    sql`INSERT INTO referral_rewards (merchant_id, referrer_id, invitee_id, stage, amount)
        VALUES (${q.merchantId}, ${q.referrerId}, ${q.inviteeId}, ${q.stage}, ${q.amount})
        ON CONFLICT DO NOTHING RETURNING id`,
  );

/** The referrer's invitees, newest first, with what each reached and earned them. */
export const invitees = (db: Db, referrerId: number, limit = 200) =>
  many(
    db,
    row({
      inviteeId: col.int,
      username: col.text,
      createdAt: col.date,
      deposited: col.bool,
      turnover: col.sum,
      earned: col.sum,
    }),
    sql`SELECT r.invitee_id, m.username, r.created_at,
               EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = r.invitee_id AND d.status = 'credited') AS deposited,
               (SELECT sum(GREATEST(g.bet_total - g.refund_total, 0)) FROM game_rounds g
                 WHERE g.member_id = r.invitee_id AND g.status = 'closed') AS turnover,
               (SELECT sum(w.amount) FROM referral_rewards w WHERE w.invitee_id = r.invitee_id) AS earned
          FROM referrals r JOIN members m ON m.id = r.invitee_id
         WHERE r.referrer_id = ${referrerId}
         ORDER BY r.created_at DESC, r.invitee_id DESC LIMIT ${limit}`,
  );

export const rewards = (db: Db, referrerId: number, limit = 100) =>
  many(
    db,
    row({ id: col.int, username: col.text, stage: col.text, amount: col.bigint, createdAt: col.date }),
    sql`SELECT w.id, m.username, w.stage, w.amount, w.created_at FROM referral_rewards w
          JOIN members m ON m.id = w.invitee_id
         WHERE w.referrer_id = ${referrerId} ORDER BY w.id DESC LIMIT ${limit}`,
  );

/** Invitees with a configured reward not paid yet (the job settles them; conditions are checked then). */
export const pending = (db: Db, limit = 1000) =>
  many(
    db,
    row({ inviteeId: col.int, merchantId: col.int }),
    sql`SELECT r.invitee_id, r.merchant_id FROM referrals r
          JOIN referral_settings s ON s.merchant_id = r.merchant_id
         WHERE r.held_reason IS NULL AND ((s.register_reward > 0 AND NOT EXISTS (SELECT 1 FROM referral_rewards w WHERE w.invitee_id = r.invitee_id AND w.stage = 'register'))
            OR (s.first_deposit_reward > 0 AND NOT EXISTS (SELECT 1 FROM referral_rewards w WHERE w.invitee_id = r.invitee_id AND w.stage = 'first_deposit'))
            OR (s.turnover_reward > 0 AND NOT EXISTS (SELECT 1 FROM referral_rewards w WHERE w.invitee_id = r.invitee_id AND w.stage = 'turnover')))
         ORDER BY r.invitee_id LIMIT ${limit}`,
  );

export const report = async (db: Db, merchantId: number) => ({
  ...(await one(
    db,
    row({ referrers: col.count, invitees: col.count }),
    sql`SELECT count(DISTINCT referrer_id) AS referrers, count(*) AS invitees FROM referrals WHERE merchant_id = ${merchantId}`,
  )),
  stages: await many(
    db,
    row({ stage: col.text, count: col.count, amount: col.sum }),
    sql`SELECT stage, count(*) AS count, sum(amount) AS amount FROM referral_rewards
         WHERE merchant_id = ${merchantId} GROUP BY stage ORDER BY stage`,
  ),
});
