import { TX_KINDS_BY_TYPE } from '@app/contract';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** Every ledger movement kind the desks name (the member's transaction types group them). */
export const LEDGER_KINDS: readonly string[] = Object.values(TX_KINDS_BY_TYPE).flat();

/** A ledger movement kind as the desks name it ("adjustment" → "Ajuste"); a kind not named yet as it is. */
export const ledgerKindName = (t: ConsoleT, kind: string) =>
  LEDGER_KINDS.includes(kind) ? t(`cs_lk_${kind}` as Parameters<ConsoleT>[0]) : kind;
