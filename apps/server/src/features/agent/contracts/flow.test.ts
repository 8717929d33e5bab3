import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ACTIONS,
  CONTRACT_STATUSES,
  endsOwnContract,
  transition,
  type ContractAction,
  type ContractState,
  type Side,
} from './flow.ts';

const st = (status: ContractState['status'], by: Side | null = null): ContractState => ({
  status,
  terminationRequestedBy: by,
});

describe('contract state machine', () => {
  it.each([
    ['offered', 'accept', 'downline', 'active'],
    ['offered', 'reject', 'downline', 'rejected'],
    ['offered', 'withdraw', 'upline', 'withdrawn'],
    ['active', 'requestTermination', 'upline', 'terminating'],
    ['active', 'requestTermination', 'downline', 'terminating'],
  ] as const)('%s --%s by %s--> %s', (from, action, side, next) => {
    const r = transition(st(from), action, side);
    expect(r.ok && r.next.status).toBe(next);
  });

  it('remembers who asked to terminate; the other side agrees or declines, the asker may cancel', () => {
    const asked = transition(st('active'), 'requestTermination', 'downline');
    expect(asked.ok && asked.next).toEqual({ status: 'terminating', terminationRequestedBy: 'downline' });
    const agreed = transition(st('terminating', 'downline'), 'agreeTermination', 'upline');
    expect(agreed).toEqual({
      ok: true,
      next: { status: 'terminated', terminationRequestedBy: null },
      endReason: 'agreed',
    });
    const declined = transition(st('terminating', 'upline'), 'declineTermination', 'downline');
    expect(declined.ok && declined.next).toEqual({ status: 'active', terminationRequestedBy: null });
    const cancelled = transition(st('terminating', 'upline'), 'cancelTermination', 'upline');
    expect(cancelled.ok && cancelled.next.status).toBe('active');
  });

  it.each([
    ['offered', 'accept', 'upline', 'CONTRACT_WRONG_PARTY'],
    ['offered', 'reject', 'upline', 'CONTRACT_WRONG_PARTY'],
    ['offered', 'withdraw', 'downline', 'CONTRACT_WRONG_PARTY'],
    ['active', 'accept', 'downline', 'CONTRACT_NOT_OFFERED'],
    ['rejected', 'accept', 'downline', 'CONTRACT_NOT_OFFERED'],
    ['active', 'withdraw', 'upline', 'CONTRACT_NOT_OFFERED'],
    ['offered', 'requestTermination', 'upline', 'CONTRACT_NOT_ACTIVE'],
    ['terminated', 'requestTermination', 'downline', 'CONTRACT_NOT_ACTIVE'],
    ['active', 'agreeTermination', 'upline', 'TERMINATION_NOT_REQUESTED'],
    ['active', 'declineTermination', 'downline', 'TERMINATION_NOT_REQUESTED'],
    ['active', 'cancelTermination', 'downline', 'TERMINATION_NOT_REQUESTED'],
  ] as const)('refuses %s --%s by %s-- with %s', (from, action, side, code) => {
    const r = transition(st(from), action, side);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe(code);
  });

  it('refuses agreeing to or declining your own request, and cancelling the other side’s', () => {
    for (const side of ['upline', 'downline'] as const) {
      const other = side === 'upline' ? 'downline' : 'upline';
      expect(transition(st('terminating', side), 'agreeTermination', side)).toMatchObject({
        ok: false,
        code: 'CONTRACT_WRONG_PARTY',
      });
      expect(transition(st('terminating', side), 'declineTermination', side)).toMatchObject({
        ok: false,
        code: 'CONTRACT_WRONG_PARTY',
      });
      expect(transition(st('terminating', side), 'cancelTermination', other)).toMatchObject({
        ok: false,
        code: 'CONTRACT_WRONG_PARTY',
      });
      expect(transition(st('terminating', side), 'requestTermination', other)).toMatchObject({
        ok: false,
        code: 'TERMINATION_ALREADY_REQUESTED',
      });
    }
  });

  it('ended contracts accept no action at all', () => {
    for (const status of ['rejected', 'withdrawn', 'terminated'] as const) {
      for (const action of CONTRACT_ACTIONS) {
        for (const side of ['upline', 'downline'] as const)
          expect(transition(st(status, null), action, side).ok).toBe(false);
      }
    }
  });

  it('every (state, action, side) gives a next state or a coded refusal', () => {
    for (const status of CONTRACT_STATUSES) {
      for (const action of CONTRACT_ACTIONS as ContractAction[]) {
        for (const side of ['upline', 'downline'] as const) {
          for (const by of [null, 'upline', 'downline'] as const) {
            const r = transition(st(status, status === 'terminating' ? by : null), action, side);
            if (r.ok) expect(CONTRACT_STATUSES).toContain(r.next.status);
            else expect(r.code).toMatch(/^[A-Z_]+$/);
          }
        }
      }
    }
  });

  it('only the downline ending its own contract needs to confirm what it costs its own downlines', () => {
    expect(endsOwnContract('requestTermination', 'downline', st('active'))).toBe(true);
    expect(endsOwnContract('agreeTermination', 'downline', st('terminating', 'upline'))).toBe(true);
    expect(endsOwnContract('agreeTermination', 'upline', st('terminating', 'downline'))).toBe(false);
    expect(endsOwnContract('requestTermination', 'upline', st('active'))).toBe(false);
    expect(endsOwnContract('reject', 'downline', st('offered'))).toBe(false);
  });
});
