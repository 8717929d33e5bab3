import fs from 'node:fs';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { loginAsOwnPlayer, minor, waitForRoom } from '../support/lottery.ts';

/**
 * The lottery games desk (issue 18, decision 081): an administrator lowers SSC 5 min's largest bet
 * and the big/small/odd/even prize on the console; a member sees the new prize on the board, a bet
 * over the new limit is refused with the reason, a bet within it is taken; the GGR report shows the
 * game's stake. The limits and the prize are put back afterwards (the e2e specs share one server).
 */
const GAME = 'lott-ssc-5-min';

test.describe('lottery games desk', () => {
  test.describe.configure({ timeout: 330_000 });

  test('odds and limits set on the desk are enforced on a bet; the GGR report counts it', async ({
    page,
    browser,
    baseURL,
    request,
    operator,
  }) => {
    // The seeded limits and prize (a run stopped half-way would have left its own).
    const restore = async () => {
      await operator.post('/wps/operator/lottery/games/limits', {
        gameCode: GAME,
        minBet: '200',
        maxBet: '5000000',
        maxPeriod: '10000000',
        maxExposure: '500000000',
      });
      await operator.post('/wps/operator/lottery/prizes', {
        family: 'SSC',
        prizes: [{ prizeKey: 'bsoe', prize: '360' }],
      });
    };
    await restore();
    const admin = await openConsole(browser, baseURL);
    await admin.getByRole('tab', { name: 'Jogos de loteria' }).click();
    const row = admin.locator(`[data-testid="lg-row"][data-game="${GAME}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('lg-open').click();
    const card = admin.getByTestId('lg-game');
    await expect(card).toContainText(GAME);

    try {
      // The largest bet: 10,00.
      await card.getByTestId('lg-maxBet').fill('10,00');
      await card.getByTestId('lg-limits-save').click();
      await expect(card.getByTestId('lg-limits').getByRole('status')).toContainText('Salvo');
      await expect(row).toContainText('10,00');

      // A prize past its bounds is refused on the form; 3,40 for big/small/odd/even is taken.
      const prize = card.getByTestId('lg-prize-bsoe');
      await prize.fill('9,00');
      await card.getByTestId('lg-prizes-save').click();
      await expect(card.getByTestId('lg-prizes')).toContainText(/De .*1,80 a .*3,60/);
      await prize.fill('3,40');
      await card.getByTestId('lg-prizes-save').click();
      await expect(card.getByTestId('lg-prizes').getByRole('status')).toContainText('Salvo');
      // The prize group is refused out of its range.
      await card.getByTestId('lg-group').fill('2000');
      await card.getByTestId('lg-settings-save').click();
      await expect(card.getByTestId('lg-settings')).toContainText('de 1700 a 1980');
      await expectNoA11yViolations(admin, 'lottery games desk');
      await shoot(admin, 'lottery-games-desk');

      // The member's board: the new prize, a bet over the limit refused, one within it taken.
      await loginAsOwnPlayer(page, request, operator);
      await page.goto(`/lottery?gameCode=${GAME}`);
      await expect(page.getByTestId('lt-game')).toBeVisible();
      await waitForRoom(page, 60, 150_000);
      const before = minor(await page.getByTestId('balance').innerText());
      await page.getByTestId('lt-type-bsoe').click();
      for (const tok of ['B', 'O', 'S']) await page.getByTestId(`lt-token-0-${tok}`).click();
      for (const tok of ['B', 'O', 'E']) await page.getByTestId(`lt-token-1-${tok}`).click();
      await expect(page.getByTestId('lt-total')).toContainText('12,00');
      await expect(page.getByTestId('lt-game')).toContainText('3,40');
      await page.getByTestId('lt-review').click();
      await page.getByTestId('lt-confirm-place').click();
      await expect(page.getByRole('alert').filter({ hasText: "outside this game's limits" })).toBeVisible();
      expect(minor(await page.getByTestId('balance').innerText())).toBe(before);
      await shoot(page, 'lottery-desk-limit-refused');
      await page.getByTestId('lt-token-0-S').click();
      await expect(page.getByTestId('lt-total')).toContainText('10,00');
      await page.getByTestId('lt-review').click();
      await page.getByTestId('lt-confirm-place').click();
      await expect(page.getByTestId('lt-confirm')).toBeHidden();
      await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 1_000n);

      // The GGR report of today: the game with the stake just placed.
      await admin.reload();
      await admin.getByRole('tab', { name: 'Jogos de loteria' }).click();
      const report = admin.getByTestId('lg-report');
      await admin.getByTestId('lg-report-show').click();
      const line = report.locator(`[data-testid="reports-row"][data-key="${GAME}"]`);
      await expect(line).toBeVisible();
      expect(minor(await line.getByTestId('reports-cell-bets').innerText())).toBeGreaterThanOrEqual(1_000n);
      await expect(report.getByTestId('reports-total')).toBeVisible();
      await expect(report.getByTestId('reports-showing')).toContainText('America/Sao_Paulo');
      // The report's CSV: the header, the game's line with its stake in major units, the totals.
      const [csv] = await Promise.all([admin.waitForEvent('download'), report.getByTestId('reports-export').click()]);
      const text = fs.readFileSync((await csv.path())!, 'utf8');
      expect(text.split(/\r?\n/)[0]).toContain('GGR');
      expect(text).toContain(GAME);
      await report.scrollIntoViewIfNeeded();
      await shoot(admin, 'lottery-ggr-report');
    } finally {
      await restore();
    }
  });
});
