import { inflateSync } from 'node:zlib';
import { CAPTCHA_FONT } from '../../apps/server/src/lib/captcha-image.ts';

/**
 * Reads one of our captcha images the way a determined bot would: it knows the 5×7 font, so it
 * tries every character, offset and shear at each of the four places and keeps the best match.
 * The browser tests use it to pass the captcha with no backdoor in the API; it also documents
 * that this captcha is a speed bump (decision 005), not a wall — the login limits are the wall.
 */
const decodePng = (png: Buffer) => {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const len = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  // Our encoder writes filter 0 (none) on every row: the pixels follow each filter byte as they are.
  const px = (x: number, y: number) => {
    const i = y * (width * 3 + 1) + 1 + x * 3;
    return [raw[i]!, raw[i + 1]!, raw[i + 2]!] as const;
  };
  return { width, height, px };
};

export const readCaptcha = (dataUrl: string): string => {
  const img = decodePng(Buffer.from(dataUrl.split(',')[1]!, 'base64'));
  const dark = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= img.width || y >= img.height) return false;
    const [r, g] = img.px(x, y);
    return r <= 95 && g <= 95;
  };
  const scale = 4;
  let text = '';
  for (let n = 0; n < 4; n++) {
    let best = { score: -1, ch: '?' };
    for (const [ch, glyph] of Object.entries(CAPTCHA_FONT)) {
      for (let dx = -3; dx <= 3; dx++) {
        for (let dy = -3; dy <= 3; dy++) {
          for (let r = -30; r <= 30; r += 5) {
            let score = 0;
            for (let gy = 0; gy < 7; gy++) {
              for (let gx = 0; gx < 5; gx++) {
                const y = gy * scale + 2;
                const x = 10 + n * 30 + dx + gx * scale + 2 + Math.round(((r / 100) * scale * (y - 14)) / scale);
                if ((glyph[gy * 5 + gx] === '1') === dark(x, 6 + dy + y)) score++;
              }
            }
            if (score > best.score) best = { score, ch };
          }
        }
      }
    }
    text += best.ch;
  }
  return text;
};
