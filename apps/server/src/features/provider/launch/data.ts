import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { col, maybeOne, row, run } from '../../../db/rows.ts';

export const insertLaunch = (
  db: Db,
  l: {
    merchantId: number;
    memberId: number | null;
    provider: string;
    vassalage: string;
    gameId: number;
    gameCode: string;
    gameType: string;
    demo: boolean;
    language: string;
    launchTokenHash: string;
    ip: string;
    launchExpiresAt: Date;
  },
) =>
  run(
    db,
    sql`
    INSERT INTO game_launches (merchant_id, member_id, provider, vassalage, game_id, game_code, game_type, demo, language,
      launch_token_hash, ip, launch_expires_at)
    VALUES (${l.merchantId}, ${l.memberId}, ${l.provider}, ${l.vassalage}, ${l.gameId}, ${l.gameCode}, ${l.gameType}, ${l.demo},
      ${l.language}, ${l.launchTokenHash}, ${l.ip}, ${l.launchExpiresAt})`,
  );

const Launch = row({
  id: col.int,
  merchantId: col.int,
  memberId: col.int.nullable(),
  vassalage: col.text,
  gameId: col.int,
  gameCode: col.text,
  demo: col.bool,
  language: col.text,
});
const LAUNCH_COLUMNS = sql.raw('id, merchant_id, member_id, vassalage, game_id, game_code, demo, language');

export const findUnusedLaunch = (db: Db, launchTokenHash: string) =>
  maybeOne(
    db,
    Launch,
    sql`SELECT ${LAUNCH_COLUMNS} FROM game_launches
         WHERE launch_token_hash = ${launchTokenHash} AND used_at IS NULL AND launch_expires_at > now()`,
  );

/** Uses a launch token once: the row comes back only to the first caller. */
export const consumeLaunch = (
  db: Db,
  a: { provider: string; launchTokenHash: string; sessionTokenHash: string; sessionHours: number },
) =>
  maybeOne(
    db,
    Launch,
    sql`
    UPDATE game_launches SET used_at = now(), session_token_hash = ${a.sessionTokenHash},
           session_expires_at = now() + make_interval(hours => ${a.sessionHours})
     WHERE launch_token_hash = ${a.launchTokenHash} AND provider = ${a.provider} AND used_at IS NULL AND launch_expires_at > now()
    RETURNING ${LAUNCH_COLUMNS}`,
  );

const GamePlayer = row({
  merchantId: col.int,
  username: col.text,
  nickname: col.text.nullable(),
  status: col.text,
  type: col.int,
  currencyExponent: col.int,
});

export const memberForGame = (db: Db, memberId: number) =>
  maybeOne(
    db,
    GamePlayer,
    sql`
    SELECT m.merchant_id, m.username, m.nickname, m.status, m.type, mer.currency_exponent
      FROM members m JOIN merchants mer ON mer.id = m.merchant_id WHERE m.id = ${memberId}`,
  );

const MerchantMoney = row({ currency: col.text, currencyExponent: col.int });

export const merchantCurrency = (db: Db, merchantId: number) =>
  maybeOne(db, MerchantMoney, sql`SELECT currency, currency_exponent FROM merchants WHERE id = ${merchantId}`);

const GameSession = row({ merchantId: col.int, memberId: col.int.nullable(), demo: col.bool });

export const sessionByToken = (db: Db, provider: string, sessionTokenHash: string) =>
  maybeOne(
    db,
    GameSession,
    sql`
    SELECT l.merchant_id, l.member_id, l.demo
      FROM game_launches l
     WHERE l.session_token_hash = ${sessionTokenHash} AND l.provider = ${provider} AND l.session_expires_at > now()`,
  );
