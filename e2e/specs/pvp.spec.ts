import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { minor } from '../support/lottery.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/**
 * PvP card rooms (issue 22): a member opens Card Masters' Niu Niu from /pvp, sees the room list
 * (demo bots marked), sits at a room, plays a hand against the bots, and the balance changes by
 * exactly the hand's result (what came back less what was staked), as the platform's wallet says;
 * and the same for a Teen Patti hand (see, chaal, show) against bots.
 */
test.describe('pvp card rooms', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member sits at a Niu Niu room with bots, plays a hand, and the balance moves by its result', async ({
    page,
    request,
  }) => {
    const finance = await OperatorApi.login(request, DEMO_FINANCE);
    const username = `pvp${uniqueSuffix()}`.slice(0, 16);
    await registerMember(request, username, 'pvp123456');
    await finance.fund(username, '50000', 'PvP browser test');
    await page.goto('/login');
    await loginWithPassword(page, username, 'pvp123456');
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });

    await page.goto('/pvp');
    await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
    const listed = page.waitForResponse(
      (r) => r.url().includes('GCSGAME_gameList') && r.url().includes('vassalage=CRD') && r.ok(),
    );
    await page.getByTestId('vendor-menu').locator('button[data-vassalage="CRD"]').click();
    await listed;
    const tile = page.getByTestId('game-tile').first();
    await expect(tile).toHaveAttribute('data-game-code', 'crd-niu-niu');
    await tile.getByTestId('game-name').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);

    const game = page.frameLocator('[data-testid="game-frame"]');
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toHaveText(/R\$\s*500,00/, { timeout: 30_000 });
    await expect(game.getByTestId('pvp-rooms')).toBeVisible();
    await expect(game.getByTestId('pvp-room')).toHaveCount(4);
    await expect(game.getByText('Demo: robôs (marcados Robô)')).toBeVisible();
    await shoot(page, 'pvp-rooms');

    await game.locator('[data-testid="pvp-room"][data-room="niuniu-1"]').getByTestId('pvp-sit').click();
    const table = game.getByTestId('pvp-table');
    await expect(table).toBeVisible();
    await expect(game.getByTestId('pvp-bot').first()).toBeVisible();
    expect(await game.getByTestId('pvp-bot').count()).toBeGreaterThanOrEqual(1);

    // Bid for the bank, then (unless we are the banker) bet ×2.
    await expect(game.getByTestId('pvp-bids')).toBeVisible({ timeout: 30_000 });
    await expect(game.getByTestId('pvp-timer')).toBeVisible();
    await game.getByTestId('pvp-bids').locator('[data-bid="1"]').click();
    await expect(table).toHaveAttribute('data-phase', /betting|dealing|result/, { timeout: 30_000 });
    const multiples = game.getByTestId('pvp-multiples');
    if (await multiples.isVisible()) await multiples.locator('[data-multiple="2"]').click();

    const outcome = game.getByTestId('pvp-outcome');
    await expect(outcome).toBeVisible({ timeout: 40_000 });
    await expect(game.getByTestId('pvp-card')).toHaveCount(5 * (await game.getByTestId('pvp-seat').count()));
    await expect(game.getByTestId('pvp-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await shoot(page, 'pvp-table');
    const delta = BigInt((await outcome.getAttribute('data-delta')) ?? 'x');
    expect(delta).not.toBe(0n);
    // Leave before the next hand: the balance is this hand's alone.
    await game.getByTestId('pvp-leave').click();
    await expect(game.getByTestId('pvp-rooms')).toBeVisible();

    const walletBalance = async () =>
      BigInt(
        (
          await finance.get<{ balance: string }>(
            `/wps/operator/wallets/member?username=${encodeURIComponent(username)}`,
          )
        ).balance,
      );
    await expect.poll(walletBalance, { timeout: 15_000 }).toBe(50_000n + delta);
    await expect
      .poll(async () => minor((await balance.textContent()) ?? ''), { timeout: 15_000 })
      .toBe(50_000n + delta);
    await expectNoA11yViolations(page);
  });
  test('a member plays a Teen Patti hand with bots, and the balance moves by exactly its result', async ({
    page,
    request,
  }) => {
    const finance = await OperatorApi.login(request, DEMO_FINANCE);
    const username = `tp${uniqueSuffix()}`.slice(0, 16);
    await registerMember(request, username, 'pvp123456');
    await finance.fund(username, '50000', 'Teen Patti browser test');
    await page.goto('/login');
    await loginWithPassword(page, username, 'pvp123456');
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });

    await page.goto('/pvp');
    await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 30_000 });
    const listed = page.waitForResponse(
      (r) => r.url().includes('GCSGAME_gameList') && r.url().includes('vassalage=CRD') && r.ok(),
    );
    await page.getByTestId('vendor-menu').locator('button[data-vassalage="CRD"]').click();
    await listed;
    const tile = page.locator('[data-testid="game-tile"][data-game-code="crd-teen-patti"]');
    await tile.getByTestId('game-name').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);

    const game = page.frameLocator('[data-testid="game-frame"]');
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toHaveText(/R\$\s*500,00/, { timeout: 30_000 });
    await expect(game.getByTestId('pvp-room')).toHaveCount(3);
    await expect(game.getByText('Teen Patti', { exact: false }).first()).toBeVisible();
    await game.locator('[data-testid="pvp-room"][data-room="teenpatti-1"]').getByTestId('pvp-sit').click();
    const table = game.getByTestId('pvp-table');
    await expect(table).toHaveAttribute('data-game', 'teenpatti');
    await expect(game.getByTestId('pvp-bot').first()).toBeVisible();

    // Blind: our three cards lie face down until we look.
    await expect(table).toHaveAttribute('data-phase', 'playing', { timeout: 30_000 });
    await expect(game.getByTestId('teen-pot')).toBeVisible();
    const actions = game.getByTestId('teen-actions');
    await actions.locator('[data-op="see"]').click();
    await expect(game.locator('[data-you="true"]').getByTestId('pvp-card')).toHaveCount(3);
    await shoot(page, 'teenpatti-table');

    // Chaal on each of our turns (a show once two are left) until the hand ends.
    const outcome = game.getByTestId('pvp-outcome');
    for (let i = 0; i < 12 && !(await outcome.isVisible()); i++) {
      const show = actions.locator('[data-op="show"]');
      const chaal = actions.locator('[data-op="chaal"]');
      await expect(outcome.or(chaal).first()).toBeVisible({ timeout: 30_000 });
      if (await outcome.isVisible()) break;
      await ((await show.isVisible()) ? show : chaal).click();
      await expect(outcome.or(table.locator('.pvp-seat.you:not(.turn)')).first()).toBeVisible({ timeout: 30_000 });
    }
    await expect(outcome).toBeVisible({ timeout: 40_000 });
    await expect(game.getByTestId('pvp-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await shoot(page, 'teenpatti-result');
    const delta = BigInt((await outcome.getAttribute('data-delta')) ?? 'x');
    await game.getByTestId('pvp-leave').click();
    await expect(game.getByTestId('pvp-rooms')).toBeVisible();

    const walletBalance = async () =>
      BigInt(
        (
          await finance.get<{ balance: string }>(
            `/wps/operator/wallets/member?username=${encodeURIComponent(username)}`,
          )
        ).balance,
      );
    await expect.poll(walletBalance, { timeout: 15_000 }).toBe(50_000n + delta);
    await expect
      .poll(async () => minor((await balance.textContent()) ?? ''), { timeout: 15_000 })
      .toBe(50_000n + delta);
    await expectNoA11yViolations(page);
  });
});
