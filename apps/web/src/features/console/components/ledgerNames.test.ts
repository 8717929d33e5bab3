import { TX_KINDS_BY_TYPE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import en from '../i18n/en.ts';
import pt from '../i18n/pt.ts';
import { LEDGER_KINDS, ledgerKindName } from './ledgerNames.ts';

const tableT = (table: Record<string, string>) => ((key: string) => table[key] ?? `missing:${key}`) as ConsoleT;

describe('ledger kind names', () => {
  it('names every kind the member transaction types group', () => {
    expect(LEDGER_KINDS).toEqual(expect.arrayContaining(['adjustment', 'bet', 'red_envelope_claim']));
    expect(LEDGER_KINDS.length).toBe(Object.values(TX_KINDS_BY_TYPE).flat().length);
    for (const kind of LEDGER_KINDS) {
      expect(ledgerKindName(tableT(en), kind), kind).not.toMatch(/^missing:|_/);
      expect(ledgerKindName(tableT(pt), kind), kind).not.toMatch(/^missing:/);
    }
  });

  it('says "adjustment" in the reader language, and leaves a kind it does not know as it is', () => {
    expect(ledgerKindName(tableT(pt), 'adjustment')).toBe('Ajuste');
    expect(ledgerKindName(tableT(en), 'adjustment')).toBe('Adjustment');
    expect(ledgerKindName(tableT(pt), 'something_new')).toBe('something_new');
  });
});
