/**
 * The catalogue of hostile values the contract fuzz sends (decision 056): every one a thing a
 * careless integrator or an attacker has sent to a money API somewhere. Each has a stable name so a
 * failure names what was sent; the value is what goes into a JSON body. Query strings and path
 * parameters carry the text form (`asText`).
 */
export interface BadValue {
  name: string;
  value: unknown;
}

const KB10 = 'x'.repeat(10 * 1024);
const MB1 = 'y'.repeat(1024 * 1024);

const text: [string, string][] = [
  ['empty', ''],
  ['space', ' '],
  ['nul', 'a\u0000b'],
  ['nul-only', '\u0000'],
  ['lone-high-surrogate', 'a\ud800b'],
  ['lone-low-surrogate', '\udfff'],
  ['huge-10kb', KB10],
  ['huge-1mb', MB1],
  ['fullwidth-digits', '１２３'],
  ['arabic-indic-digits', '١٢٣'],
  ['devanagari-digits', '१२३'],
  ['decimal', '10.5'],
  ['leading-dot', '.5'],
  ['exponent', '1e3'],
  ['exponent-big', '1E+21'],
  ['negative', '-1'],
  ['negative-zero', '-0'],
  ['zero', '0'],
  ['thousands-comma', '1,000'],
  ['underscore', '1_000'],
  ['padded', ' 1 '],
  ['nan', 'NaN'],
  ['infinity', 'Infinity'],
  ['neg-infinity', '-Infinity'],
  ['hex', '0x10'],
  ['overflow-20-digits', '99999999999999999999'],
  ['overflow-40-digits', '9'.repeat(40)],
  ['beyond-safe-integer', '9007199254740993'],
  ['bigint-min', '-9223372036854775809'],
  ['bad-date-feb-30', '2025-02-30'],
  ['bad-date-month-13', '2025-13-01'],
  ['bad-date-zero', '0000-00-00'],
  ['bad-datetime', '2025-01-01T25:61:00Z'],
  ['date-words', 'yesterday'],
  ['year-275760', '+275760-09-13T00:00:00.001Z'],
  ['sql-or', "' OR '1'='1"],
  ['sql-drop', '1; DROP TABLE members; --'],
  ['sql-comment', "admin'--"],
  ['html-script', '<script>alert(1)</script>'],
  ['template', '${7*7}{{7*7}}'],
  ['path-traversal', '../../../etc/passwd'],
  ['percent-nul', '%00'],
  ['backslash-quote', '\\"\''],
  ['json-text', '{"a":1}'],
  ['null-text', 'null'],
  ['proto', '__proto__'],
  ['rtl-override', 'abc\u202edef'],
  ['zero-width', 'a\u200bb'],
  ['emoji', '😀💸'],
  ['newlines', 'a\r\nb\n'],
];

const other: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['number-0', 0],
  ['number-negative', -1],
  ['number-decimal', 10.5],
  ['number-exponent', 1e21],
  ['number-huge', 1e308],
  ['number-beyond-safe', Number.MAX_SAFE_INTEGER + 2],
  ['number-int32-overflow', 2 ** 31],
  ['number-int64-overflow', 2 ** 64],
  ['number-negative-huge', -1e308],
  ['array-empty', []],
  ['array', ['1', 2]],
  ['array-of-objects', [{ a: 1 }]],
  ['object-empty', {}],
  ['object', { $gt: '' }],
  ['object-proto', JSON.parse('{"__proto__":{"polluted":1}}') as unknown],
  ['deep-nesting', JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown],
];

export const BAD_VALUES: BadValue[] = [
  ...text.map(([name, value]) => ({ name, value })),
  ...other.map(([name, value]) => ({ name, value })),
];

/** The value as a query string or a path segment carries it (arrays repeat the key in queries). */
export const asText = (value: unknown): string | string[] =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      : JSON.stringify(value);

/** Values for path parameters (ids, provider codes): what a URL can carry. */
export const BAD_PARAMS: [string, string][] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['decimal', '1.5'],
  ['exponent', '1e3'],
  ['letters', 'abc'],
  ['overflow', '99999999999999999999'],
  ['fullwidth-digit', '１'],
  ['arabic-indic-digit', '١'],
  ['nul', 'a%00b'],
  ['bad-utf8', '%ED%A0%80'],
  ['invalid-percent', '%zz'],
  ['sql', "1'%20OR%20'1'='1"],
  ['long', '9'.repeat(300)],
];

/**
 * Percent-encodes text for a URL, lone surrogates included (encodeURIComponent throws on them): a
 * lone surrogate goes as the bytes a careless client sends for it (CESU-style, invalid UTF-8).
 */
export const encodeText = (s: string): string => {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
};
