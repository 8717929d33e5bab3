import { DEMO, loginWithPassword } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { playFromCentre } from '../support/lottery.ts';
import { DEMO_FINANCE } from '../support/operator.ts';

/**
 * Vietnam's lotteries (issue 18, decision 068): a member opens the Northern lottery from the lobby,
 * places a đề bet; betting closes (the demo-only close, the draw being at 18:15 in Hanoi); one
 * operator enters the official sheet on the draws desk, a second confirms it, and the member sees
 * the bet won and the balance grow without a reload.
 */
const minor = (text: string) => BigInt(text.replace(/\D/g, '') || '0');
const GAME = 'tcg_lotto_vn-northern-lottery';
// A North sheet, special first; the special 83745 makes đề 45.
const SHEET = [
  '83745',
  '10234',
  '55501',
  '66602',
  '11103',
  '22204',
  '33305',
  '44406',
  '77707',
  '88808',
  '1209',
  '3410',
  '5611',
  '7812',
  '9013',
  '1314',
  '1515',
  '1716',
  '1917',
  '2118',
  '231',
  '452',
  '673',
  '24',
  '68',
  '91',
  '13',
];

test.describe('Vietnam lottery', () => {
  test.describe.configure({ timeout: 240_000 });

  test('North: đề bet, two operators enter and confirm the sheet, the win lands', async ({
    page,
    browser,
    baseURL,
    operator,
  }) => {
    await loginWithPassword(page, DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    // The regions' lobby, then the Northern lottery from the lottery centre's tile.
    await page.goto('/vnLottery');
    await expect(page.getByTestId('lt-vn-lobby')).toBeVisible();
    await expect(page.locator('[data-testid="lt-vn-game"]')).toHaveCount(5);
    await shoot(page, 'vn-lottery-lobby');
    await page.goto('/lott');
    await settle(page);
    await playFromCentre(page, GAME);
    await expect(page).toHaveURL(new RegExp(`/vnLottery\\?gameCode=${GAME}`));
    await expect(page.getByTestId('lt-game')).toHaveAttribute('data-game', GAME);
    await expect(page.getByTestId('lt-countdown')).toBeVisible();
    const numero = (await page.getByTestId('lt-numero').innerText()).match(/\d{8}-\d{4}/)![0];
    const before = minor(await page.getByTestId('balance').innerText());

    // Đề 45: one unit of 2,00.
    await page.getByTestId('lt-type-de').click();
    await page.getByTestId('lt-token-0-45').click();
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await expect(page.getByTestId('lt-total')).toContainText('2,00');
    await expectNoA11yViolations(page, 'vn lottery board');
    await shoot(page, 'vn-lottery-board');
    await page.getByTestId('lt-review').click();
    await expect(page.getByTestId('lt-confirm')).toContainText(numero);
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 200n);

    // Lô 3 by typing: a 3-digit number is a chip; 23 lines in the North.
    await page.getByTestId('lt-type-lo3').click();
    await page.getByTestId('lt-typed-0').fill('745');
    await page.getByTestId('lt-typed-add-0').click();
    await expect(page.getByTestId('lt-units')).toContainText('23');

    // Betting closes (demo only: the draw is at 18:15 in Hanoi); the first operator enters the sheet.
    await operator.post('/wps/operator/lottery/demo/close', { gameCode: GAME });
    const admin = await openConsole(browser, baseURL);
    await admin.getByRole('tab', { name: 'Sorteios da loteria' }).click();
    const row = admin.locator(`[data-testid="ld-row"][data-game="${GAME}"][data-numero="${numero}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('ld-open').click();
    for (const [i, line] of SHEET.entries()) await admin.getByTestId(`ld-line-${i}`).fill(line);
    await admin.getByTestId('ld-enter').click();
    await expect(admin.locator('[data-testid="ld-entry"][data-status="pending"]')).toBeVisible();
    // The one who entered it cannot confirm it.
    await admin.getByTestId('ld-confirm').click();
    await expect(admin.getByTestId('ld-confirm-error')).toBeVisible();
    await expectNoA11yViolations(admin, 'lottery draws desk');
    await shoot(admin, 'vn-lottery-desk');

    // A second operator confirms: the period settles.
    const finance = await openConsole(browser, baseURL, DEMO_FINANCE);
    await finance.getByRole('tab', { name: 'Sorteios da loteria' }).click();
    const frow = finance.locator(`[data-testid="ld-row"][data-game="${GAME}"][data-numero="${numero}"]`);
    await frow.getByTestId('ld-open').click();
    await finance.getByTestId('ld-confirm').click();
    await expect(finance.getByTestId('ld-confirmed')).toBeVisible();

    // The member's bet is won (đề 45 pays 160,00) and the balance follows without a reload.
    await expect
      .poll(async () => minor(await page.getByTestId('balance').innerText()), { timeout: 30_000 })
      .toBe(before - 200n + 16_000n);
    await page.getByRole('tab', { name: 'Minhas apostas' }).click();
    await page.getByRole('tab', { name: 'Liquidadas' }).click();
    const bet = page.locator('[data-testid="lt-bet"]', { hasText: numero }).first();
    await expect(bet).toHaveAttribute('data-status', 'won', { timeout: 15_000 });
    await expect(bet.getByTestId('lt-bet-win')).toContainText('160,00');

    // The sheet in the Vietnamese layout, marked as confirmed by two operators.
    await page.getByRole('tab', { name: 'Resultados e verificação' }).click();
    const sheet = page.locator('[data-testid="lt-result"]', { hasText: numero });
    await expect(sheet.getByTestId('lt-special')).toHaveText('83745');
    await expect(sheet.getByTestId('lt-source')).toContainText('confirmado por um segundo');
    await expectNoA11yViolations(page, 'vn lottery results');
    await shoot(page, 'vn-lottery-results');
    await page.getByRole('tab', { name: 'Regras' }).click();
    await expect(page.getByTestId('lt-rules')).toContainText('Bao lô 2');
  });
});
