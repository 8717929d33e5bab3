import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, many, maybeOne, one, row, run } from '../../../db/rows.ts';

/**
 * The members desk's read model (decision 069): searches over accounts and their login addresses,
 * and the latest rows of each history a member page shows. Only reads, except the operators' notes.
 */

export const SEARCH_PAGE_SIZE = 20;
export type SearchField = 'username' | 'id' | 'mobile' | 'email' | 'payee' | 'ip';

const MemberRow = row({
  id: col.int,
  username: col.text,
  type: col.int,
  status: col.text,
  mobile: col.text.nullable(),
  countryDialingCode: col.text.nullable(),
  email: col.text.nullable(),
  payeeName: col.text.nullable(),
  nickname: col.text.nullable(),
  birthday: col.text.nullable(),
  affiliateCode: col.text.nullable(),
  treePath: col.text,
  passwordSetBy: col.text,
  totpEnabled: col.bool,
  playBalance: col.bigint,
  frozenAt: col.date.nullable(),
  createdAt: col.date,
  lastLoginAt: col.date.nullable(),
  lastLoginIp: col.text.nullable(),
  testAccount: col.bool,
});
export type DeskMember = ReturnType<typeof MemberRow.parse>;

const COLUMNS = sql.raw(`m.id, m.username, m.type, m.status, m.mobile, m.country_dialing_code, m.email, m.payee_name,
  m.nickname, m.birthday, m.affiliate_code, m.tree_path, m.password_set_by, m.totp_enabled, m.play_balance, m.frozen_at,
  m.created_at, m.last_login_at, m.last_login_ip, m.test_account`);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** The condition of one search; null when the text cannot match the field (an id that is no number). */
const searchCondition = (merchantId: number, by: SearchField, q: string): SQL | null => {
  switch (by) {
    case 'id': {
      const id = /^\d{1,10}$/.test(q) ? Number(q) : NaN;
      return Number.isSafeInteger(id) && id <= 2_147_483_647 ? sql`m.id = ${id}` : null;
    }
    case 'username':
      return sql`m.username_key LIKE ${`${escapeLike(q.toLowerCase())}%`}`;
    case 'mobile': {
      // The number alone, or with its country code in front ("+55 11 91234-5678").
      const digits = q.replace(/\D/g, '');
      if (!digits) return null;
      const candidates = [digits, digits.slice(1), digits.slice(2), digits.slice(3)].filter(Boolean);
      return sql`m.mobile = ANY(${`{${candidates.join(',')}}`}::text[])
                 AND (m.mobile = ${digits} OR coalesce(m.country_dialing_code, '') || m.mobile = ${digits})`;
    }
    case 'email':
      return sql`lower(m.email) = ${q.toLowerCase()}`;
    case 'payee':
      return sql`lower(m.payee_name) LIKE ${`${escapeLike(q.toLowerCase())}%`}`;
    case 'ip':
      return sql`(m.last_login_ip = ${q} OR m.id IN (SELECT l.member_id FROM member_logins l
                   WHERE l.merchant_id = ${merchantId} AND l.ip = ${q}))`;
  }
};

const Count = row({ n: col.count });

export const search = async (db: Db, q: { merchantId: number; by: SearchField; text: string; page: number }) => {
  const cond = searchCondition(q.merchantId, q.by, q.text);
  if (!cond) return { rows: [], total: 0 };
  const where = sql`m.merchant_id = ${q.merchantId} AND ${cond}`;
  const [rows, total] = await Promise.all([
    many(
      db,
      MemberRow,
      sql`SELECT ${COLUMNS} FROM members m WHERE ${where} ORDER BY m.id
           LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${(q.page - 1) * SEARCH_PAGE_SIZE}`,
    ),
    one(db, Count, sql`SELECT count(*) AS n FROM members m WHERE ${where}`),
  ]);
  return { rows, total: total.n };
};

export const findMember = (db: Db, merchantId: number, id: number) =>
  maybeOne(db, MemberRow, sql`SELECT ${COLUMNS} FROM members m WHERE m.merchant_id = ${merchantId} AND m.id = ${id}`);

