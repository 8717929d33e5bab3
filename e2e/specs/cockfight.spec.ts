import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { cents, fundedMember } from '../support/sports.ts';

/**
 * Cockfight (issue 23, decision 092): a member of the spec's own opens the Rinha de galo menu, opens
 * the house cockfight in the game room, bets meron on the simulated arena's fight, and once the
 * fight resolves sees the settlement in the game's balance, in its my-bets list and in the
 * platform's bet history.
 */

test.describe('cockfight', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member bets meron from the Rinha de galo menu; the fight settles it in the balance, my bets and the bet history', async ({
    page,
    request,
    operator,
  }) => {
    await fundedMember({ page, request, operator }, 'cf', 'Cockfight browser test', {
      password: 'galo1234',
    });

    // The lobby's Rinha de galo menu lists the house cockfight, no longer under maintenance.
    await page.goto('/');
    await page
      .locator('.category-menu')
      .getByRole('tab', { name: /rinha de galo/i })
      .click();
    await expect(page).toHaveURL(/type=COCKFIGHT/);
    const tile = page.locator('[data-testid="game-tile"][data-game-code="cockfight"]');
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await tile.getByTestId('game-name').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
    const game = page.frameLocator('[data-testid="game-frame"]');

    const balance = game.getByTestId('hg-balance');
    await expect(balance).toHaveText(/R\$\s?500,00/, { timeout: 30_000 });
    await expect(game.getByTestId('hg-cf-arena')).toBeVisible();
    await expect(game.getByTestId('hg-cf-limits')).toContainText('R$ 1,00');
    await expect(game.getByTestId('hg-cf-limits')).toContainText('R$ 10.000,00');

    // Wait for a fight whose betting window has a few seconds left, then pick meron.
    const status = game.getByTestId('hg-cf-status');
    await expect
      .poll(async () => Number(/(\d+) s/.exec((await status.textContent()) ?? '')?.[1] ?? 0), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(6);
    const fight = (await game.getByTestId('hg-cf-fight').textContent()) ?? '';
    const odds = await cents(game.getByTestId('hg-cf-odds-MERON'));
    expect(odds).toBeGreaterThan(100);
    await game.getByTestId('hg-cf-pick-MERON').click();
    await expect(game.getByTestId('hg-cf-pick-MERON')).toHaveAttribute('aria-pressed', 'true');
    await game.getByTestId('hg-cf-stake').fill('10,00');
    const potential = Math.floor((1000 * odds) / 100);
    expect(await cents(game.getByTestId('hg-cf-return'))).toBe(potential);
    await game.getByTestId('hg-cf-place').click();
    await expect(game.getByRole('status')).toContainText('Meron');
    await expect.poll(() => cents(balance)).toBe(50_000 - 1000);
    const mine = game.getByTestId('hg-cf-mybets').getByTestId('hg-cf-bet');
    await expect(mine.first()).toHaveAttribute('data-result', 'OPEN');
    expect(await game.getByTestId('hg-cf-fight').textContent()).toBe(fight);
    // The frame scrolled to the slip's button: back to the top of the fight for the pictures.
    await game.locator('body').evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'cockfight-bet');
    await expectNoA11yViolations(page);

    // The fight resolves: the bet leaves the open list and is settled once, with the balance.
    await expect(game.getByTestId('hg-cf-tab-open')).toContainText('(0)', { timeout: 60_000 });
    await game.getByTestId('hg-cf-tab-settled').click();
    const settled = mine.first();
    await expect(settled).toHaveAttribute('data-result', /^(WIN|LOSE|PUSH)$/);
    const result = await settled.getAttribute('data-result');
    const expected = 50_000 - 1000 + (result === 'WIN' ? potential : result === 'PUSH' ? 1000 : 0);
    await expect.poll(() => cents(balance), { timeout: 15_000 }).toBe(expected);
    await expect(mine).toHaveCount(1);
    await expect(game.getByTestId('hg-cf-results').locator('li').first()).toBeVisible();
    await game.locator('body').evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'cockfight-settled');

    // Once a fight's seed is revealed, its card links to the verify page, which recomputes the fight's
    // form and result in the browser and checks the seed against the hash shown while betting.
    const verifyLink = game.getByTestId('hg-cf-verify-link');
    await expect(verifyLink).toBeVisible({ timeout: 45_000 });
    const href = (await verifyLink.getAttribute('href'))!;
    // The link is the game's own (house games' origin), as the frame's document resolves it.
    const gameUrl = page
      .frames()
      .find((f) => /\/play\//.test(f.url()))!
      .url();
    const verify = await page.context().newPage();
    await verify.goto(new URL(href, gameUrl).toString());
    await expect(verify.getByTestId('hg-cf-verify-outcome')).toHaveText(/vence|Empate/);
    await expect(verify.getByTestId('hg-cf-verify-same')).toHaveText('Confere com o resultado registrado.');
    await expect(verify.getByTestId('hg-verify-hash-check')).toHaveClass(/\bok\b/);
    await shoot(verify, 'cockfight-verify');
    await verify.close();

    // The platform's bet history has the round, by the vendor's name, with what it paid.
    await page.getByTestId('game-history-link').click();
    await expect(page.getByTestId('bet-history')).toBeVisible();
    const row = page.getByTestId('bh-row').first();
    await expect(row.getByTestId('bh-vendor-name')).toHaveText('Sabong Live');
    await expect(row).toContainText('10,00');
  });
});
