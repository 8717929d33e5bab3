import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { minor } from '../support/lottery.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/**
 * PvP card rooms (issue 22): a member opens Card Masters' Niu Niu from /pvp, sees the room list
 * (demo bots marked), sits at a room, plays a hand against the bots, and the balance changes by
 * exactly the hand's result (what came back less what was staked), as the platform's wallet says;
 * the same for a Teen Patti hand (see, chaal, show) against bots; and two members, each in their own
 * browser, sit at one Niu Niu room and play a hand against each other, each balance moving by that
 * hand's result and the hand recalled, every seat's cards, from each member's bet history.
 */

/** A new member with R$ 500, logged in, at the room list of one of Card Masters' PvP titles. */
const openRooms = async (page: Page, request: APIRequestContext, prefix: string, code: string) => {
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  const username = `${prefix}${uniqueSuffix()}`.slice(0, 16);
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
  const tile = page.locator(`[data-testid="game-tile"][data-game-code="${code}"]`);
  await tile.getByTestId('game-name').click();
  await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);

  const game = page.frameLocator('[data-testid="game-frame"]');
  const balance = game.getByTestId('hg-balance');
  await expect(balance).toHaveText(/R\$\s*500,00/, { timeout: 30_000 });
  await expect(game.getByTestId('pvp-rooms')).toBeVisible();
  /** The member's balance as the platform's wallet has it. */
  const wallet = async () =>
    BigInt(
      (await finance.get<{ balance: string }>(`/wps/operator/wallets/member?username=${encodeURIComponent(username)}`))
        .balance,
    );
  /** Sits at a room of the list: the table opens. */
  const sit = async (room: string) => {
    await game.locator(`[data-testid="pvp-room"][data-room="${room}"]`).getByTestId('pvp-sit').click();
    await expect(game.getByTestId('pvp-table')).toBeVisible();
  };
  /** Leaves the table (before the next hand) and sees both balances, wallet and game, at `expected`. */
  const leaveAt = async (expected: bigint) => {
    await game.getByTestId('pvp-leave').click();
    await expect(game.getByTestId('pvp-rooms')).toBeVisible();
    await expect.poll(wallet, { timeout: 15_000 }).toBe(expected);
    await expect.poll(async () => minor((await balance.textContent()) ?? ''), { timeout: 15_000 }).toBe(expected);
  };
  return { username, game, balance, wallet, sit, leaveAt };
};

