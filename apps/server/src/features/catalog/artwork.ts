/**
 * Our own artwork generator: every game gets a distinct square tile (gradient, shapes and a glyph
 * of its game type, seeded by vendor and game code, with its name), every vendor a logo, a large
 * logo and a card. Pure functions of their inputs, so a URL always yields the same bytes and can be
 * cached forever.
 */

/** FNV-1a, then a small PRNG (mulberry32) seeded with it. */
export const seedOf = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};
export const prng = (seed: number) => {
  let a = seed || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Splits a name into at most two lines of about `width` characters. */
export const wrapTitle = (name: string, width = 14): string[] => {
  const words = name.trim().split(/\s+/);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (!cur) cur = w;
    else if ((cur + ' ' + w).length <= width) cur += ' ' + w;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length > 2)
    return [
      lines[0]!,
      `${lines
        .slice(1)
        .join(' ')
        .slice(0, width - 1)}…`,
    ];
  return lines.map((l) => (l.length > width + 4 ? `${l.slice(0, width + 3)}…` : l));
};

const star = (cx: number, cy: number, r: number, points: number, inner: number) => {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rad = (Math.PI * i) / points - Math.PI / 2;
    const rr = i % 2 ? r * inner : r;
    pts.push(`${r1(cx + rr * Math.cos(rad))},${r1(cy + rr * Math.sin(rad))}`);
  }
  return pts.join(' ');
};

/** A glyph that tells the game type at a glance. */
const glyph = (gameType: string, rnd: () => number, accent: string): string => {
  const c = `fill="${accent}" stroke="#fff" stroke-width="3"`;
  switch (gameType) {
    case 'RNG': {
      const symbols = ['7', '★', '♦', 'BAR', '♣', '$', '♥', 'W'];
      return [0, 1, 2]
        .map((i) => {
          const s = symbols[Math.floor(rnd() * symbols.length)]!;
          const x = 40 + i * 42;
          return `<rect x="${x}" y="62" width="36" height="50" rx="6" fill="#fff" opacity=".92"/><text x="${x + 18}" y="96" font-size="${s.length > 1 ? 13 : 26}" text-anchor="middle" font-weight="800" fill="${accent}">${escapeXml(s)}</text>`;
        })
        .join('');
    }
    case 'LIVE':
      return `<rect x="62" y="52" width="50" height="70" rx="6" fill="#fff" transform="rotate(-12 87 87)"/><rect x="88" y="52" width="50" height="70" rx="6" fill="#fff" transform="rotate(10 113 87)"/><text x="115" y="100" font-size="30" text-anchor="middle" fill="${accent}">${['♠', '♥', '♦', '♣'][Math.floor(rnd() * 4)]}</text>`;
    case 'FISH':
      return `<path d="M50 88 Q90 48 132 88 Q90 128 50 88 Z" ${c}/><path d="M132 88 L156 68 L156 108 Z" ${c}/><circle cx="72" cy="84" r="5" fill="#fff"/>`;
    case 'PVP':
      return `<circle cx="100" cy="88" r="36" ${c}/><circle cx="100" cy="88" r="24" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="8 6"/><text x="100" y="97" font-size="24" text-anchor="middle" font-weight="800" fill="#fff">VS</text>`;
    case 'BGS':
      return `<rect x="66" y="54" width="68" height="68" rx="14" ${c}/><circle cx="84" cy="72" r="6" fill="#fff"/><circle cx="100" cy="88" r="6" fill="#fff"/><circle cx="116" cy="104" r="6" fill="#fff"/>`;
    case 'SPORTS':
      return `<circle cx="100" cy="88" r="36" fill="#fff"/><polygon points="${star(100, 88, 16, 5, 0.5)}" fill="${accent}"/><path d="M64 88 H136 M100 52 V124" stroke="${accent}" stroke-width="2" opacity=".5"/>`;
    case 'ESPORTS':
      return `<rect x="56" y="66" width="88" height="46" rx="22" ${c}/><path d="M80 80 V98 M71 89 H89" stroke="#fff" stroke-width="4"/><circle cx="118" cy="84" r="4" fill="#fff"/><circle cx="126" cy="94" r="4" fill="#fff"/>`;
    case 'COCKFIGHT':
      return `<path d="M70 116 Q64 70 100 60 Q96 48 108 46 Q112 56 122 58 Q140 80 126 116 Z" ${c}/><path d="M108 46 l6 -10 l4 10 l6 -8 l2 12" fill="#ef4444"/>`;
    default: {
      return [0, 1, 2]
        .map((i) => {
          const n = 1 + Math.floor(rnd() * 60);
          return `<circle cx="${62 + i * 38}" cy="88" r="17" ${c}/><text x="${62 + i * 38}" y="95" font-size="17" text-anchor="middle" font-weight="800" fill="#fff">${n}</text>`;
        })
        .join('');
    }
  }
};

