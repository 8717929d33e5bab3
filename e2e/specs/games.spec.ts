import type { FrameLocator, Locator, Page } from '@playwright/test';
import { openLogin } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { DEMO_OPERATOR } from '../support/operator.ts';

/**
 * Games (issue 6): a slot from the lobby through our own provider (house games) in the game room,
 * the round reopened from the bet history; dice verified on the verify page; a trial account
 * refused; a vendor under maintenance showing its message; an operator scheduling a vendor's
 * maintenance from the console.
 */

/** A funded demo player who has not played yet (apps/server/src/seed/providers.ts). */
const PLAYER = { username: 'sortudo88', password: 'demo1234' };
const PVP_MESSAGE = 'As salas de cartas e peças estão sendo conectadas. Este provedor está em manutenção até lá.';

/** "R$ 1.234,56" → 1234.56 */
const money = async (l: Locator) => {
  const text = (await l.textContent()) ?? '';
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
};
const cents = (n: number) => Math.round(n * 100);

/** The accounts helper's steps, with room for a slow first load on a busy machine. */
const login = async (page: Page) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('login-username').fill(PLAYER.username);
  await page.getByTestId('login-password').fill(PLAYER.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
};

/** Opens the first tile of a game list (whose code matches, if given) and waits for the game room. */
const openGame = async (page: Page, path: string, code?: RegExp): Promise<FrameLocator> => {
  await page.goto(path);
  // Not settle(): a logged-in page keeps its live wallet connection open, so the network never idles.
  const tiles = page.getByTestId('game-tile');
  await expect(tiles.first()).toBeVisible();
  const codes = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-code') ?? ''));
  const i = code ? codes.findIndex((c) => code.test(c)) : 0;
  expect(i, `no ${String(code)} tile on ${path}`).toBeGreaterThanOrEqual(0);
  // The name under the artwork opens the game as the artwork does.
  await tiles.nth(i).getByTestId('game-name').click();
  await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
  return page.frameLocator('[data-testid="game-frame"]');
};

