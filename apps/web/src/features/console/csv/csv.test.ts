import { describe, expect, it } from 'vitest';
import { csvAmount, csvField, toCsv } from './csv.ts';

describe('CSV of the reports (decision 084)', () => {
  it('quotes a field only when it holds a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
    expect(csvField('')).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('ends every line, the last one too, in CRLF', () => {
    const text = toCsv(
      ['Day', 'GGR'],
      [
        ['2026-11-01', csvAmount('12345', 2)],
        ['2026-11-02', csvAmount('0', 2)],
      ],
    );
    expect(text).toBe('Day,GGR\r\n2026-11-01,123.45\r\n2026-11-02,0.00\r\n');
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes amounts as plain decimals in major units with a dot', () => {
    expect(csvField(csvAmount('123450', 2))).toBe('1234.50');
    expect(csvField(csvAmount('5', 2))).toBe('0.05');
    expect(csvField(csvAmount('0', 2))).toBe('0.00');
    expect(csvField(csvAmount('123456789012345', 2))).toBe('1234567890123.45');
    expect(csvField(csvAmount(999999999999999999n, 2))).toBe('9999999999999999.99');
    expect(csvField(csvAmount('1500', 0))).toBe('1500');
    expect(csvField(csvAmount('1500', 3))).toBe('1.500');
    // Never grouped, never a comma.
    expect(csvField(csvAmount('100000000', 2))).not.toMatch(/[,\s]/);
  });

  it('writes negative amounts as negative numbers, not as formulas', () => {
    expect(csvField(csvAmount('-7', 2))).toBe('-0.07');
    expect(csvField(csvAmount('-123450', 2))).toBe('-1234.50');
    expect(csvField(csvAmount(-1n, 0))).toBe('-1');
    expect(toCsv(['Amount'], [[csvAmount('-7', 2)]])).toBe('Amount\r\n-0.07\r\n');
  });

  it('writes counts as numbers', () => {
    expect(csvField(0)).toBe('0');
    expect(csvField(1234)).toBe('1234');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(Number.NaN)).toBe('');
  });

  it("prefixes a formula-like text with ' so a spreadsheet does not run it", () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+5511999')).toBe("'+5511999");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\t=1')).toBe("'\t=1");
    // Prefixed, then quoted when it must be.
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    // Only the first character counts.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('user-01')).toBe('user-01');
  });

  it('keeps non-ASCII text as it is', () => {
    expect(toCsv(['Usuário', '会员'], [['joão', '张伟']])).toBe('Usuário,会员\r\njoão,张伟\r\n');
  });
});