const FONT = `font-family="Inter, 'Segoe UI', Roboto, Arial, sans-serif"`;

export const gameArtwork = (input: {
  vassalage: string;
  gameCode: string;
  nodeName: string;
  gameType: string;
}): string => {
  const rnd = prng(seedOf(`${input.vassalage}/${input.gameCode}`));
  const h1 = Math.floor(rnd() * 360);
  const h2 = (h1 + 40 + Math.floor(rnd() * 100)) % 360;
  const accent = `hsl(${(h1 + 180) % 360} 80% 45%)`;
  const shapes: string[] = [];
  const n = 4 + Math.floor(rnd() * 4);
  for (let i = 0; i < n; i++) {
    const x = r1(rnd() * 200);
    const y = r1(rnd() * 200);
    const s = r1(10 + rnd() * 50);
    const o = r1(0.08 + rnd() * 0.22);
    const kind = Math.floor(rnd() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s}" fill="#fff" opacity="${o}"/>`);
    else if (kind === 1)
      shapes.push(`<polygon points="${star(x, y, s, 5 + Math.floor(rnd() * 3), 0.45)}" fill="#fff" opacity="${o}"/>`);
    else
      shapes.push(
        `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${r1(s / 5)}" fill="#fff" opacity="${o}" transform="rotate(${Math.floor(rnd() * 90)} ${x} ${y})"/>`,
      );
  }
  const lines = wrapTitle(input.nodeName);
  const title = lines
    .map(
      (l, i) =>
        `<text x="100" y="${lines.length === 1 ? 172 : 160 + i * 20}" font-size="17" text-anchor="middle" font-weight="800" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(input.nodeName)}" ${FONT}><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1} 75% 42%)"/><stop offset="1" stop-color="hsl(${h2} 80% 22%)"/></linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient></defs><rect width="200" height="200" fill="url(#g)"/>${shapes.join('')}${glyph(input.gameType, rnd, accent)}<rect y="130" width="200" height="70" fill="url(#s)"/>${title}</svg>`;
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export type VendorArtKind = 'icon' | 'large' | 'card';

export const vendorArtwork = (input: { vassalage: string; displayName: string }, kind: VendorArtKind): string => {
  const rnd = prng(seedOf(`vendor/${input.vassalage}`));
  const h = Math.floor(rnd() * 360);
  const bg = `<linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 70% 48%)"/><stop offset="1" stop-color="hsl(${(h + 50) % 360} 75% 28%)"/></linearGradient>`;
  const mark = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity=".95"/><text x="${cx}" y="${cy + r * 0.36}" font-size="${r}" text-anchor="middle" font-weight="900" fill="hsl(${h} 70% 35%)">${escapeXml(initials(input.displayName))}</text>`;
  const name = escapeXml(input.displayName);
  if (kind === 'icon') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 64" width="160" height="64" role="img" aria-label="${name}" ${FONT}><defs>${bg}</defs><rect width="160" height="64" rx="12" fill="url(#v)"/>${mark(32, 32, 20)}<text x="60" y="38" font-size="${name.length > 12 ? 11 : 14}" font-weight="800" fill="#fff">${name}</text></svg>`;
  }
  if (kind === 'large') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 120" width="320" height="120" role="img" aria-label="${name}" ${FONT}><defs>${bg}</defs><rect width="320" height="120" rx="18" fill="url(#v)"/><polygon points="${star(280, 24, 40, 6, 0.5)}" fill="#fff" opacity=".12"/>${mark(60, 60, 36)}<text x="112" y="68" font-size="${name.length > 14 ? 18 : 24}" font-weight="900" fill="#fff">${name}</text></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320" width="240" height="320" role="img" aria-label="${name}" ${FONT}><defs>${bg}</defs><rect width="240" height="320" rx="20" fill="url(#v)"/><circle cx="200" cy="40" r="70" fill="#fff" opacity=".08"/><circle cx="30" cy="290" r="90" fill="#fff" opacity=".06"/>${mark(120, 130, 56)}<text x="120" y="250" font-size="${name.length > 14 ? 18 : 24}" text-anchor="middle" font-weight="900" fill="#fff">${name}</text></svg>`;
};

/** Decorative banner backgrounds (the banner's title is drawn by the site over it). */
/** The red envelope promotion's banner (decision 089): red envelopes with gold seals on red. */
const redEnvelopeBanner = (): string => {
  const envelope = (x: number, y: number, w: number, turn: number) => {
    const h = r1(w * 0.7);
    return `<g transform="translate(${x} ${y}) rotate(${turn})"><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${r1(w * 0.06)}" fill="#d81f33"/><polygon points="${-w / 2},${-h / 2} ${w / 2},${-h / 2} 0,${r1(h * 0.1)}" fill="#b3121f"/><circle cx="0" cy="${r1(h * 0.1)}" r="${r1(w * 0.13)}" fill="#ffcf4a"/></g>`;
  };
  const coins = [
    [160, 80],
    [420, 330],
    [700, 60],
    [1080, 350],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="22" fill="#ffd54a" opacity=".8"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-hidden="true"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8d0a18"/><stop offset=".6" stop-color="#5c0610"/><stop offset="1" stop-color="#2a0308"/></linearGradient></defs><rect width="1200" height="400" fill="url(#b)"/>${coins}${envelope(300, 200, 150, -12)}${envelope(980, 190, 230, 8)}${envelope(800, 250, 120, -6)}${envelope(560, 150, 90, 14)}</svg>`;
};

export const bannerArtwork = (key: string): string => {
  if (key === 'promo-red-envelope') return redEnvelopeBanner();
  const rnd = prng(seedOf(`banner/${key}`));
  const h = Math.floor(rnd() * 360);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = r1(rnd() * 1200);
    const y = r1(rnd() * 400);
    const s = r1(40 + rnd() * 160);
    shapes.push(
      rnd() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${s}" fill="#fff" opacity="${r1(0.04 + rnd() * 0.12)}"/>`
        : `<polygon points="${star(x, y, s, 5, 0.45)}" fill="#fff" opacity="${r1(0.04 + rnd() * 0.12)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-hidden="true"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h} 80% 40%)"/><stop offset=".6" stop-color="hsl(${(h + 60) % 360} 75% 25%)"/><stop offset="1" stop-color="hsl(${(h + 120) % 360} 70% 15%)"/></linearGradient></defs><rect width="1200" height="400" fill="url(#b)"/>${shapes.join('')}<circle cx="980" cy="200" r="150" fill="hsl(${(h + 200) % 360} 90% 55%)" opacity=".35"/><polygon points="${star(980, 200, 110, 5, 0.5)}" fill="#ffd54a" opacity=".85"/></svg>`;
};
