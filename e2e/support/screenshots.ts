import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '../artifacts');

/** The sizes every key screen is checked at: a small phone and a desktop. */
export const SCREEN_SIZES = [
  { name: 'mobile', width: 360, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/**
 * Saves `e2e/artifacts/<name>-360x800.png` and `<name>-1440x900.png` (full page), then puts the
 * viewport back. CI keeps the folder as a build artefact.
 */
export const shoot = async (page: Page, name: string): Promise<string[]> => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Let layout, media queries and lazy images settle at the new size.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // Bounded: a logged-in page keeps a live connection open, so the network may never idle.
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
    const file = path.join(ARTIFACTS_DIR, `${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  return files;
};
