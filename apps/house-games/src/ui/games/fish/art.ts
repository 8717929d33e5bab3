/**
 * The fishing sea's art, drawn by us on canvases: each species' body is painted once into a sprite
 * (per size), so a frame only copies sprites and draws the wagging tails, bubbles and effects.
 */
export interface SpeciesArt {
  key: string;
  hue: number;
  boss: boolean;
  /** Body length relative to the sea's shorter side. */
  size: number;
}

const BODY: Record<string, number> = {
  pufferfish: 0.78,
  turtle: 0.72,
  ray: 0.95,
  swordfish: 0.3,
  shark: 0.36,
  whale: 0.46,
  lobster: 0.42,
  'dragon-king': 0.5,
};
export const bodyRatio = (key: string) => BODY[key] ?? 0.5;

const sprites = new Map<string, HTMLCanvasElement>();

/** A species' body, facing right, centred in a canvas 1.6 L wide and 1.3 L high (L in device pixels). */
export const sprite = (s: SpeciesArt, L: number): HTMLCanvasElement => {
  const px = Math.max(8, Math.round(L));
  const id = `${s.key}:${px}`;
  const hit = sprites.get(id);
  if (hit) return hit;
  const c = document.createElement('canvas');
  c.width = Math.ceil(px * 1.6);
  c.height = Math.ceil(px * 1.3);
  const ctx = c.getContext('2d')!;
  ctx.translate(c.width / 2, c.height / 2);
  paintBody(ctx, s, px);
  if (sprites.size > 400) sprites.clear();
  sprites.set(id, c);
  return c;
};

