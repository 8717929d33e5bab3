import { describe, expect, it } from 'vitest';
import { isCalendarDay, isUnsafeText, serialId, unsafeTextPath } from './input.ts';
import { amountsInOrder } from './money.ts';
import { depositOperatorEndpoints } from './payments.ts';
import { walletOperatorEndpoints } from './wallet.ts';

describe('unsafe text', () => {
  it('finds NUL bytes and lone surrogates, and lets real text through', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('a\ud800')).toBe(true);
    expect(isUnsafeText('\udfffa')).toBe(true);
    expect(isUnsafeText('😀 ok\n\t١٢٣ ＡＢ')).toBe(false);
  });

  it('names the path of the first unsafe string, keys included', () => {
    expect(unsafeTextPath({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toEqual(['a', 1, 'c']);
    expect(unsafeTextPath({ ok: 1, ['\ud800']: 'x' })).toEqual(['\ud800']);
    expect(unsafeTextPath({ a: 'fine', b: [1, null, true] })).toBeNull();
  });
});

describe('numbers and days', () => {
  it('keeps ids within a serial column', () => {
    expect(serialId.safeParse('2147483647').success).toBe(true);
    expect(serialId.safeParse('2147483648').success).toBe(false);
  });

  it('compares amounts only when both are digits', () => {
    expect(amountsInOrder('10', '20')).toBe(true);
    expect(amountsInOrder('30', '20')).toBe(false);
    expect(amountsInOrder('10.5', '20')).toBe(true);
    expect(amountsInOrder('1e3', 'x')).toBe(true);
  });

  it('knows the calendar', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('0000-00-00')).toBe(false);
  });

  it('refuses odd amounts on the operator desks without throwing', () => {
    const channel = {
      code: 'BANK_1',
      kind: 'bank',
      name: 'Bank',
      enabled: true,
      minAmount: '10.5',
      maxAmount: '1e3',
      bank: { bankName: 'B', accountName: 'O', accountNumber: '1234' },
    };
    const r = depositOperatorEndpoints.createChannel.body!.safeParse(channel);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['minAmount', 'maxAmount']));
    const settings = walletOperatorEndpoints.setSettings.body!.safeParse({ withdrawMin: 'ten', withdrawMax: '1' });
    expect(settings.success).toBe(false);
  });
});
