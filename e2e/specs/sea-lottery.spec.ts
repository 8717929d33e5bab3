import { DEMO, loginWithPassword } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_FINANCE } from '../support/operator.ts';

/**
 * South-East Asia's lotteries (issue 18, decision 072): a member opens the Thai Lottery from the
 * lobby, places a 2-top and a 3-top bet; betting closes (the demo-only close: the draw is on the 1st
 * or 16th at 14:30 in Bangkok); one operator enters the official result on the draws desk, a second
 * confirms it, and the member sees the bets won, the balance grow without a reload and the result
 * sheet. The game switcher opens a 4D game with its own board.
 */
const minor = (text: string) => BigInt(text.replace(/\D/g, '') || '0');
const GAME = 'tcg_sea-thai-lottery';
// First prize 845123, front 3 512 / 078, back 3 321 / 945, back 2 23.
const SHEET = ['845123', '512', '078', '321', '945', '23'];

test.describe('South-East Asia lottery', () => {
  test.describe.configure({ timeout: 240_000 });

  test('Thailand: 2 top and 3 top bets, two operators enter and confirm the result, the wins land', async ({
    page,
    browser,
    baseURL,
    operator,
  }) => {
    await loginWithPassword(page, DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    // The Thai Lottery from the lottery centre's tile.
    await page.goto('/lott');
    await settle(page);
    const tile = page.locator(`[data-testid="game-tile"][data-game-code="${GAME}"]`);
    await tile.locator('.game-tile__play').click();
    await expect(page).toHaveURL(new RegExp(`/seaLottery\\?gameCode=${GAME}`));
    await expect(page.getByTestId('lt-game')).toHaveAttribute('data-game', GAME);
    await expect(page.locator('[data-testid="lt-switch-game"]')).toHaveCount(5);
    await expect(page.getByTestId('lt-countdown')).toBeVisible();
    const numero = (await page.getByTestId('lt-numero').innerText()).match(/\d{8}-\d{4}/)![0];
    expect(['01', '16']).toContain(numero.slice(6, 8));
    const before = minor(await page.getByTestId('balance').innerText());

    // 2 top 23: one unit of 2,00.
    await page.getByTestId('lt-type-th_top2').click();
    await page.getByTestId('lt-token-0-23').click();
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await expect(page.getByTestId('lt-total')).toContainText('2,00');
    await page.getByTestId('lt-review').click();
    await expect(page.getByTestId('lt-confirm')).toContainText(numero);
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 200n);

    // 3 top 123, typed.
    await page.getByTestId('lt-type-th_top3').click();
    await page.getByTestId('lt-typed-0').fill('123');
    await page.getByTestId('lt-typed-add-0').click();
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await expectNoA11yViolations(page, 'sea lottery board');
    await shoot(page, 'sea-lottery-board');
    await page.getByTestId('lt-review').click();
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 400n);

    // My open bets: both, cancellable.
    await page.getByRole('tab', { name: 'Minhas apostas' }).click();
    await expect(page.locator('[data-testid="lt-bet"]', { hasText: numero })).toHaveCount(2);

    // Betting closes (demo only); the first operator enters the result.
    await operator.post('/wps/operator/lottery/demo/close', { gameCode: GAME });
    const admin = await openConsole(browser, baseURL);
    await admin.getByRole('tab', { name: 'Sorteios da loteria' }).click();
    const row = admin.locator(`[data-testid="ld-row"][data-game="${GAME}"][data-numero="${numero}"]`);
    await expect(row).toBeVisible();
    await row.getByTestId('ld-open').click();
    for (const [i, line] of SHEET.entries()) await admin.getByTestId(`ld-line-${i}`).fill(line);
    await admin.getByTestId('ld-enter').click();
    await expect(admin.locator('[data-testid="ld-entry"][data-status="pending"]')).toBeVisible();
    await admin.getByTestId('ld-confirm').click();
    await expect(admin.getByTestId('ld-confirm-error')).toBeVisible();
    await shoot(admin, 'sea-lottery-desk');

    // A second operator confirms: the period settles.
    const finance = await openConsole(browser, baseURL, DEMO_FINANCE);
    await finance.getByRole('tab', { name: 'Sorteios da loteria' }).click();
    const frow = finance.locator(`[data-testid="ld-row"][data-game="${GAME}"][data-numero="${numero}"]`);
    await frow.getByTestId('ld-open').click();
    await finance.getByTestId('ld-confirm').click();
    await expect(finance.getByTestId('ld-confirmed')).toBeVisible();

    // 2 top 23 pays 180,00 and 3 top 123 pays 1.800,00; the balance follows without a reload.
    await expect
      .poll(async () => minor(await page.getByTestId('balance').innerText()), { timeout: 30_000 })
      .toBe(before - 400n + 18_000n + 180_000n);
    await page.getByRole('tab', { name: 'Liquidadas' }).click();
    const won = page.locator('[data-testid="lt-bet"][data-status="won"]', { hasText: numero });
    await expect(won).toHaveCount(2, { timeout: 15_000 });

    // The result sheet: first prize, front and back prizes, confirmed by two operators.
    await page.getByRole('tab', { name: 'Resultados e verificação' }).click();
    const sheet = page.locator('[data-testid="lt-result"]', { hasText: numero });
    await expect(sheet.getByTestId('lt-special')).toHaveText('845123');
    await expect(sheet.getByTestId('lt-source')).toContainText('confirmado por um segundo');
    await expectNoA11yViolations(page, 'sea lottery results');
    await shoot(page, 'sea-lottery-results');
    await page.getByRole('tab', { name: 'Regras' }).click();
    await expect(page.getByTestId('lt-rules')).toContainText('3 tote');
    await shoot(page, 'sea-lottery-rules');

    // Malaysia 4D from the switcher: big and small on typed 4-digit numbers.
    await page.locator('[data-testid="lt-switch-game"][data-game="tcg_sea-malaysia-4d"]').click();
    await expect(page).toHaveURL(/\/seaLottery\?gameCode=tcg_sea-malaysia-4d/);
    await page.getByRole('tab', { name: 'Apostar' }).click();
    await page.getByTestId('lt-type-d4_big').click();
    await page.getByTestId('lt-typed-0').fill('1234 5678');
    await page.getByTestId('lt-typed-add-0').click();
    await expect(page.getByTestId('lt-units')).toContainText('2');
    await expect(page.getByTestId('lt-total')).toContainText('4,00');
    await shoot(page, 'sea-lottery-4d');
  });
});