const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${h}, ${s}%, ${l}%, ${a})`;

const paintBody = (ctx: CanvasRenderingContext2D, s: SpeciesArt, L: number) => {
  const h = L * bodyRatio(s.key);
  const hue = s.hue;
  if (s.boss) {
    ctx.shadowColor = hsl(hue, 100, 70);
    ctx.shadowBlur = L * 0.12;
  }
  const grad = ctx.createLinearGradient(0, -h / 2, 0, h / 2);
  grad.addColorStop(0, hsl(hue, 85, 68));
  grad.addColorStop(0.55, hsl(hue, 75, 48));
  grad.addColorStop(1, hsl(hue, 60, 30));
  ctx.fillStyle = grad;
  ctx.strokeStyle = hsl(hue, 60, 22, 0.9);
  ctx.lineWidth = Math.max(1, L * 0.02);

  if (s.key === 'ray') {
    ctx.beginPath();
    ctx.moveTo(L * 0.4, 0);
    ctx.quadraticCurveTo(0, -h * 0.7, -L * 0.3, 0);
    ctx.quadraticCurveTo(0, h * 0.7, L * 0.4, 0);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = hsl(hue, 40, 85, 0.5);
    for (const [x, y] of [
      [0.05, -0.15],
      [0.12, 0.12],
      [-0.05, 0.05],
    ] as const) {
      ctx.beginPath();
      ctx.arc(x * L, y * h, L * 0.03, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (s.key === 'turtle') {
    ctx.fillStyle = hsl(hue, 45, 45);
    for (const [x, y] of [
      [0.2, -0.42],
      [0.2, 0.42],
      [-0.22, -0.36],
      [-0.22, 0.36],
    ] as const) {
      ctx.beginPath();
      ctx.ellipse(x * L, y * h, L * 0.12, L * 0.05, x > 0 ? 0.5 * Math.sign(y) : -0.5 * Math.sign(y), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.beginPath();
    ctx.arc(L * 0.36, 0, L * 0.09, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = grad;
    ctx.beginPath();
    ctx.ellipse(0, 0, L * 0.32, h * 0.45, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.strokeStyle = hsl(hue, 50, 25, 0.8);
    for (let i = -1; i <= 1; i++) {
      ctx.beginPath();
      ctx.moveTo(i * L * 0.12, -h * 0.4);
      ctx.lineTo(i * L * 0.12, h * 0.4);
      ctx.stroke();
    }
  } else if (s.key === 'lobster') {
    for (let i = 0; i < 4; i++) {
      ctx.beginPath();
      ctx.ellipse(-L * 0.08 * i, 0, L * 0.12, h * (0.42 - i * 0.06), 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.moveTo(L * 0.1, side * h * 0.2);
      ctx.quadraticCurveTo(L * 0.3, side * h * 0.7, L * 0.45, side * h * 0.45);
      ctx.lineTo(L * 0.32, side * h * 0.3);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  } else {
    // Dorsal fin.
    ctx.beginPath();
    ctx.moveTo(-L * 0.1, -h * 0.4);
    ctx.quadraticCurveTo(L * 0.02, -h * (s.key === 'shark' ? 1.05 : 0.8), L * 0.12, -h * 0.42);
    ctx.fill();
    ctx.stroke();
    // Body.
    ctx.beginPath();
    ctx.ellipse(0, 0, L * 0.4, h / 2, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    // Belly.
    ctx.fillStyle = hsl(hue, 40, 88, 0.35);
    ctx.beginPath();
    ctx.ellipse(L * 0.04, h * 0.2, L * 0.28, h * 0.2, 0, 0, Math.PI * 2);
    ctx.fill();
    if (s.key === 'clownfish') {
      ctx.fillStyle = 'rgba(255,255,255,0.92)';
      for (const x of [0.16, -0.12]) {
        ctx.beginPath();
        ctx.ellipse(x * L, 0, L * 0.045, h * 0.46, 0, 0, Math.PI * 2);
        ctx.fill();
      }
    }
    if (s.key === 'pufferfish') {
      ctx.strokeStyle = hsl(hue, 60, 30);
      for (let a = 0; a < Math.PI * 2; a += Math.PI / 8) {
        ctx.beginPath();
        ctx.moveTo(Math.cos(a) * L * 0.38, Math.sin(a) * h * 0.48);
        ctx.lineTo(Math.cos(a) * L * 0.48, Math.sin(a) * h * 0.6);
        ctx.stroke();
      }
    }
    if (s.key === 'angelfish') {
      ctx.fillStyle = hsl(hue + 40, 80, 60, 0.8);
      for (const x of [0.1, -0.05, -0.2]) {
        ctx.fillRect(x * L, -h * 0.45, L * 0.04, h * 0.9);
      }
    }
    if (s.key === 'swordfish') {
      ctx.strokeStyle = hsl(hue, 30, 75);
      ctx.lineWidth = Math.max(1.5, L * 0.025);
      ctx.beginPath();
      ctx.moveTo(L * 0.38, -h * 0.05);
      ctx.lineTo(L * 0.78, -h * 0.1);
      ctx.stroke();
    }
    if (s.key === 'whale') {
      ctx.fillStyle = hsl(hue, 30, 85, 0.5);
      for (let i = 0; i < 5; i++) ctx.fillRect(L * (0.05 + i * 0.04), h * 0.12, L * 0.015, h * 0.3);
    }
    if (s.boss) {
      // Scales and a crown of fire.
      ctx.strokeStyle = hsl(hue + 30, 90, 75, 0.7);
      for (let i = -3; i <= 3; i++) {
        ctx.beginPath();
        ctx.arc(i * L * 0.08, 0, L * 0.06, -Math.PI / 2, Math.PI / 2);
        ctx.stroke();
      }
      ctx.shadowBlur = 0;
      ctx.fillStyle = '#ffd54a';
      ctx.beginPath();
      ctx.moveTo(L * 0.05, -h * 0.45);
      for (let i = 0; i < 5; i++) {
        ctx.lineTo(L * (0.08 + i * 0.05), -h * (i % 2 ? 0.62 : 0.85));
      }
      ctx.lineTo(L * 0.3, -h * 0.38);
      ctx.closePath();
      ctx.fill();
    }
  }
  // Eye.
  if (s.key !== 'ray' && s.key !== 'turtle') {
    const ex = s.key === 'lobster' ? L * 0.12 : L * 0.24;
    const ey = -h * 0.1;
    const r = Math.max(2, L * 0.045);
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(ex, ey, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#0b1020';
    ctx.beginPath();
    ctx.arc(ex + r * 0.3, ey, r * 0.55, 0, Math.PI * 2);
    ctx.fill();
  } else if (s.key === 'turtle') {
    ctx.fillStyle = '#0b1020';
    ctx.beginPath();
    ctx.arc(L * 0.4, -L * 0.02, Math.max(1.5, L * 0.018), 0, Math.PI * 2);
    ctx.fill();
  }
};

/** A wagging tail behind a body of length L (drawn each frame, so it moves). */
export const drawTail = (ctx: CanvasRenderingContext2D, s: SpeciesArt, L: number, wag: number) => {
  if (s.key === 'turtle' || s.key === 'lobster') return;
  const h = L * bodyRatio(s.key);
  ctx.fillStyle = hsl(s.hue, 70, 42);
  ctx.beginPath();
  if (s.key === 'ray') {
    ctx.strokeStyle = hsl(s.hue, 50, 35);
    ctx.lineWidth = Math.max(1, L * 0.02);
    ctx.moveTo(-L * 0.28, 0);
    ctx.quadraticCurveTo(-L * 0.5, wag * h * 0.4, -L * 0.75, wag * h * 0.2);
    ctx.stroke();
    return;
  }
  const spread = s.key === 'whale' || s.key === 'shark' || s.boss ? 0.55 : 0.45;
  ctx.moveTo(-L * 0.34, 0);
  ctx.lineTo(-L * 0.62, -h * spread + wag * h * 0.3);
  ctx.quadraticCurveTo(-L * 0.52, wag * h * 0.3, -L * 0.62, h * spread + wag * h * 0.3);
  ctx.closePath();
  ctx.fill();
};

/** The sea behind everything: deep-water gradient, light shafts, sand and weed (painted once per size). */
export const paintSea = (w: number, h: number): HTMLCanvasElement => {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  const ctx = c.getContext('2d')!;
  const g = ctx.createLinearGradient(0, 0, 0, h);
  g.addColorStop(0, '#0d6e9a');
  g.addColorStop(0.45, '#0a4a78');
  g.addColorStop(1, '#06223f');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = 'rgba(255,255,255,0.05)';
  for (let i = 0; i < 5; i++) {
    const x = (w * (i + 0.5)) / 5;
    ctx.beginPath();
    ctx.moveTo(x - w * 0.04, 0);
    ctx.lineTo(x + w * 0.04, 0);
    ctx.lineTo(x + w * 0.14 - i * w * 0.02, h);
    ctx.lineTo(x + w * 0.02 - i * w * 0.02, h);
    ctx.fill();
  }
  ctx.fillStyle = '#c9a86a';
  ctx.beginPath();
  ctx.moveTo(0, h);
  for (let x = 0; x <= w; x += w / 24) ctx.lineTo(x, h - h * 0.05 - Math.sin(x / (w / 6)) * h * 0.015);
  ctx.lineTo(w, h);
  ctx.fill();
  ctx.strokeStyle = 'rgba(46, 160, 90, 0.75)';
  ctx.lineWidth = Math.max(2, w * 0.004);
  for (let i = 0; i < 9; i++) {
    const x = ((i * 97) % 100) * 0.01 * w;
    ctx.beginPath();
    ctx.moveTo(x, h);
    ctx.bezierCurveTo(x - w * 0.02, h * 0.85, x + w * 0.02, h * 0.8, x - w * 0.01, h * (0.7 + (i % 3) * 0.04));
    ctx.stroke();
  }
  return c;
};
