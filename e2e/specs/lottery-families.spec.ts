import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { loginAsOwnPlayer, minor, waitForRoom } from '../support/lottery.ts';

/**
 * The other house families take bets (issue 18): a member places a PK10 bet and an 11 choose 5 bet
 * from their boards (the second with a quick pick, chased over two periods), all settle in demo
 * within their minutes, and the Mark Six board shows the lunar year's numbers under each animal.
 */

/** Places the board's current picks: review, confirm, the modal closes. */
const placeFromBoard = async (page: Page, numero: string) => {
  await page.getByTestId('lt-review').click();
  await expect(page.getByTestId('lt-confirm')).toContainText(numero);
  await page.getByTestId('lt-confirm-place').click();
  await expect(page.getByTestId('lt-confirm')).toBeHidden();
};
const numeroOf = async (page: Page) => (await page.getByTestId('lt-numero').innerText()).match(/\d{8}-\d{4}/)![0];

/** Waits for the game's bets to be settled (won or lost) in its "Settled" list. */
const expectSettled = async (page: Page, count: number) => {
  await page.getByRole('tab', { name: 'Minhas apostas' }).click();
  await page.getByRole('tab', { name: 'Liquidadas' }).click();
  await expect(page.getByTestId('lt-bet')).toHaveCount(count, { timeout: 150_000 });
  const statuses = await page.getByTestId('lt-bet').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  expect(statuses.every((s) => s === 'won' || s === 'lost')).toBe(true);
  return (await page.getByTestId('lt-bet-win').allInnerTexts()).reduce((s, w) => s + minor(w), 0n);
};

test.describe('house lottery families', () => {
  test.describe.configure({ timeout: 480_000 });

  test('PK10 and 11 choose 5 bets from the board settle; the Mark Six board shows its zodiac', async ({
    page,
    request,
    operator,
  }) => {
    await loginAsOwnPlayer(page, request, operator);

    // PK10 1 min: position number, cars 01 and 02 in 1st place: two units, 4.00.
    await page.goto('/lottery?gameCode=lott-pk10-1-min');
    await expect(page.getByTestId('lt-board')).toBeVisible();
    await waitForRoom(page, 25);
    const before = minor(await page.getByTestId('balance').innerText());
    const pk10Numero = await numeroOf(page);
    await page.getByTestId('lt-type-pk10_position').click();
    await page.getByTestId('lt-token-0-01').click();
    await page.getByTestId('lt-token-0-02').click();
    await expect(page.getByTestId('lt-units')).toContainText('2');
    await expect(page.getByTestId('lt-total')).toContainText('4,00');
    await shoot(page, 'lottery-pk10-board');
    await placeFromBoard(page, pk10Numero);

    // 11 choose 5 1 min: any 2 over the quick pick "big" (06–11): C(6, 2) = 15 units, 30.00.
    await page.locator('[data-testid="lt-switch-game"][data-game="lott-11x5-1-min"]').click();
    await expect(page).toHaveURL(/gameCode=lott-11x5-1-min/);
    await expect(page.getByTestId('lt-board')).toBeVisible();
    await page.getByTestId('lt-type-x5_any2').click();
    await page.getByTestId('lt-quick-0-big').click();
    await expect(page.getByTestId('lt-token-0-06')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('lt-token-0-05')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('lt-units')).toContainText('15');
    await expect(page.getByTestId('lt-total')).toContainText('30,00');
    // Chased over two periods, both played (no stop after a win): 60.00 debited now.
    await page.getByTestId('lt-chase-periods').fill('2');
    await page.getByTestId('lt-chase-stop').uncheck();
    await expect(page.getByTestId('lt-chase-total')).toContainText('60,00');
    await expectNoA11yViolations(page, '11x5 board');
    await shoot(page, 'lottery-11x5-chase');
    await waitForRoom(page, 12);
    const x5Numero = await numeroOf(page);
    await page.getByTestId('lt-review').click();
    await expect(page.getByTestId('lt-confirm-chase')).toContainText('60,00');
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 6_400n);
    await page.getByRole('tab', { name: 'Minhas apostas' }).click();
    await expect(page.getByTestId('lt-bet-chase')).toHaveCount(2);
    await expect(page.getByTestId('lt-bet').first()).toBeVisible();
    expect(x5Numero).toMatch(/\d{8}-\d{4}/);

    // All settle within their minutes in demo, and the balance takes the wins without a reload.
    const x5Wins = await expectSettled(page, 2);
    await page.goto('/lottery?gameCode=lott-pk10-1-min');
    await expect(page.getByTestId('lt-board')).toBeVisible();
    const pk10Wins = await expectSettled(page, 1);
    await expect
      .poll(async () => minor(await page.getByTestId('balance').innerText()))
      .toBe(before - 6_400n + x5Wins + pk10Wins);

    // Mark Six: the zodiac board, each animal with its numbers this lunar year; the rules.
    await page.goto('/lottery?gameCode=lott-lhc-5-min');
    await page.getByTestId('lt-type-lhc_zodiac').click();
    await expect(page.getByTestId('lt-row-0')).toContainText('01 13 25 37 49');
    await page.getByTestId('lt-token-0-HOR').click();
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await shoot(page, 'lottery-lhc-zodiac');
    await page.getByRole('tab', { name: 'Regras' }).click();
    await expect(page.getByTestId('lt-rules')).toContainText('49');
    await shoot(page, 'lottery-lhc-rules');
  });
});
