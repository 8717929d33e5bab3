import path from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, shoot, test } from '../support/fixtures.ts';
import { ARTIFACTS_DIR } from '../support/screenshots.ts';
import { OperatorApi } from '../support/operator.ts';

/**
 * Live tables (issue 22): a member opens a baccarat table from /live (our own provider, through the
 * platform's launch), bets on the banker in the shared round, sees the cards dealt and the round
 * settle into the balance; then a roulette table with three bet kinds and the wheel's number.
 */

/** "R$ 1.234,56" → 123456 */
const minor = (text: string | null) => Number((text ?? '').replace(/\D/g, '') || '0');

const openTable = async (page: Page, code: RegExp, tab: string): Promise<FrameLocator> => {
  await page.goto('/live');
  const tiles = page.getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible({ timeout: 30_000 });
  // The game's own tab (Bacará, Roleta) lists its tables first.
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect
    .poll(
      async () =>
        (await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-code') ?? ''))).some((c) =>
          code.test(c),
        ),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
  const codes = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-code') ?? ''));
  const i = codes.findIndex((c) => code.test(c));
  expect(i, `no ${String(code)} tile on /live`).toBeGreaterThanOrEqual(0);
  await tiles.nth(i).getByTestId('game-name').click();
  await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByTestId('live-table')).toBeVisible({ timeout: 30_000 });
  return game;
};

