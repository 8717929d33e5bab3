import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from './accounts.ts';
import type { OperatorApi } from './operator.ts';

/*
 * The steps the sportsbook and cockfight specs share: a member of the spec's own with R$ 500,00,
 * the sportsbook opened from a games page, the upcoming matches on its home, money read off a label.
 */

/** "R$ 1.234,56" → 123456 (minor units) */
export const cents = async (l: Locator) => Number(((await l.textContent()) ?? '').replace(/\D/g, ''));

/**
 * A new member (`prefix` and a unique suffix) funded with R$ 500,00 by the operator and logged in on
 * `page`. `warm`: load the sign-in once first with a long wait, for servers that have just started on
 * a busy machine and serve the sign-in's chunks slowly.
 */
export const fundedMember = async (
  { page, request, operator }: { page: Page; request: APIRequestContext; operator: OperatorApi },
  prefix: string,
  note: string,
  opts: { password?: string; warm?: boolean } = {},
) => {
  const username = `${prefix}${uniqueSuffix()}`;
  const password = opts.password ?? 'gol12345';
  await registerMember(request, username, password);
  await operator.fund(username, '50000', note);
  if (opts.warm) {
    await page.goto('/login');
    await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 120_000 });
  }
  await loginWithPassword(page, username, password);
  await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });
  return username;
};

/**
 * The sportsbook title `code` opened from the games page `path` (/sports or /esports): its frame
 * and the game's balance label, once it shows the member's R$ 500,00.
 */
export const openSportsbook = async (page: Page, path = '/sports', code = 'sbk-lotus-sportsbook') => {
  await page.goto(path);
  const tile = page.locator(`[data-testid="game-tile"][data-game-code="${code}"]`);
  await expect(tile).toBeVisible({ timeout: 30_000 });
  await tile.getByTestId('game-name').click();
  await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
  const game = page.frameLocator('[data-testid="game-frame"]');
  const balance = game.getByTestId('hg-balance');
  await expect(balance).toHaveText(/R\$\s?500,00/, { timeout: 30_000 });
  return { game, balance };
};

/**
 * The ids of the events on the sportsbook's home that start more than `leadMs` from now, soonest
 * first (the list is grouped by league, so its first such event may be many kick-offs away), once
 * there are at least `count` of them. The rows are read in one go in the page: a row that leaves the
 * list at its kick-off is simply not there, where a locator for it would wait for it.
 */
export const upcomingEvents = async (
  game: FrameLocator,
  leadMs: number,
  { count = 1, timeout = 60_000, sport }: { count?: number; timeout?: number; sport?: string } = {},
) => {
  let found: { id: string; at: number }[] = [];
  await expect
    .poll(
      async () => {
        const rows = await game.getByTestId('hg-sp-event').evaluateAll((els) =>
          els.map((e) => ({
            id: e.getAttribute('data-event-id') ?? '',
            sport: e.getAttribute('data-sport') ?? '',
            at: e.querySelector('[data-testid="hg-sp-kickoff"]')?.getAttribute('data-starts-at') ?? '',
          })),
        );
        const now = Date.now();
        // Of one sport only when asked: right after a sport's chip is clicked the list may still be
        // every sport's (a tennis match has no draw to pick; a CI run once waited for one in vain).
        found = rows
          .filter((r) => !sport || r.sport === sport)
          .map((r) => ({ id: r.id, at: Date.parse(r.at) }))
          .filter((r) => r.id && r.at - now > leadMs)
          .sort((a, b) => a.at - b.at);
        return found.length;
      },
      { timeout },
    )
    .toBeGreaterThanOrEqual(count);
  return found.map((e) => e.id);
};
