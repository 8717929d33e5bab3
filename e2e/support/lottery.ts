import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from './accounts.ts';
import { expect } from './fixtures.ts';
import type { OperatorApi } from './operator.ts';

/**
 * Plays a game from the lottery centre (`/lott`): its list comes a page at a time in the demo
 * catalogue's seeded order, which moves whenever titles are added or removed, so the pages are
 * turned until the game's tile shows, then its play button is clicked. A page turned while the
 * previous one was still coming can skip the game's page; at the last page the list starts again
 * from the first (a CI run ended on the last page, its "next" disabled, without the tile).
 */
export const playFromCentre = async (page: Page, gameCode: string) => {
  const tile = page.locator(`[data-testid="game-tile"][data-game-code="${gameCode}"]`);
  const next = page.getByRole('button', { name: 'Próxima página' });
  const current = page.locator('[data-testid="pagination"] [aria-current="page"]');
  await expect(async () => {
    if (!(await tile.isVisible())) {
      if (await next.isDisabled({ timeout: 2_000 })) await page.reload();
      else {
        const was = await current.innerText({ timeout: 2_000 });
        await next.click({ timeout: 2_000 });
        await expect(current).not.toHaveText(was, { timeout: 2_000 });
      }
    }
    await expect(tile).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await tile.locator('.game-tile__play').click();
};

/** A money text's minor units ("R$ 1.234,56" → 123456). */
export const minor = (text: string) => BigInt(text.replace(/\D/g, '') || '0');

/**
 * Waits until the open period has at least `seconds` of betting left (a 1-minute game closes every
 * minute). The worst case is a period just short of `seconds`, then the game's closing time before
 * the draw, when no period takes bets: 75 s covers the 1- and 3-minute games; a 5-minute game
 * (closing 45 s before its draw) can take `seconds` + 45 s and the scheduler's lag, so its callers
 * pass a longer `timeout`.
 */
export const waitForRoom = async (page: Page, seconds: number, timeout = 75_000) => {
  await expect
    .poll(
      async () => {
        const countdown = page.getByTestId('lt-countdown');
        if (!(await countdown.isVisible())) return 0;
        const [mm, ss] = (await countdown.innerText()).split(':').map(Number);
        return (mm ?? 0) * 60 + (ss ?? 0);
      },
      { timeout, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(seconds);
};

/**
 * Logs the page in as a member of the spec's own, registered and credited R$ 500,00. The lottery
 * specs assert exact balances while periods settle in the background; on the shared demo member an
 * earlier spec's bets (or the first try's, on a retry) would settle into those figures.
 */
export const loginAsOwnPlayer = async (page: Page, request: APIRequestContext, operator: OperatorApi) => {
  const username = `lt${uniqueSuffix()}`;
  const password = 'lotto1234';
  await registerMember(request, username, password);
  await operator.fund(username, '50000', 'Lottery browser test');
  await loginWithPassword(page, username, password);
  await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });
  return username;
};
