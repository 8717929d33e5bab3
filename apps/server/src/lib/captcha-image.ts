import { randomInt } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Captcha images without a native dependency: characters from a 5×7 bitmap font, each scaled,
 * sheared and placed at random, over noise lines and dots, encoded as a PNG by hand.
 * Ambiguous characters (0/O, 1/I/L) are left out of the alphabet.
 */
export const CAPTCHA_FONT: Record<string, string> = {
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11110100011000110001100011000111110',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  G: '01110100011000010111100011000101111',
  H: '10001100011000111111100011000110001',
  J: '00111000100001000010000101001001100',
  K: '10001100101010011000101001001010001',
  M: '10001110111010110101100011000110001',
  N: '10001100011100110101100111000110001',
  P: '11110100011000111110100001000010000',
  Q: '01110100011000110001101011001001101',
  R: '11110100011000111110101001001010001',
  S: '01111100001000001110000010000111110',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  V: '10001100011000110001100010101000100',
  W: '10001100011000110101101011010101010',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
  Z: '11111000010001000100010001000011111',
  2: '01110100010000100010001000100011111',
  3: '11111000100010000010000011000101110',
  4: '00010001100101010010111110001000010',
  5: '11111100001111000001000011000101110',
  6: '00110010001000011110100011000101110',
  7: '11111000010001000100010000100001000',
  8: '01110100011000101110100011000101110',
  9: '01110100011000101111000010001001100',
};
export const CAPTCHA_ALPHABET = Object.keys(CAPTCHA_FONT).join('');
export const CAPTCHA_LENGTH = 4;

export const newCaptchaText = (): string =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

const W = 132;
const H = 44;

const png = (rgb: Uint8Array, width: number, height: number): Buffer => {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** A PNG of `text` as a data URL. */
export const renderCaptcha = (text: string): string => {
  const img = new Uint8Array(W * H * 3);
  const put = (x: number, y: number, c: readonly number[]) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 3;
    img[i] = c[0]!;
    img[i + 1] = c[1]!;
    img[i + 2] = c[2]!;
  };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) put(x, y, [236 - (y >> 2), 240 - (x >> 4), 248]);
  for (let i = 0; i < 120; i++)
    put(randomInt(W), randomInt(H), [randomInt(120, 200), randomInt(120, 200), randomInt(120, 200)]);
  const line = (c: number[]) => {
    let x = 0;
    let y = randomInt(H);
    const dy = (randomInt(H) - y) / W;
    for (; x < W; x++) {
      put(x, Math.round(y), c);
      y += dy;
    }
  };
  for (let i = 0; i < 3; i++) line([randomInt(60, 160), randomInt(60, 160), randomInt(60, 160)]);

  const scale = 4;
  [...text].forEach((ch, n) => {
    const glyph = CAPTCHA_FONT[ch];
    if (!glyph) return;
    const color = [randomInt(10, 90), randomInt(10, 90), randomInt(60, 140)];
    const ox = 10 + n * 30 + randomInt(-3, 4);
    const oy = 6 + randomInt(-3, 4);
    const shear = (randomInt(-30, 31) / 100) * scale;
    for (let gy = 0; gy < 7; gy++) {
      for (let gx = 0; gx < 5; gx++) {
        if (glyph[gy * 5 + gx] !== '1') continue;
        for (let py = 0; py < scale; py++) {
          for (let px = 0; px < scale; px++) {
            const y = gy * scale + py;
            put(ox + gx * scale + px + Math.round((shear * (y - 14)) / scale), oy + y, color);
          }
        }
      }
    }
  });
  line([randomInt(40, 120), randomInt(40, 120), randomInt(40, 120)]);
  return `data:image/png;base64,${png(img, W, H).toString('base64')}`;
};
