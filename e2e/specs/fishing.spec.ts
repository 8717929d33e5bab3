import type { Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { minor } from '../support/lottery.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/**
 * Fishing (issue 22): a member of the spec's own opens one of our vendors' fishing titles from
 * /fish; the title plays in house games' fishing shooter; the member fires until a fish is caught
 * and the balance follows every shot (each a seamless bet, each capture its win).
 */

/** Chooses a vendor on a lobby page and waits until the first tile is one of its games. */
const pickVendor = async (page: Page, vendor: string) => {
  const first = page.getByTestId('game-tile').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  const listed = page.waitForResponse(
    (r) => r.url().includes('GCSGAME_gameList') && r.url().includes(`vassalage=${vendor}`) && r.ok(),
  );
  await page.getByTestId('vendor-menu').locator(`button[data-vassalage="${vendor}"]`).click();
  await listed;
  await expect(page.getByTestId('game-tile').first()).toHaveAttribute('data-game-code', /^aur-/);
};

test.describe('fishing', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member opens a fishing title from /fish, fires until a capture, and the balance follows', async ({
    page,
    request,
  }) => {
    const finance = await OperatorApi.login(request, DEMO_FINANCE);
    const username = `fish${uniqueSuffix()}`.slice(0, 16);
    await registerMember(request, username, 'fish12345');
    await finance.fund(username, '20000', 'Fishing browser test');
    await page.goto('/login');
    await loginWithPassword(page, username, 'fish12345');
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });

    await page.goto('/fish');
    await pickVendor(page, 'AUR');
    await page.getByTestId('game-tile').first().getByTestId('game-name').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
    const game = page.frameLocator('[data-testid="game-frame"]');
    const balance = game.getByTestId('hg-balance');
    // The frame's first balance comes from the house-games server's launch call to the platform; early
    // in a run both servers of each worker are still busy with their demo data, so it gets a minute.
    await expect(balance).toHaveText(/R\$\s*200,00/, { timeout: 60_000 });
    await expect(game.getByTestId('hg-fish-sea')).toBeVisible();
    await expect(game.getByTestId('hg-fish-bet')).toHaveText(/R\$\s*0,10/);

    // One shot: the balance moves (a stake of R$ 0,10 and a capture of at least twice it never cancel out).
    await expect(async () => {
      await game.getByTestId('hg-fish-fire').click();
      await expect(game.getByTestId('hg-fish-last')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(balance).not.toHaveText(/R\$\s*200,00/);

    // The bet per shot goes up; auto fire shoots until a fish is caught.
    await game.getByRole('button', { name: '+' }).click();
    await expect(game.getByTestId('hg-fish-bet')).toHaveText(/R\$\s*0,20/);
    await game.getByTestId('hg-fish-auto').click();
    await expect(game.getByTestId('hg-fish-last')).toContainText(/Pegou ×\d+: \+R\$/, { timeout: 90_000 });
    await game.getByTestId('hg-fish-auto').click();

    // The balance settles on what the platform's wallet holds: every stake and win went through it.
    const walletBalance = async () =>
      BigInt(
        (
          await finance.get<{ balance: string }>(
            `/wps/operator/wallets/member?username=${encodeURIComponent(username)}`,
          )
        ).balance,
      );
    await expect
      .poll(async () => minor((await balance.textContent()) ?? '') === (await walletBalance()), { timeout: 15_000 })
      .toBe(true);
    expect(await walletBalance()).not.toBe(20000n);
    await expectNoA11yViolations(page);
    await shoot(page, 'fishing');

    // A shot verified from the history: the seed pair is rotated (revealing its seed), then the
    // shot's verify page recomputes in the browser which fish it captured, as recorded.
    await game.getByTestId('hg-rotate').click();
    await expect(game.getByTestId('hg-prev-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await game.getByTestId('hg-history-open').click();
    const link = game.getByTestId('hg-history').getByTestId('hg-history-verify').first();
    await expect(link).toHaveAttribute('href', /^\/verify\/fish\?/);
    const [verify] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await expect(verify.getByTestId('hg-fish-verify-result')).toBeVisible({ timeout: 15_000 });
    await expect(verify.getByTestId('hg-fish-verify-same')).toHaveText('Confere com o tiro registrado.');
    await expect(verify.getByTestId('hg-verify-hash-check')).toHaveText(/confere com o hash|matches the hash/i);
    // Another server seed does not give the recorded shot (or the hash no longer matches it).
    await verify.getByTestId('hg-verify-server-seed').fill('f'.repeat(64));
    await verify.getByTestId('hg-verify-compute').click();
    await expect(verify.getByTestId('hg-verify-hash-check')).not.toHaveText(/confere com o hash|matches the hash/i);
    await shoot(verify, 'fishing-verify');
  });
});
