import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A money text's minor units ("R$ 1.234,56" → 123456). */
export const minor = (text: string) => BigInt(text.replace(/\D/g, '') || '0');

/** Waits until the open period has at least `seconds` of betting left (a 1-minute game closes every minute). */
export const waitForRoom = async (page: Page, seconds: number) => {
  await expect
    .poll(
      async () => {
        const countdown = page.getByTestId('lt-countdown');
        if (!(await countdown.isVisible())) return 0;
        const [mm, ss] = (await countdown.innerText()).split(':').map(Number);
        return (mm ?? 0) * 60 + (ss ?? 0);
      },
      { timeout: 75_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(seconds);
};
