import type { Db } from '../../db/client.ts';
import type { RowSchema } from '../../db/rows.ts';
import type { LedgerAccountKind } from '../../db/schema/index.ts';

/** The wallet service's vocabulary (see service.ts). */
export type SystemAccountKind = Exclude<LedgerAccountKind, 'member' | 'agent'>;
/** A member's (or agent's) wallet, or one of the house's own accounts. */
export type AccountRef = { member: number } | { system: SystemAccountKind; sub?: string };
export interface Leg {
  account: AccountRef;
  amount: bigint;
}

export interface PostResult {
  transactionId: number;
  /** True when this call was a replay of an operation already applied. */
  replay: boolean;
  /** Balance of the primary account (the member's wallet, usually) right after the movement. */
  balance: bigint | null;
  currency: string;
  createdAt: Date;
  /** The first row of the caller's `alongside` statement, when one was given (null when it wrote nothing). */
  recorded?: Record<string, unknown> | null;
}
export interface RollbackResult extends PostResult {
  /** 'reversed': the bet was refunded; 'tombstone': no bet yet, it will be refused when it comes. */
  outcome: 'reversed' | 'tombstone';
  memberId: number | null;
}

export interface WalletAccount {
  accountId: number;
  currency: string;
  kind: 'member' | 'agent';
  memberId: number;
}

export interface Common {
  merchantId: number;
  key: string;
  meta?: Record<string, unknown>;
  db?: Db;
}

/**
 * The caller's own record of a movement, written by the same statement in the same commit: the
 * movement and the record exist together or not at all, for the price of one commit (decision 038).
 * `text` is a list of common table expressions (`a AS (...), recorded AS (...)`) whose last one is
 * named `recorded`; they may read `posted` (o_tx_id, o_replay, o_balance_after, o_created_at, the
 * ledger's answer, a replay's being the original) and number their own parameters $1, $2, … for
 * `values`. `name` names the prepared statement. Not available inside a caller's transaction.
 */
export interface Alongside {
  name: string;
  text: string;
  values: unknown[];
}
export interface GameMove extends Common {
  memberId: number;
  amount: bigint;
  roundRef: string;
  gameRef?: string | null;
  gameType?: string | null;
  alongside?: Alongside;
}
/**
 * One bet or win as ledger_post_moves takes it (snake_case: it travels as JSON), from
 * `WalletService.gameMoveFor`. `amount` is the member's side: negative for a bet. The house side is
 * chosen when the move joins a batch (`LaneMove`).
 */
export interface PreparedMove {
  merchant_id: number;
  key: string;
  kind: 'bet' | 'win';
  fingerprint: string;
  reference: string;
  member_id: number;
  member_account: number;
  amount: string;
  game_type: string | null;
  game_ref: string | null;
  meta: Record<string, unknown>;
  /** The member's wallet currency (not sent to the ledger: the accounts carry it). */
  currency: string;
}
/** A prepared move in a running batch: its house side on the batch lane's own sub-account. */
export interface LaneMove extends PreparedMove {
  house_account: number;
}

/**
 * A statement that moves the money of many bets or wins at once and records them in the same
 * statement and commit (decisions 043 and 047), for `WalletService.postBatch`. The wallet writes the
 * ledger's part: it reads the entries, leaves out those whose guard fails or whose debit the balance
 * cannot cover, posts the rest through ledger_post_moves and answers the balance after each. The
 * caller brings its own part, as SQL text:
 * - `columns`: its columns of each entry, as jsonb_to_recordset declares them (`provider text,
 *   round_id text, …`); the names n, move, member_account and balance_after are the wallet's;
 * - `guard`: a condition on `i` (an entry) checked before any money moves, as per-entry subqueries
 *   (each an index lookup, whatever size the planner guesses for the batch);
 * - `record`: common table expressions that write the caller's rows from `done` (each entry that
 *   went through: its columns and `balance_after`), the last one named `answered`, one row per
 *   entry that is answered, with its `n`. An entry with no row there answers null: nothing of it was
 *   written, and the caller takes the one-at-a-time way.
 * `name` names the prepared statement (one text per name); `answer` reads `answered`'s rows.
 */
export interface MoveBatch<A> {
  name: string;
  columns: string;
  guard: string;
  record: string;
  answer: RowSchema<A & { n: number }>;
}
/** One entry of a batch: its money (from `gameMoveFor`), or whose balance to answer when none moves, and the caller's columns. */
export interface MoveEntry {
  move: PreparedMove | { merchantId: number; memberId: number };
  record: Record<string, unknown>;
}
export interface TransferInput extends Common {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
  kind?: string;
  reference?: string | null;
}
export interface PostInput extends Common {
  kind: string;
  legs: Leg[];
  reference?: string | null;
  /** The member the movement belongs to; defaults to the first member leg. */
  memberId?: number | null;
  /** Whose balance the result reports; defaults to the first member leg. */
  primary?: AccountRef;
  gameType?: string | null;
  gameRef?: string | null;
  alongside?: Alongside;
}

/**
 * Where transfer-model game vendors keep a member's money (issue 6 plugs its vendors in with
 * `wallet.registerGameWallets(source)`); the consolidated funds and the transferFund page show
 * these balances beside the main wallet. `null` means the vendor could not be asked right now.
 */
export interface GameWalletSource {
  balances(merchantId: number, memberId: number): Promise<{ vassalage: string; balance: bigint | null }[]>;
}
