import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

/** The sizes every key screen is checked at: a small phone and a desktop. */
export const SCREEN_SIZES = [
  { name: 'mobile', width: 360, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Requests that stay open by design: a game's pushed state, the platform's live socket. */
const STREAMS = new Set(['eventsource', 'websocket']);

/**
 * Waits until the page's requests are done. A page that has reached network idle is settled at
 * once. A page that never does because a stream stays open (a shared game's server-sent events) is
 * settled once no other request has been in flight for 300 ms, within 5 s: waiting for an idle
 * network there only ran into the timeout, 10 s per shot of every game screen.
 */
const settled = async (page: Page) => {
  const inFlight = new Set<Request>();
  const started = (r: Request) => {
    if (!STREAMS.has(r.resourceType())) inFlight.add(r);
  };
  const ended = (r: Request) => inFlight.delete(r);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const idle = await page
      .waitForLoadState('networkidle', { timeout: 500 })
      .then(() => true)
      .catch(() => false);
    if (idle) return;
    const until = Date.now() + 5_000;
    let quietSince = Date.now();
    while (Date.now() < until) {
      await page.waitForTimeout(100);
      if (inFlight.size) quietSince = Date.now();
      else if (Date.now() - quietSince >= 300) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
};

/**
 * A full-page picture, or the viewport's when the full page does not come within 20 s: a full-page
 * capture once stalled for the whole test timeout on the cockfight page, whose framed arena keeps
 * drawing (the test failed on the picture and passed on its retry). The viewport's picture must come.
 */
const capture = async (page: Page, file: string) => {
  try {
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 20_000 });
  } catch (error) {
    if (page.isClosed()) throw error;
    await page.screenshot({ path: file, animations: 'disabled', timeout: 20_000 });
  }
};

/**
 * Saves `e2e/artifacts/<name>-360x800.png` and `<name>-1440x900.png` (full page, or the viewport
 * when the full page stalls: `capture`), then puts the viewport back. The folder is for people to
 * look at; nothing in CI reads it.
 */
export const shoot = async (page: Page, name: string): Promise<string[]> => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Let layout, media queries and lazy images settle at the new size.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settled(page);
    const file = path.join(ARTIFACTS_DIR, `${name}-${size.width}x${size.height}.png`);
    await capture(page, file);
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  return files;
};
