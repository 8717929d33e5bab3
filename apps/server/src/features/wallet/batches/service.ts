import type { Db } from '../../../db/client.ts';
import { checkAmount, checkKey, movementFingerprint } from '../guards.ts';
import type {
  GameMove,
  LaneMove,
  MoveBatch,
  MoveEntry,
  PreparedMove,
  SystemAccountKind,
  WalletAccount,
} from '../types.ts';
import * as data from './data.ts';

export interface MoveBatchDeps {
  db: Db;
  houseShards: number;
  walletOf(merchantId: number, memberId: number, db?: Db): Promise<WalletAccount>;
  systemAccount(merchantId: number, currency: string, kind: SystemAccountKind, sub?: string, db?: Db): Promise<number>;
}

/**
 * Bets and wins in batches (decisions 043 and 047), the wallet's side: moves made ready one by one
 * as the calls arrive, then posted together, each batch on its lane, in one statement that also
 * writes the caller's records. Part of the wallet service (service.ts).
 */
export const createMoveBatches = ({ db, houseShards, walletOf, systemAccount }: MoveBatchDeps) => {
  /** A prepared move on a batch lane: batches running at once never share a house sub-account. */
  const placeOnLane = async (move: PreparedMove, lane: number, at: Db = db): Promise<LaneMove> => ({
    ...move,
    house_account: await systemAccount(move.merchant_id, move.currency, 'house', String(lane % houseShards), at),
  });

  return {
    /**
     * A bet or a win made ready for a batch: the member's account resolved and the fingerprint taken
     * exactly as `bet`/`win` take it (the house shard is not part of it), so a later call with the
     * same key is recognised as the same request (or refused as a different one) whichever way it
     * came. The batch places it on its lane. In a caller's transaction, `input.db` is that transaction.
     */
    async gameMoveFor(kind: 'bet' | 'win', input: GameMove, account?: WalletAccount): Promise<PreparedMove> {
      checkKey(input.key);
      checkAmount(input.amount);
      // `account`: the member's wallet when the caller has it already (from walletsOf).
      const wallet =
        account?.memberId === input.memberId
          ? account
          : await walletOf(input.merchantId, input.memberId, input.db ?? db);
      const memberSide = kind === 'bet' ? -input.amount : input.amount;
      const fingerprint = movementFingerprint({
        kind,
        legs: [
          { account: { member: input.memberId }, amount: memberSide },
          { account: { system: 'house' }, amount: -memberSide },
        ],
        reference: input.roundRef,
        gameRef: input.gameRef ?? null,
        gameType: input.gameType ?? null,
      });
      return {
        merchant_id: input.merchantId,
        key: input.key,
        kind,
        fingerprint,
        reference: input.roundRef,
        member_id: input.memberId,
        member_account: wallet.accountId,
        amount: String(memberSide),
        game_type: input.gameType ?? null,
        game_ref: input.gameRef ?? null,
        meta: input.meta ?? {},
        currency: wallet.currency,
      };
    },

    placeOnLane,

    /**
     * Posts a batch on a lane with the caller's records, in one statement and one commit (types.ts
     * `MoveBatch`), and answers each entry in order: the caller's answer row, or null when the entry
     * did not go through (its guard or funds, a key already taken) and nothing of it was written.
     * A batch the ledger refuses as a whole throws, and none of it is written. With `at` (a caller's
     * transaction, e.g. a job's) the batch joins that transaction instead of committing on its own.
     */
    async postBatch<A>(batch: MoveBatch<A>, entries: MoveEntry[], lane: number, at: Db = db): Promise<(A | null)[]> {
      // The lane's house account, resolved once per merchant and currency for the whole batch (in a
      // caller's transaction the wallet does not cache it, and a settlement's batch has thousands of entries).
      const houses = new Map<string, Promise<number>>();
      const houseOf = (move: PreparedMove) => {
        const k = `${move.merchant_id}:${move.currency}`;
        let h = houses.get(k);
        if (!h) {
          h = systemAccount(move.merchant_id, move.currency, 'house', String(lane % houseShards), at);
          houses.set(k, h);
        }
        return h;
      };
      const rowOf = async ({ move, record }: MoveEntry, n: number): Promise<data.BatchRow> => {
        if ('key' in move) {
          return {
            ...record,
            n,
            move: { ...move, house_account: await houseOf(move) },
            member_account: move.member_account,
          };
        }
        const wallet = await walletOf(move.merchantId, move.memberId, at);
        return { ...record, n, move: null, member_account: wallet.accountId };
      };
      // In a caller's transaction (one connection) the lookups go one after another; on the pool, together.
      const rows: data.BatchRow[] = [];
      if (at === db) rows.push(...(await Promise.all(entries.map(rowOf))));
      else for (const [n, entry] of entries.entries()) rows.push(await rowOf(entry, n));
      return data.postBatch(at, batch, rows);
    },
  };
};