const Upline = row({ id: col.int, username: col.text, type: col.int });

/** The accounts above a member, from the top of the tree down (its tree path lists their ids). */
export const uplines = (db: Db, merchantId: number, treePath: string, memberId: number) => {
  const ids = treePath
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id !== memberId);
  if (!ids.length) return Promise.resolve([]);
  return many(
    db,
    Upline,
    sql`SELECT m.id, m.username, m.type FROM members m
         WHERE m.merchant_id = ${merchantId} AND m.id = ANY(${`{${ids.join(',')}}`}::int[])
         ORDER BY m.depth`,
  );
};

const Login = row({
  at: col.date,
  ip: col.text,
  country: col.text.nullable(),
  userAgent: col.text,
  method: col.text,
  success: col.bool,
  reason: col.text.nullable(),
});
export const logins = (db: Db, memberId: number, limit: number) =>
  many(
    db,
    Login,
    sql`SELECT at, ip, country, user_agent, method, success, reason FROM member_logins
         WHERE member_id = ${memberId} ORDER BY at DESC, id DESC LIMIT ${limit}`,
  );

export const liveSessions = async (db: Db, memberId: number) =>
  (
    await one(
      db,
      Count,
      sql`SELECT count(*) AS n FROM sessions
           WHERE member_id = ${memberId} AND revoked_at IS NULL AND expires_at > now()`,
    )
  ).n;

const Deposit = row({ id: col.int, createdAt: col.date, amount: col.bigint, status: col.text, channel: col.text });
export const deposits = (db: Db, memberId: number, limit: number) =>
  many(
    db,
    Deposit,
    sql`SELECT d.id, d.created_at, d.amount, d.status, c.code AS channel
          FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id
         WHERE d.member_id = ${memberId} ORDER BY d.id DESC LIMIT ${limit}`,
  );

const Withdrawal = row({ id: col.int, createdAt: col.date, amount: col.bigint, status: col.text });
export const withdrawals = (db: Db, memberId: number, limit: number) =>
  many(
    db,
    Withdrawal,
    sql`SELECT id, created_at, amount, status FROM withdrawals
         WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`,
  );

const Round = row({
  id: col.int,
  startedAt: col.date,
  vassalage: col.text,
  gameCode: col.text,
  gameType: col.text,
  status: col.text,
  betTotal: col.bigint,
  refundTotal: col.bigint,
  winTotal: col.bigint,
});
export const rounds = (db: Db, memberId: number, limit: number) =>
  many(
    db,
    Round,
    sql`SELECT id, started_at, vassalage, game_code, game_type, status, bet_total, refund_total, win_total
          FROM game_rounds WHERE member_id = ${memberId} ORDER BY started_at DESC LIMIT ${limit}`,
  );

const Note = row({ id: col.int, createdAt: col.date, operator: col.text.nullable(), text: col.text });
export const notes = (db: Db, memberId: number, limit: number) =>
  many(
    db,
    Note,
    sql`SELECT n.id, n.created_at, o.username AS operator, n.text
          FROM member_notes n LEFT JOIN operators o ON o.id = n.operator_id
         WHERE n.member_id = ${memberId} ORDER BY n.id DESC LIMIT ${limit}`,
  );

export const insertNote = (db: Db, v: { merchantId: number; memberId: number; operatorId: number; text: string }) =>
  run(
    db,
    sql`INSERT INTO member_notes (merchant_id, member_id, operator_id, text)
        VALUES (${v.merchantId}, ${v.memberId}, ${v.operatorId}, ${v.text})`,
  );

/** Marks or unmarks a test account (decision 084); false when it already was so. */
export const setTestAccount = async (db: Db, merchantId: number, memberId: number, test: boolean) =>
  (
    await many(
      db,
      row({ id: col.int }),
      sql`UPDATE members SET test_account = ${test}
           WHERE merchant_id = ${merchantId} AND id = ${memberId} AND test_account <> ${test} RETURNING id`,
    )
  ).length > 0;