/** The table's board alone at a phone's and a desktop's width (the page shot shows the frame's top only). */
const shootBoard = async (page: Page, game: FrameLocator, name: string) => {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const board = game.locator('.board');
    await board.scrollIntoViewIfNeeded();
    await board.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-board-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

/** Waits for a betting window with at least `s` seconds left. */
const waitForBets = async (game: FrameLocator, s: number) => {
  await expect
    .poll(
      async () => {
        const phase = await game.getByTestId('live-table').getAttribute('data-phase');
        const left = game.getByTestId('live-seconds');
        if (phase !== 'betting' || !(await left.isVisible())) return 0;
        return Number(await left.innerText());
      },
      { timeout: 40_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(s);
};

test.describe('live tables', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a member bets on the banker at a baccarat table from /live and sees the round settle into the balance', async ({
    page,
    request,
  }) => {
    const operator = await OperatorApi.login(request);
    const username = `lv${uniqueSuffix()}`;
    await registerMember(request, username, 'live1234');
    await operator.fund(username, '50000', 'Live table browser test');
    await loginWithPassword(page, username, 'live1234');
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    const game = await openTable(page, /-baccarat(-[12])?$/, 'Bacará');
    await expect(game.getByTestId('live-table')).toContainText('Baccarat');
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toContainText('R$', { timeout: 30_000 });
    await expect(game.getByTestId('live-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
    await waitForBets(game, 8);
    const before = minor(await balance.textContent());
    expect(before).toBe(50_000);

    await game.getByTestId('chip-0').click(); // R$ 1,00
    await game.getByTestId('spot-banker').click();
    await game.getByTestId('spot-banker').click();
    await game.getByTestId('live-confirm').click();
    await expect(game.getByTestId('live-my-stake')).toContainText('2,00');
    await expect(balance).toHaveText(/R\$\s*498,00/);
    // The table's total on the spot counts the stake.
    await expect(game.getByTestId('spot-banker').locator('.spot-total')).toContainText('2,00');

    // The dealer deals; the result and my win or loss show, and the balance follows.
    await expect(game.getByTestId('live-player-points')).toBeVisible({ timeout: 30_000 });
    const outcome = game.getByTestId('live-outcome');
    await expect(outcome).toBeVisible({ timeout: 30_000 });
    const text = (await outcome.textContent()) ?? '';
    const won = /ganhou/.test(text) ? minor(text) : 0;
    // Banker wins 2 × 1.95, a tie gives the stake back, a player win loses it.
    expect([0, 200, 390]).toContain(won);
    await expect.poll(async () => minor(await balance.textContent()), { timeout: 15_000 }).toBe(before - 200 + won);
    await expect(game.getByTestId('live-bead-plate').locator('.bead-cell').first()).toBeVisible({ timeout: 15_000 });
    await shoot(page, 'live-baccarat');

    // The round is in the game's bet history with its stakes.
    await game.getByTestId('hg-history-open').click();
    await expect(game.getByTestId('hg-history')).toContainText('banker');
  });

  test('a member plays a roulette round with five bet kinds (a split and a corner clicked on the layout) and the wheel lands on the number', async ({
    page,
    request,
  }) => {
    const operator = await OperatorApi.login(request);
    const username = `lr${uniqueSuffix()}`;
    await registerMember(request, username, 'live1234');
    await operator.fund(username, '50000', 'Live table browser test');
    await loginWithPassword(page, username, 'live1234');
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    const game = await openTable(page, /-roulette$/, 'Roleta');
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toContainText('R$', { timeout: 30_000 });
    await waitForBets(game, 10);
    await game.getByTestId('chip-0').click();
    await game.getByTestId('spot-straight:17').click();
    await game.getByTestId('spot-red').click();
    await game.getByTestId('spot-dozen:2').click();
    // A split and a corner, clicked on the layout's lines (the line between 17 and 20, the crossing
    // of 13, 14, 16 and 17).
    await game.getByTestId('spot-split:17-20').click();
    await game.getByTestId('spot-corner:13').click();
    await expect(game.getByTestId('spot-split:17-20')).toContainText('1,00');
    await game.getByTestId('live-confirm').click();
    await expect(game.getByTestId('live-my-stake')).toContainText('5,00');
    await expect(balance).toHaveText(/R\$\s*495,00/);
    const number = game.getByTestId('live-number');
    await expect(number).toBeVisible({ timeout: 30_000 });
    const n = Number(await number.textContent());
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n);
    const won =
      (n === 17 ? 3600 : 0) +
      (red ? 200 : 0) +
      (n >= 13 && n <= 24 ? 300 : 0) +
      (n === 17 || n === 20 ? 1800 : 0) +
      ([13, 14, 16, 17].includes(n) ? 900 : 0);
    await expect.poll(async () => minor(await balance.textContent()), { timeout: 15_000 }).toBe(50_000 - 500 + won);
    await expect(game.getByTestId('live-recent').locator('.num-ball').first()).toHaveText(String(n));
    await shoot(page, 'live-roulette');
    await shootBoard(page, game, 'live-roulette');
  });

  test('a member bets on a double, a specific triple, a two-dice combination and a single at sic bo, paid as shown', async ({
    page,
    request,
  }) => {
    const operator = await OperatorApi.login(request);
    const username = `ls${uniqueSuffix()}`;
    await registerMember(request, username, 'live1234');
    await operator.fund(username, '50000', 'Live table browser test');
    await loginWithPassword(page, username, 'live1234');
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    const game = await openTable(page, /-sic-bo$/, 'Dados');
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toContainText('R$', { timeout: 30_000 });
    // The payouts are on the board.
    await expect(game.getByTestId('spot-double:2')).toContainText('10:1');
    await expect(game.getByTestId('spot-triple:5')).toContainText('180:1');
    await expect(game.getByTestId('spot-combo:1-6')).toContainText('5:1');
    await waitForBets(game, 10);
    await game.getByTestId('chip-0').click();
    for (const spot of ['double:2', 'triple:5', 'combo:1-6', 'single:3'])
      await game.getByTestId(`spot-${spot}`).click();
    await game.getByTestId('live-confirm').click();
    await expect(game.getByTestId('live-my-stake')).toContainText('4,00');
    await expect(balance).toHaveText(/R\$\s*496,00/);
    const dice = game.getByTestId('live-dice');
    await expect(dice).toHaveAttribute('data-dice', /^\d,\d,\d$/, { timeout: 30_000 });
    const d = ((await dice.getAttribute('data-dice')) ?? '').split(',').map(Number);
    const count = (n: number) => d.filter((x) => x === n).length;
    const won =
      (count(2) >= 2 ? 1100 : 0) +
      (count(5) === 3 ? 18_100 : 0) +
      (count(1) > 0 && count(6) > 0 ? 600 : 0) +
      (count(3) > 0 ? 100 * (1 + count(3)) : 0);
    await expect.poll(async () => minor(await balance.textContent()), { timeout: 15_000 }).toBe(50_000 - 400 + won);
    await shoot(page, 'live-sicbo');
    await shootBoard(page, game, 'live-sicbo');
  });

  test('two members at one table: one writes in the table chat, the other reads it (listed words masked)', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const a = `lc${uniqueSuffix()}`;
    const b = `lc${uniqueSuffix()}`;
    await registerMember(request, a, 'live1234');
    await registerMember(request, b, 'live1234');
    await loginWithPassword(page, a, 'live1234');
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });
    const other = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    try {
      const page2 = await other.newPage();
      await loginWithPassword(page2, b, 'live1234');
      await expect(page2.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });
      const gameA = await openTable(page, /-baccarat(-[12])?$/, 'Bacará');
      // The second member sits at the same table (the lobby may list the three baccarat tables in
      // another order for them, and the chat is per table: a CI run once waited for it in vain).
      const seat = new URL(page.url());
      await page2.goto(`${seat.pathname}${seat.search}`);
      const gameB = page2.frameLocator('[data-testid="game-frame"]');
      await expect(gameB.getByTestId('live-table')).toBeVisible({ timeout: 30_000 });

      const said = `Boa sorte a todos ${uniqueSuffix()}`;
      await gameA.getByTestId('live-chat-input').fill(said);
      await gameA.getByTestId('live-chat-send').click();
      await expect(gameA.getByTestId('live-chat-input')).toHaveValue('');
      await expect(gameB.getByTestId('live-chat-list')).toContainText(said, { timeout: 15_000 });

      // The other way, through the word filter: the listed word arrives masked.
      await gameB.getByTestId('live-chat-input').fill('que merda de mão');
      await gameB.getByTestId('live-chat-send').click();
      await expect(gameA.getByTestId('live-chat-list')).toContainText('que ***** de mão', { timeout: 15_000 });
      await expect(gameA.getByTestId('live-chat-list')).not.toContainText('merda');
      await shoot(page, 'live-chat');

      // Spec §7 launch chat: a visitor asks the platform for the table's chatUrl and reads the same
      // chat there, without a way to write.
      const nodeId = new URL(page.url()).searchParams.get('gameId');
      const launched = await request.get(`/wps/game/live/chat?nodeId=${nodeId}`);
      expect(launched.status()).toBe(200);
      const chat = (await launched.json()) as { value: { chatUrl: string; readOnly: boolean } };
      expect(chat.value.readOnly).toBe(true);
      const visitor = await browser.newContext({ viewport: { width: 360, height: 800 } });
      try {
        const chatPage = await visitor.newPage();
        await chatPage.goto(chat.value.chatUrl);
        await expect(chatPage.getByTestId('live-chat-list')).toContainText(said, { timeout: 15_000 });
        await expect(chatPage.getByTestId('live-chat-readonly')).toBeVisible();
        await expect(chatPage.getByTestId('live-chat-input')).toHaveCount(0);
        await chatPage.screenshot({ path: path.join(ARTIFACTS_DIR, 'live-chat-url-360x800.png') });
      } finally {
        await visitor.close();
      }
      // On a phone the panel folds under its title; opened, it shows the messages and the input.
      await page.setViewportSize({ width: 360, height: 800 });
      const toggle = gameA.getByTestId('live-chat-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // The frame lays itself out again for the phone: a click during that may not take, so it is
      // made again until the panel reports itself open.
      await expect(async () => {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click({ timeout: 2_000 });
        await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(gameA.getByTestId('live-chat-list')).toContainText(said);
      await gameA.getByTestId('live-chat-input').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'live-chat-phone-360x800.png') });
    } finally {
      await other.close();
    }
  });
});