/** Chooses a vendor on a lobby page and waits until the first tile is one of its games. */
const pickVendor = async (page: Page, vendor: string) => {
  const first = page.getByTestId('game-tile').first();
  await expect(first).toBeVisible();
  const before = await first.getAttribute('data-node-id');
  const listed = page.waitForResponse(
    (r) => r.url().includes('GCSGAME_gameList') && r.url().includes(`vassalage=${vendor}`) && r.ok(),
  );
  await page.getByTestId('vendor-menu').locator(`button[data-vassalage="${vendor}"]`).click();
  await listed;
  await expect(page.getByTestId('vendor-menu').locator(`button[data-vassalage="${vendor}"]`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(first).not.toHaveAttribute('data-node-id', before ?? '');
};

test.describe('games', () => {
  // Each test logs in, launches a game in a frame served by a second process, and plays it.
  test.describe.configure({ timeout: 120_000 });

  test('a member opens a slot from the lobby, spins, and reopens the round in the bet history', async ({ page }) => {
    await login(page);
    const game = await openGame(page, '/rng');
    await expect(page.getByTestId('game-room')).toBeVisible();
    // The game page hides the header balance; the game shows its own.
    await expect(page.getByTestId('balance')).toHaveCount(0);
    const balance = game.getByTestId('hg-balance');
    await expect(balance).toContainText('R$', { timeout: 30_000 });
    const before = await money(balance);
    expect(before).toBeGreaterThan(0);
    const bet = await money(game.getByTestId('hg-bet'));

    await game.getByTestId('hg-spin').click();
    await expect(game.getByTestId('hg-win')).toContainText('R$', { timeout: 30_000 });
    const win = await money(game.getByTestId('hg-win'));
    await expect.poll(async () => cents(await money(balance))).toBe(cents(before) - cents(bet) + cents(win));
    await shoot(page, 'game-room-slot');
    await expectNoA11yViolations(page);

    await page.getByTestId('game-history-link').click();
    await expect(page.getByTestId('bet-history')).toBeVisible();
    const row = page.getByTestId('bh-row').first();
    await expect(row).toBeVisible();
    // The provider by its name, and every column of the round in view on a desktop and a phone,
    // beside one side menu (the member centre's) only.
    await expect(row.getByTestId('bh-vendor-name')).toHaveText('Lotus Spin');
    for (const size of [
      { width: 1440, height: 900 },
      { width: 360, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await expect(page.locator('.player-shell__side')).toHaveCount(0);
      for (const cell of [row.getByTestId('bh-open'), row.locator('td').nth(5)]) {
        // Seen without scrolling the table sideways: inside its frame and inside the window.
        const fits = await cell.evaluate((el) => {
          const frame = el.closest('.bet-history__scroll')!;
          frame.scrollLeft = 0;
          const f = frame.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return r.left >= Math.max(f.left, 0) - 1 && r.right <= Math.min(f.right, window.innerWidth) + 1;
        });
        expect(fits, `${size.width} px`).toBe(true);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await row.getByTestId('bh-open').click();
    const detail = page.getByTestId('round-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('round-outcome')).toHaveAttribute('data-kind', 'slot');
    await expect(detail.getByTestId('round-vendor')).toHaveText('Lotus Spin');
    expect(cents(await money(detail.getByTestId('round-win')))).toBe(cents(win));
    await expectNoA11yViolations(page);
    await shoot(page, 'bet-history-round');
  });

  test('on a phone the game room shows the whole title and each control once', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await login(page);
    const game = await openGame(page, '/rng');
    await expect(game.getByTestId('hg-balance')).toContainText('R$', { timeout: 30_000 });
    const title = page.getByTestId('game-room-title');
    const name = (await title.textContent())!.trim();
    expect(name.length).toBeGreaterThan(3);
    // Not cut to a letter beside the back arrow: the title gets most of the bar (a long name ends in
    // an ellipsis, and the whole name is its tooltip).
    const width = await title.evaluate((el) => el.clientWidth);
    expect(width, `title "${name}" has ${width} px`).toBeGreaterThanOrEqual(150);
    await expect(title).toHaveAttribute('title', name);
    // The platform's bar links to the platform's bet history under its own name, and the game keeps
    // its own "my bets": no label appears twice on the screen.
    await expect(page.getByTestId('game-history-link')).toHaveAccessibleName('Histórico de apostas');
    const frameTexts = await game.locator('body').innerText();
    const pageTexts = await page.getByTestId('game-room').locator('.game-room__bar').innerText();
    for (const label of ['Minhas apostas', 'Jogo grátis'])
      expect(pageTexts.includes(label) && frameTexts.includes(label), label).toBe(false);
    await shoot(page, 'game-room-phone');
  });

  test('a member plays dice and verifies the outcome on the verify page', async ({ page, context }) => {
    await login(page);
    const game = await openGame(page, '/bgs', /dice/i);
    const rollButton = game.getByTestId('hg-dice-roll-button');
    await expect(rollButton).toBeEnabled({ timeout: 30_000 });
    await expect(game.getByTestId('hg-server-hash')).toHaveText(/^[0-9a-f]{64}$/);
    const hashBefore = await game.getByTestId('hg-server-hash').textContent();
    await rollButton.click();
    await expect(game.getByTestId('hg-dice-outcome')).toBeVisible();
    const roll = (await game.getByTestId('hg-dice-roll').textContent())!.trim();
    // Written as Portuguese writes decimals (decision 060).
    expect(roll).toMatch(/^\d{1,2},\d{2}$/);

    // Reveal the server seed (rotating the pair), then recompute the roll in the browser.
    await game.getByTestId('hg-rotate').click();
    await expect(game.getByTestId('hg-prev-server-seed')).toHaveText(/^[0-9a-f]{64}$/);
    const [verify] = await Promise.all([
      context.waitForEvent('page'),
      game.getByRole('link', { name: 'Abrir a página de verificação' }).click(),
    ]);
    await expect(verify.getByTestId('hg-verify-result')).toHaveText(`Rolagem: ${roll}`);
    await expect(verify.getByTestId('hg-verify-hash')).toHaveValue(hashBefore!);
    await expect(verify.getByTestId('hg-verify-hash-check')).toHaveText(
      'A semente do servidor confere com o hash mostrado antes da aposta.',
    );
    await expectNoA11yViolations(verify);
    // A tampered seed no longer matches the hash that was shown before play.
    await verify.getByTestId('hg-verify-server-seed').fill('0'.repeat(64));
    await verify.getByTestId('hg-verify-compute').click();
    await expect(verify.getByTestId('hg-verify-hash-check')).toHaveText(
      'A semente do servidor NÃO confere com esse hash.',
    );
    await verify.close();
  });

  test('house games runs in the game room under its own CSP, framed only by the platform, nothing refused', async ({
    page,
    baseURL,
  }) => {
    // Chromium reports every blocked load, style or connection on the console, frames included.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    const framed = page.waitForResponse((r) => r.request().resourceType() === 'document' && r.url().includes('/play/'));
    await login(page);
    const game = await openGame(page, '/bgs', /crash/i);
    const csp = (await framed).headers()['content-security-policy'] ?? '';
    // Only the platform may frame it: its origin (the demo also names its localhost/127.0.0.1 twin).
    const platform = new URL(baseURL!);
    const twin = new URL(baseURL!);
    twin.hostname = platform.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const ancestors = /frame-ancestors ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(ancestors).toContain(platform.origin);
    expect(ancestors.filter((a) => a !== platform.origin && a !== twin.origin)).toEqual([]);
    // The crash screen: its live round over server-sent events, its canvas and its styles.
    await expect(game.getByTestId('hg-crash-bet')).toBeVisible({ timeout: 30_000 });
    await expect(game.getByTestId('hg-crash-multiplier')).not.toBeEmpty();
    await expect(game.locator('.crash-stage')).toHaveCSS('position', 'relative');
    expect(refused).toEqual([]);
  });

  test('a trial account is refused a game', async ({ page }) => {
    await openLogin(page);
    await page.getByTestId('free-play').click();
    await expect(page.getByTestId('member-info')).toBeVisible();
    await page.goto('/rng');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    await page.getByTestId('game-tile').first().locator('.game-tile__play').click();
    await expect(page.getByTestId('trial-dialog')).toContainText('Use uma conta real para acessar este recurso');
    await page.getByTestId('trial-dialog-close').click();
    await expect(page).not.toHaveURL(/seamless/);
    // Reaching the game room directly is refused by the server too.
    const nodeId = await page.getByTestId('game-tile').first().getAttribute('data-node-id');
    await page.goto(`/seamless?gameId=${nodeId}`);
    await expect(page.getByTestId('game-refused')).toContainText('Use uma conta real para acessar este recurso');
  });

  test('a vendor under maintenance shows its message', async ({ page }) => {
    await login(page);
    await page.goto('/pvp');
    const tiles = page.getByTestId('game-tile');
    await expect(tiles.first()).toBeVisible();
    const codes = await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-game-code') ?? ''));
    // Card Masters (crd-) is served by house games' card rooms; the other PvP vendors wait.
    const i = codes.findIndex((c) => !c.endsWith('-lobby') && !c.startsWith('crd-'));
    await tiles.nth(i).locator('.game-tile__play').click();
    await expect(page.getByTestId('vendor-maintenance')).toBeVisible();
    await expect(page.getByTestId('vendor-maintenance-message')).toHaveText(PVP_MESSAGE);
    await expectNoA11yViolations(page);
    await shoot(page, 'game-room-maintenance');
  });

  test('an operator puts a vendor under maintenance from the console; players meet its message until it is lifted', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // The last slot vendor: the other tests open the first tiles of /rng.
    await login(page);
    await page.goto('/rng');
    const chips = page.getByTestId('vendor-menu').locator('button[data-vassalage]');
    await expect(chips.nth(1)).toBeVisible();
    const vendor = (await chips.last().getAttribute('data-vassalage'))!;
    const token = (
      (await (await request.post('/wps/operator/session/login', { data: DEMO_OPERATOR })).json()) as {
        value: { token: string };
      }
    ).value.token;
    const registry = async () =>
      (
        (await (
          await request.get('/wps/operator/providers', { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          value: {
            vassalage: string;
            enabled: boolean;
            maintenanceFrom: string | null;
            maintenanceUntil: string | null;
            maintenanceMessage: string;
            state: string;
          }[];
        }
      ).value.find((v) => v.vassalage === vendor)!;
    const original = await registry();
    expect(original.state).toBe('available');
    const message = `Manutenção programada de ${vendor}: voltamos em instantes.`;
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Provedores de jogos' }).click();
      const row = desk.getByTestId(`console-vendor-${vendor}`);
      await expect(row.getByTestId('vendor-state')).toHaveAttribute('data-state', 'available');
      await row.getByTestId('vendor-edit').click();
      const editor = desk.getByTestId('vendor-editor');
      // A window that ends before it starts is caught before it is sent.
      await editor.getByTestId('vendor-from').fill('2030-01-02T10:00');
      await editor.getByTestId('vendor-until').fill('2030-01-01T10:00');
      await expect(editor.getByText('A manutenção deve terminar depois de começar')).toBeVisible();
      await expect(editor.getByTestId('vendor-save')).toBeDisabled();
      await editor.getByTestId('vendor-lift').click();
      await editor.getByTestId('vendor-now').click();
      await editor.getByTestId('vendor-message').fill(message);
      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-vendor-editor');
      await editor.getByTestId('vendor-save').click();
      await expect(editor).toHaveCount(0);
      await expect(row.getByTestId('vendor-state')).toHaveAttribute('data-state', 'maintenance');
      await expect(row).toContainText(message);
      expect((await registry()).maintenanceUntil).toBeNull();
      await shoot(desk, 'console-vendors');

      // The player meets the message in place of the game: once the vendor's own list has replaced
      // the page's first tiles (clicking earlier would open another vendor's game).
      await pickVendor(page, vendor);
      await page.getByTestId('game-tile').first().locator('.game-tile__play').click();
      await expect(page.getByTestId('vendor-maintenance-message')).toHaveText(message);

      // Lifted: the same tile opens the game again.
      await row.getByTestId('vendor-edit').click();
      await desk.getByTestId('vendor-lift').click();
      await desk.getByTestId('vendor-save').click();
      await expect(row.getByTestId('vendor-state')).toHaveAttribute('data-state', 'available');
      await page.goto('/rng');
      await pickVendor(page, vendor);
      await page.getByTestId('game-tile').first().locator('.game-tile__play').click();
      await expect(page.getByTestId('game-frame')).toBeVisible({ timeout: 30_000 });
    } finally {
      const { state: _state, ...switches } = original;
      await request.put('/wps/operator/providers/vendor', {
        headers: { authorization: `Bearer ${token}` },
        data: switches,
      });
      await desk.context().close();
    }
  });
});