test.describe('pvp card rooms', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member sits at a Niu Niu room with bots, plays a hand, and the balance moves by its result', async ({
    page,
    request,
  }) => {
    const { game, sit, leaveAt } = await openRooms(page, request, 'pvp', 'crd-niu-niu');
    await expect(game.getByTestId('pvp-room').first()).toHaveAttribute('data-room', 'niuniu-1');
    await expect(game.getByTestId('pvp-room')).toHaveCount(4);
    await expect(game.getByText('Demo: robôs (marcados Robô)')).toBeVisible();
    await shoot(page, 'pvp-rooms');

    await sit('niuniu-1');
    const table = game.getByTestId('pvp-table');
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
    // The result before anything slow (screenshots): the next hand follows it.
    const delta = BigInt((await outcome.getAttribute('data-delta')) ?? 'x');
    await expect(game.getByTestId('pvp-card')).toHaveCount(5 * (await game.getByTestId('pvp-seat').count()));
    await expect(game.getByTestId('pvp-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await shoot(page, 'pvp-table');
    expect(delta).not.toBe(0n);
    // Leave before the next hand: the balance is this hand's alone.
    await leaveAt(50_000n + delta);
    await expectNoA11yViolations(page);
  });

  test('a member plays a Teen Patti hand with bots, and the balance moves by exactly its result', async ({
    page,
    request,
  }) => {
    const { game, sit, leaveAt } = await openRooms(page, request, 'tp', 'crd-teen-patti');
    await expect(game.getByTestId('pvp-room')).toHaveCount(3);
    await expect(game.getByText('Teen Patti', { exact: false }).first()).toBeVisible();
    await sit('teenpatti-1');
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
    // The result before anything slow (screenshots): the next hand follows it.
    const delta = BigInt((await outcome.getAttribute('data-delta')) ?? 'x');
    await expect(game.getByTestId('pvp-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await shoot(page, 'teenpatti-result');
    await leaveAt(50_000n + delta);
    await expectNoA11yViolations(page);
  });

  test('two members, each in their own browser, play a Niu Niu hand against each other; each balance moves by it and each bet history recalls its cards', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // The second member: another person with their own browser (not a bot).
    const other = await browser.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
    const page2 = await other.newPage();
    await page2.addLocatorHandler(page2.getByTestId('announcement-popup'), async () => {
      await page2.getByTestId('announcement-dismiss').click();
    });
    try {
      const a = await openRooms(page, request, 'pva', 'crd-niu-niu');
      const b = await openRooms(page2, request, 'pvb', 'crd-niu-niu');
      // The 5.00 room: six seats, demo bots fill at most half beside a lone player, so the second
      // member always finds a seat beside the first.
      await a.sit('niuniu-5');
      await b.sit('niuniu-5');
      for (const [me, them] of [
        [a, b],
        [b, a],
      ] as const) {
        await expect(me.game.locator('[data-testid="pvp-seat"][data-you="true"]')).toContainText(me.username);
        await expect(
          me.game.locator('[data-testid="pvp-seat"][data-you="false"][data-bot="false"]', { hasText: them.username }),
        ).toBeVisible();
      }

      // One hand both are dealt into: the second may have sat down after the first hand began, so
      // the hand is the one in which the second is asked to bid (the first is asked too). Its stakes
      // are taken when betting closes, so the balances before it are read now (and nothing slow, such as a
      // screenshot, comes before the bids: the seat timer runs).
      const bids = (x: typeof a) => x.game.getByTestId('pvp-bids');
      await expect(bids(b)).toBeVisible({ timeout: 60_000 });
      const hand = await b.game.getByTestId('pvp-table').getAttribute('data-hand');
      expect(hand).toMatch(/^\d+$/);
      await expect(a.game.getByTestId('pvp-table')).toHaveAttribute('data-hand', hand!);
      await expect(bids(a)).toBeVisible();
      const before = { a: await a.wallet(), b: await b.wallet() };
      await bids(a).locator('[data-bid="2"]').click();
      await bids(b).locator('[data-bid="1"]').click();
      // The banker (whoever bid highest) waits; every other seat bets ×2.
      for (const x of [a, b])
        await expect(x.game.getByTestId('pvp-table')).toHaveAttribute('data-phase', /betting|dealing|result/, {
          timeout: 30_000,
        });
      for (const x of [a, b]) {
        const multiples = x.game.getByTestId('pvp-multiples');
        if (await multiples.isVisible()) await multiples.locator('[data-multiple="2"]').click();
      }
      const deltas: bigint[] = [];
      for (const x of [a, b]) {
        const outcome = x.game.locator(`[data-testid="pvp-table"][data-hand="${hand}"]`).getByTestId('pvp-outcome');
        await expect(outcome).toBeVisible({ timeout: 40_000 });
        deltas.push(BigInt((await outcome.getAttribute('data-delta')) ?? 'x'));
      }
      // Each of them sees the other's five cards.
      await expect(
        a.game.locator('[data-testid="pvp-seat"]', { hasText: b.username }).getByTestId('pvp-card'),
      ).toHaveCount(5);
      // Both leave at once, within the result (the next hand would deal them in again); the pictures
      // of the hand are the bet history's below.
      await Promise.all([a.leaveAt(before.a + deltas[0]!), b.leaveAt(before.b + deltas[1]!)]);

      // Each member's bet history recalls the hand: both of them in it, every seat's five cards.
      for (const [x, p] of [
        [a, page],
        [b, page2],
      ] as const) {
        await p.getByTestId('game-history-link').click();
        await expect(p.getByTestId('bet-history')).toBeVisible();
        const row = p.getByTestId('bh-row').first();
        await expect(row.getByTestId('bh-vendor-name')).toBeVisible();
        await row.getByTestId('bh-open').click();
        const detail = p.getByTestId('round-detail');
        const outcome = detail.getByTestId('round-outcome');
        await expect(outcome).toHaveAttribute('data-kind', 'pvp');
        await expect(outcome).toHaveAttribute('data-hand', hand!);
        const seats = outcome.getByTestId('round-pvp-seat');
        await expect(seats.filter({ hasText: a.username })).toHaveCount(1);
        await expect(seats.filter({ hasText: b.username })).toHaveCount(1);
        await expect(outcome.locator('[data-testid="round-pvp-seat"][data-mine="true"]')).toContainText(x.username);
        await expect(outcome.getByTestId('round-pvp-card')).toHaveCount(5 * (await seats.count()));
        await shoot(p, `pvp-bet-history-${x === a ? 'first' : 'second'}`);
        await expectNoA11yViolations(p);
      }
    } finally {
      await other.close();
    }
  });
});
