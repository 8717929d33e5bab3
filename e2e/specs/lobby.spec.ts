import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/** Game lists come from the server: on a busy machine they may take longer than the default wait. */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The lobby (issue 4): home page sections, the game list view's state machine, name search in
 * PT and EN, favourites, the announcement popup and language switching, at 360 and 1440 px.
 */

const SIZES = [
  { name: 'phone', width: 360, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Most tests are not about the popup: start with it dismissed for this tab (both audiences). */
const skipPopup = (page: Page) =>
  page.addInitScript(() => {
    sessionStorage.setItem('lobby.popupDismissed.anonymous', '1');
    sessionStorage.setItem('lobby.popupDismissed.member', '1');
  });

let seq = 0;
/**
 * A fresh member through the register and login calls, and a sign-in code for a link: the app
 * swaps `?signIn=` for a session of its own (spec §4, decision 055).
 */
const newMemberSignInCode = async (request: APIRequestContext): Promise<string> => {
  const username = `lobby${Date.now().toString(36)}${++seq}`.slice(0, 16);
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const login = await request.post('/wps/session/login', {
    data: { type: 'username', username, password: 'abc12345' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { value: { token: string } }).value;
  const code = await request.post('/wps/session/sign-in-code', { headers: { authorization: `Bearer ${token}` } });
  expect(code.status(), await code.text()).toBe(200);
  return ((await code.json()) as { value: { code: string } }).value.code;
};

const listState = (page: Page) => page.getByTestId('game-list-view');
const tiles = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('game-tile');
const names = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('game-name').allInnerTexts();

/** Scrolls down in steps so every lazily loaded shelf comes into view. */
const scrollThrough = async (page: Page) => {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(80);
  }
};

for (const size of SIZES) {
  test.describe(`lobby at ${size.width}px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 240_000 });

    test('home page shows banners, marquee, jackpot, menu, search, winners and every shelf', async ({
      page,
      request,
    }) => {
      await skipPopup(page);
      await page.goto('/');
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      expect(await page.getByTestId('banner').count()).toBeGreaterThanOrEqual(3);
      await expect(page.getByTestId('notice-marquee')).toContainText('PIX');
      await expect(page.locator('.jackpot__amount')).toHaveText(/\d{2}\.\d{3}\.\d{3},\d{2}/);
      await expect(page.locator('.category-menu [role="tablist"]')).toBeVisible();
      await expect(page.getByTestId('game-search')).toBeVisible();
      await expect(page.getByTestId('winner-board')).toBeVisible();
      // The board shows only real wins (none on a fresh database, some once the demo players'
      // rounds settle, which may happen while this test runs): every name on it is a recorded win.
      const shown = await page
        .getByTestId('winner-board')
        .locator('.winner-row:not([aria-hidden]) strong')
        .allInnerTexts();
      const wins = (await (
        await request.get('/wps/relay/GCSGAME_winnerList?gameCategory=HOME&limitNum=50')
      ).json()) as {
        value: { list: { customerName: string }[] };
      };
      const recorded = new Set(wins.value.list.map((w) => w.customerName));
      for (const name of shown) expect(recorded.has(name), `${name} is a recorded win`).toBe(true);
      if (!shown.length) await expect(page.getByTestId('winner-board').locator('.winner-board__empty')).toBeVisible();
      await expect(tiles(page, 'section-hot-games')).toHaveCount(12);
      // Recent and favourites are for members only.
      await expect(page.getByTestId('section-recent-games')).toHaveCount(0);
      await expect(page.getByTestId('section-fav-games')).toHaveCount(0);
      await scrollThrough(page);
      for (const type of ['rng', 'live', 'fish', 'pvp', 'bgs', 'sports', 'esports', 'cockfight']) {
        const shelf = tiles(page, `section-${type}-games`);
        await expect(shelf.first(), type).toBeVisible();
        expect(await shelf.count(), type).toBeLessThanOrEqual(5);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoA11yViolations(page);
      if (size.name === 'desktop') await shoot(page, 'lobby-home');
    });

    test('game list goes through every state transition of spec §4', async ({ page }) => {
      await skipPopup(page);
      await page.goto('/rng');
      const view = listState(page);
      await expect(view).toHaveAttribute('data-filter', 'ALL');
      await expect(view).toHaveAttribute('data-vendor', 'ALL');
      await expect(tiles(page, 'list-games')).toHaveCount(15);
      const firstPage = await names(page, 'list-games');

      // Paging.
      await page
        .getByTestId('pagination')
        .getByRole('button', { name: /^(Página|Page) 2$/ })
        .click();
      await expect(view).toHaveAttribute('data-page', '2');
      await expect.poll(() => names(page, 'list-games')).not.toEqual(firstPage);

      // A game-name search reloads from page 1.
      await page.getByTestId('game-search').fill('drag');
      await expect(view).toHaveAttribute('data-page', '1');
      await expect.poll(async () => (await names(page, 'list-games')).every((n) => /drag/i.test(n))).toBe(true);

      // A vendor: page 1, classify ALL, search cleared.
      await page.getByTestId('vendor-menu').locator('[data-vassalage="LSP"]').click();
      await expect(view).toHaveAttribute('data-vendor', 'LSP');
      await expect(view).toHaveAttribute('data-page', '1');
      await expect(page.getByTestId('game-search')).toHaveValue('');
      await expect
        .poll(async () =>
          (await page.getByTestId('list-games').locator('.game-tile__vendor').allInnerTexts()).every(
            (v) => v === 'Lotus Spin',
          ),
        )
        .toBe(true);

      // The classify menu (more than one entry): page 1 and the search cleared.
      await page
        .getByTestId('pagination')
        .getByRole('button', { name: /^(Página|Page) 2$/ })
        .click();
      await expect(view).toHaveAttribute('data-page', '2');
      await page.getByTestId('game-search').fill('a');
      await page.getByTestId('classify-menu').getByRole('tab', { name: 'Megaways' }).click();
      await expect(view).toHaveAttribute('data-classify', 'MEGAWAYS');
      await expect(view).toHaveAttribute('data-page', '1');
      await expect(page.getByTestId('game-search')).toHaveValue('');

      // A new vendor resets classify to ALL.
      await page.getByTestId('vendor-menu').locator('[data-vassalage="AUR"]').click();
      await expect(view).toHaveAttribute('data-vendor', 'AUR');
      await expect(view).toHaveAttribute('data-classify', 'ALL');

      // Paging above the total is not possible: on the last page "next" is off.
      const pager = page.getByTestId('pagination');
      await pager.getByRole('button', { name: /^(Página|Page) 37$/ }).click();
      await expect(view).toHaveAttribute('data-page', '37');
      await expect(pager.getByRole('button', { name: /^(Próxima página|Next page)$/ })).toBeDisabled();
      await expect(tiles(page, 'list-games')).toHaveCount(5);

      // Hot keeps the vendor; All resets vendor and classify.
      await page
        .getByRole('tab', { name: /^(Populares|Hot)$/ })
        .first()
        .click();
      await expect(view).toHaveAttribute('data-filter', 'HOT');
      await expect(view).toHaveAttribute('data-vendor', 'AUR');
      await expect(view).toHaveAttribute('data-page', '1');
      await page
        .getByRole('tab', { name: /^(Todos|All)$/ })
        .first()
        .click();
      await expect(view).toHaveAttribute('data-filter', 'ALL');
      await expect(view).toHaveAttribute('data-vendor', 'ALL');
      await expect(view).toHaveAttribute('data-classify', 'ALL');

      // Favourite and Recent need a login: the popup opens and the filter stays.
      await page
        .getByRole('tab', { name: /^(Favoritos|Favorites)$/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(view).toHaveAttribute('data-filter', 'ALL');
      await page.keyboard.press('Escape');
      await expectNoA11yViolations(page);

      // /rng?vassalage= preselects a vendor.
      await page.goto('/rng?vassalage=NVA');
      await expect(listState(page)).toHaveAttribute('data-vendor', 'NVA');
    });

    test('search finds a game by part of its name in Portuguese and in English', async ({ page }) => {
      await skipPopup(page);
      await page.goto('/');
      await page.getByTestId('game-search').fill('dragão dou');
      await expect(page.locator('[data-current-game-type="SEARCH"]')).toBeVisible();
      await expect
        .poll(async () => {
          const found = await names(page, 'panel-games');
          return found.length > 0 && found.every((n) => /dragão dourado/i.test(n));
        })
        .toBe(true);
      // Clearing the search goes back to HOME.
      await page.getByTestId('game-search').fill('');
      await expect(page.locator('[data-current-game-type="HOME"]')).toBeVisible();

      await page.getByTestId('language-select').first().selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.getByTestId('game-search').fill('  GOLDEN drag ');
      await expect
        .poll(async () => {
          const found = await names(page, 'panel-games');
          return found.length > 0 && found.every((n) => /golden dragon/i.test(n));
        })
        .toBe(true);
      await page.getByTestId('language-select').first().selectOption('pt');
    });

    test('favourites: refused while logged out, added and removed when logged in', async ({ page, request }) => {
      await skipPopup(page);
      await page.goto('/');
      await tiles(page, 'section-hot-games').first().getByTestId('favorite-toggle').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');

      const code = await newMemberSignInCode(request);
      await page.goto(`/?signIn=${code}`);
      const tile = tiles(page, 'section-hot-games').first();
      const name = await tile.getByTestId('game-name').innerText();
      await tile.getByTestId('favorite-toggle').click();
      await expect(tile.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('section-fav-games').getByText(name, { exact: true })).toBeVisible();

      await page.goto('/favorite');
      await expect(listState(page)).toHaveAttribute('data-filter', 'FAV');
      const fav = tiles(page, 'list-games');
      await expect(fav).toHaveCount(1);
      await expect(fav.first().getByTestId('game-name')).toHaveText(name);
      // The throttle lets one toggle a second through.
      await page.waitForTimeout(1100);
      await fav.first().getByTestId('favorite-toggle').click();
      await expect(fav).toHaveCount(0);
      await expect(page.getByText(/Sem dados|No data/).first()).toBeVisible();
      await page.reload();
      await expect(tiles(page, 'list-games')).toHaveCount(0);
    });

    test('announcement popup: 9 per page, dismissed for the session, separately for members', async ({
      page,
      request,
      browser,
    }) => {
      // This test is about the popup: the shared fixture's "close it when in the way" is off here.
      await page.removeLocatorHandler(page.getByTestId('announcement-popup'));
      await page.goto('/');
      const popup = page.getByTestId('announcement-popup');
      await expect(popup).toBeVisible();
      await expect(popup.getByTestId('announcement-item')).toHaveCount(9);
      await expect(popup.getByTestId('announcement-promotion')).toBeVisible();
      await popup.getByRole('button', { name: /^(Página|Page) 2$/ }).click();
      await expect(popup.getByTestId('announcement-items')).toHaveAttribute('data-page', '2');
      expect(await popup.getByTestId('announcement-item').count()).toBeGreaterThan(0);
      expect(await popup.getByTestId('announcement-item').count()).toBeLessThanOrEqual(9);
      await expectNoA11yViolations(page);
      await popup.getByTestId('announcement-dismiss').click();
      await expect(popup).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await page.waitForTimeout(1500);
      await expect(page.getByTestId('announcement-popup')).toHaveCount(0);

      // Members have their own dismissal: after logging in the popup shows again.
      const code = await newMemberSignInCode(request);
      await page.goto(`/?signIn=${code}`);
      await expect(page.getByTestId('announcement-popup')).toBeVisible();
      await page.getByTestId('announcement-dismiss').click();
      await page.reload();
      await page.waitForTimeout(1500);
      await expect(page.getByTestId('announcement-popup')).toHaveCount(0);

      // Another session (a new tab) sees it again.
      const other = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'pt-BR' });
      const second = await other.newPage();
      await second.goto('/');
      await expect(second.getByTestId('announcement-popup')).toBeVisible();
      await other.close();
    });

    test('switching the language reloads game names', async ({ page }) => {
      await skipPopup(page);
      await page.goto('/');
      const first = tiles(page, 'section-hot-games').first().getByTestId('game-name');
      await expect(first).toBeVisible();
      const pt = await first.innerText();
      const code = await tiles(page, 'section-hot-games').first().getAttribute('data-game-code');
      await page.getByTestId('language-select').first().selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const sameGame = page
        .getByTestId('section-hot-games')
        .locator(`[data-game-code="${code}"]`)
        .getByTestId('game-name');
      await expect(sameGame).not.toHaveText(pt);
      await page.getByTestId('language-select').first().selectOption('pt');
      await expect(sameGame).toHaveText(pt);
    });
  });
}
