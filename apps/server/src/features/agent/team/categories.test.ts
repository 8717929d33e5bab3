import { describe, expect, it } from 'vitest';
import { txCategoryOf } from './service.ts';

describe('the type an agent reads for a ledger kind', () => {
  it('places each kind under the filter whose SQL pattern takes it', () => {
    expect(txCategoryOf('agent_transfer')).toBe('transfer');
    expect(txCategoryOf('transfer_received')).toBe('transfer');
    expect(txCategoryOf('withdrawal_hold')).toBe('withdrawal');
    expect(txCategoryOf('deposit')).toBe('deposit');
    expect(txCategoryOf('bet')).toBe('bet');
    expect(txCategoryOf('rebate_daily')).toBe('bonus');
    expect(txCategoryOf('red_envelope_claim')).toBe('red_envelope');
    expect(txCategoryOf('salary')).toBe('salary');
  });

  it('calls anything else other, and reads the patterns literally apart from % and _', () => {
    expect(txCategoryOf('adjustment')).toBe('other');
    expect(txCategoryOf('bets')).toBe('other');
    expect(txCategoryOf('deposit.x')).toBe('other');
    expect(txCategoryOf('redXenvelope')).toBe('red_envelope');
  });
});
