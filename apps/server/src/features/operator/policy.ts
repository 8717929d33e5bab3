import { randomInt } from 'node:crypto';
import { OPERATOR_STEPS, SECOND_FACTOR_ROLES } from '@app/contract';
import type { OperatorRow } from './data.ts';

/** Rules of operator accounts that need no database (decision 054). */

export type OperatorStep = (typeof OPERATOR_STEPS)[number];

/** The limiter key of an operator's failed logins: names differing only in case share it. */
export const operatorAccountKey = (merchantId: number, username: string) =>
  `${merchantId}:${username.trim().toLowerCase()}`;

/**
 * Whether this operator must sign in with a second factor: the admin and finance roles, except
 * the accounts seeded for the embedded demo while the demo is on (never in production, where
 * DEMO_MODE is refused).
 */
export const needsSecondFactor = (op: Pick<OperatorRow, 'role' | 'demo'>, demoMode: boolean) =>
  SECOND_FACTOR_ROLES.includes(op.role) && !(demoMode && op.demo);

/** What a fresh login still has to do, in order: code, new password, authenticator enrolment. */
export const loginSteps = (
  op: Pick<OperatorRow, 'role' | 'demo' | 'totpEnabled' | 'mustChangePassword'>,
  demoMode: boolean,
): OperatorStep[] => {
  const steps: OperatorStep[] = [];
  if (op.totpEnabled) steps.push('totp');
  if (op.mustChangePassword) steps.push('password_change');
  if (!op.totpEnabled && needsSecondFactor(op, demoMode)) steps.push('totp_enrol');
  return steps;
};

/** A session's pending steps as stored (comma list) and back. */
export const stepsOf = (pending: string | null): OperatorStep[] =>
  (pending ?? '').split(',').filter((s): s is OperatorStep => (OPERATOR_STEPS as readonly string[]).includes(s));
export const storedSteps = (steps: readonly OperatorStep[]) => (steps.length ? steps.join(',') : null);

/** An operator's one-time password: 14 characters without look-alikes, with letters and digits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const oneTimePassword = (): string => {
  for (;;) {
    let out = '';
    for (let i = 0; i < 14; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/\d/.test(out) && /[A-Za-z]/.test(out)) return out;
  }
};
