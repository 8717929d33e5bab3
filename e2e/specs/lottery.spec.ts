import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { loginAsOwnPlayer, minor, playFromCentre, waitForRoom } from '../support/lottery.ts';

/**
 * The house lottery (issue 18): a member opens SSC 1 min from the lobby, places a big/small bet and
 * a last-3 straight on the open period, watches the countdown close it, sees the result and the
 * settlement arrive without a reload, opens the trend chart and verifies the draw from its seed.
 */
test.describe('house lottery', () => {
  test.describe.configure({ timeout: 240_000 });

  test('SSC 1 min: bet, close, result, settlement, trend and verify', async ({ page, request, operator }) => {
    await loginAsOwnPlayer(page, request, operator);

    // From the lobby's lottery centre to the game's own page.
    await page.goto('/lott');
    await settle(page);
    await playFromCentre(page, 'lott-ssc-1-min');
    await expect(page).toHaveURL(/\/lottery\?gameCode=lott-ssc-1-min/);
    const game = page.getByTestId('lt-game');
    await expect(game).toBeVisible();
    await expect(page.getByTestId('lt-switcher')).toBeVisible();
    await expect(page.getByTestId('lt-period')).toContainText(/[0-9a-f]{64}/); // the seed hash, published

    await waitForRoom(page, 20);
    const numero = (await page.getByTestId('lt-numero').innerText()).match(/\d{8}-\d{4}/)![0];
    const before = minor(await page.getByTestId('balance').innerText());

    // Big on the 1st digit: one unit of 2.00.
    await page.getByTestId('lt-type-bsoe').click();
    await page.getByTestId('lt-token-0-B').click();
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await expect(page.getByTestId('lt-total')).toContainText('2,00');
    await page.getByTestId('lt-review').click();
    await expect(page.getByTestId('lt-confirm')).toContainText(numero);
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();

    // Last-3 straight with two digits in the units row: two units, 4.00 at multiplier 1.
    await page.getByTestId('lt-type-last3').click();
    await page.getByTestId('lt-token-0-1').click();
    await page.getByTestId('lt-token-1-2').click();
    await page.getByTestId('lt-token-2-3').click();
    await page.getByTestId('lt-token-2-7').click();
    await expect(page.getByTestId('lt-units')).toContainText('2');
    await expect(page.getByTestId('lt-total')).toContainText('4,00');
    await expectNoA11yViolations(page, 'lottery board');
    await shoot(page, 'lottery-board');
    await page.getByTestId('lt-review').click();
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 600n);

    await page.getByRole('tab', { name: 'Minhas apostas' }).click();
    await expect(page.getByTestId('lt-bet')).toHaveCount(2);
    await expect(page.locator('[data-testid="lt-bet"][data-status="open"]')).toHaveCount(2);

    // The countdown runs out, the period closes and draws; its result arrives without a reload.
    await expect(page.getByTestId('lt-drawing')).toBeVisible({ timeout: 70_000 });
    await expect(page.getByTestId('lt-last')).toContainText(numero, { timeout: 45_000 });
    await page.getByRole('tab', { name: 'Liquidadas' }).click();
    const settled = page.locator('[data-testid="lt-bet"]');
    await expect(settled).toHaveCount(2, { timeout: 15_000 });
    const statuses = await settled.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'won' || s === 'lost')).toBe(true);
    const wins = (await page.getByTestId('lt-bet-win').allInnerTexts()).reduce((s, w) => s + minor(w), 0n);
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 600n + wins);

    // The trend chart of the last draws, and the draw verified in the browser from its seed.
    await page.getByRole('tab', { name: 'Tendência' }).click();
    await expect(page.getByTestId('lt-trend-row').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Resultados e verificação' }).click();
    const row = page.locator('[data-testid="lt-result"]', { hasText: numero });
    await row.getByTestId('lt-verify').click();
    const modal = page.getByTestId('lt-verify-modal');
    await expect(modal.getByTestId('lt-verify-hash')).toHaveClass(/lt-ok/);
    await expect(modal.getByTestId('lt-verify-result')).toHaveClass(/lt-ok/);
    await expectNoA11yViolations(page, 'lottery verify');
    await shoot(page, 'lottery-verify');
  });
});
