import type { Locator } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * The sportsbook (issue 23, decision 099): a member of the spec's own opens /sports, launches our
 * sports vendor's title, bets a pre-match single on the simulated feed's next football match from the
 * sportsbook's home, and once the match ends (the e2e feed plays a match in 5 s) sees the settlement
 * in the game's balance and in my bets with the leg's state.
 */

/** "R$ 1.234,56" → 123456 (minor units) */
const cents = async (l: Locator) => Number(((await l.textContent()) ?? '').replace(/\D/g, ''));

test.describe('sports', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member bets a pre-match single from /sports; the demo feed settles it in the balance and my bets', async ({
    page,
    request,
    operator,
  }) => {
    const username = `sp${uniqueSuffix()}`;
    await registerMember(request, username, 'gol12345');
    await operator.fund(username, '50000', 'Sports browser test');
    await loginWithPassword(page, username, 'gol12345');
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    // /sports lists our sports vendor's titles, no longer under maintenance.
    await page.goto('/sports');
    const tile = page.locator('[data-testid="game-tile"][data-game-code="sbk-lotus-sportsbook"]');
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await tile.getByTestId('game-name').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
    const game = page.frameLocator('[data-testid="game-frame"]');

    const balance = game.getByTestId('hg-balance');
    await expect(balance).toHaveText(/R\$\s?500,00/, { timeout: 30_000 });
    await expect(game.getByTestId('hg-sp-home')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-BRA')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-EPL')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-UCL')).toBeVisible();

    // The search finds a team's matches.
    const firstName = (
      (await game.getByTestId('hg-sp-event').first().getByTestId('hg-sp-teams').textContent()) ?? ''
    ).split(' v ')[0]!;
    await game.getByTestId('hg-sp-search').fill(firstName.trim());
    await expect(game.getByTestId('hg-sp-event').first()).toContainText(firstName.trim());
    await game.getByTestId('hg-sp-search').fill('');

    // The next match with at least 8 s to kick-off: its home win goes in the slip.
    let eventId = '';
    await expect
      .poll(
        async () => {
          for (const e of await game.getByTestId('hg-sp-event').all()) {
            const at = await e.getByTestId('hg-sp-kickoff').getAttribute('data-starts-at');
            if (at && Date.parse(at) - Date.now() > 8_000) {
              eventId = (await e.getAttribute('data-event-id')) ?? '';
              return eventId;
            }
          }
          return '';
        },
        { timeout: 60_000 },
      )
      .not.toBe('');
    const event = game.locator(`[data-testid="hg-sp-event"][data-event-id="${eventId}"]`);
    const home = game.getByTestId(`hg-sp-sel-${eventId}-1X2:H`);
    const odds = await cents(home.locator('strong'));
    expect(odds).toBeGreaterThan(100);
    await home.click();
    await expect(home).toHaveAttribute('aria-pressed', 'true');
    await expect(game.getByTestId('hg-sp-pick')).toHaveCount(1);
    await game.getByTestId('hg-sp-stake').fill('10,00');
    const potential = Math.floor((1000 * odds) / 100);
    expect(await cents(game.getByTestId('hg-sp-return'))).toBe(potential);
    await shoot(page, 'sports-slip');
    await expectNoA11yViolations(page);
    await game.getByTestId('hg-sp-place').click();
    await expect(game.getByRole('status')).toBeVisible();
    await expect.poll(() => cents(balance)).toBe(50_000 - 1000);
    await expect(event).toBeVisible();

    // An event page has every market.
    await event.getByTestId('hg-sp-event-open').click();
    await expect(game.getByTestId('hg-sp-event-page')).toBeVisible();
    await expect(game.getByTestId('hg-sp-event-page').locator('.sp-market')).toHaveCount(18);

    // My bets: the single is open, then the match ends and it is settled once, with the balance.
    await game.getByTestId('hg-sp-nav-bets').click();
    const mine = game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet');
    await expect(mine.first()).toHaveAttribute('data-result', 'OPEN');
    await expect(mine.first().getByTestId('hg-sp-leg')).toHaveAttribute('data-result', 'OPEN');
    await expect(game.getByTestId('hg-sp-tab-open')).toContainText('(0)', { timeout: 90_000 });
    await game.getByTestId('hg-sp-tab-settled').click();
    const settled = mine.first();
    await expect(settled).toHaveAttribute('data-result', /^(WIN|LOSE)$/);
    const result = await settled.getAttribute('data-result');
    await expect(settled.getByTestId('hg-sp-leg')).toHaveAttribute('data-result', result!);
    const expected = 50_000 - 1000 + (result === 'WIN' ? potential : 0);
    await expect.poll(() => cents(balance), { timeout: 15_000 }).toBe(expected);
    await expect(mine).toHaveCount(1);
    await shoot(page, 'sports-settled');
  });
});
