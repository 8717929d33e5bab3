import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { cents, fundedMember, openSportsbook, upcomingEvents } from '../support/sports.ts';

/**
 * The sportsbook's console desk (issue 23 "Console", decision 114): a member bets a
 * pre-match single; the operator signs into /console, opens the match on the sportsbook desk, reads
 * the liability on the home win (what the house pays if it wins), suspends the 1X2 market, and the
 * member's next bet on it is refused with the book's refusal; the GGR report by sport counts the
 * stake. The market is resumed at the end (other specs bet on the same feed).
 */

test.describe('sports console', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an operator reads a match’s liability, suspends its market (the member is refused) and reads GGR by sport', async ({
    page,
    request,
    operator,
    browser,
    baseURL,
  }) => {
    // Servers just started on a busy machine serve the sign-in's chunks slowly: load them once first.
    await fundedMember({ page, request, operator }, 'spc', 'Sports console browser test', { warm: true });
    const { game, balance } = await openSportsbook(page);
    await game.getByTestId('hg-sp-sport-football').click();

    // A match well before its kick-off (the operator's steps take a while): a single on its home win.
    const [eventId] = await upcomingEvents(game, 120_000, { timeout: 90_000, sport: 'football' });
    const home = game.getByTestId(`hg-sp-sel-${eventId}-1X2:H`);
    const odds = await cents(home.locator('strong'));
    await home.click();
    await game.getByTestId('hg-sp-stake').fill('10,00');
    await game.getByTestId('hg-sp-place').click();
    await expect.poll(() => cents(balance)).toBe(50_000 - 1000);
    const payout = Math.floor((1000 * odds) / 100);

    // The operator's sportsbook desk: the match with its open stake; its liability per outcome.
    const admin = await openConsole(browser, baseURL);
    await admin.getByRole('tab', { name: 'Apostas esportivas' }).click();
    const row = admin.locator(`[data-testid="sd-event"][data-event-id="${eventId}"]`);
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByTestId(`sd-open-${eventId}`).click();
    const card = admin.getByTestId('sd-event-card');
    const outcome = card.getByTestId('sd-outcome-1X2:H');
    await expect.poll(() => cents(outcome.getByTestId('sd-payout')), { timeout: 15_000 }).toBe(payout);
    expect(await cents(card.getByTestId('sd-event-stake'))).toBeGreaterThanOrEqual(1000);
    // The card opens on the markets with bets; the others (correct score's dozens of rows) on a click.
    await expect(card.locator('[data-market="CS"]')).toHaveCount(0);
    await card.getByTestId('sd-markets-all').click();
    await expect(card.locator('[data-market="CS"]').first()).toBeVisible();
    await card.getByTestId('sd-markets-marked').click();
    await expect(card.locator('[data-market="CS"]')).toHaveCount(0);

    // Suspend the 1X2 market: the desk shows it suspended, and the member's next bet on it is refused.
    await card.getByTestId('sd-market-suspend-1X2').click();
    await expect(outcome).toHaveAttribute('data-suspended', 'true');
    await expect(card.getByTestId('sd-market-suspended')).toBeVisible();
    await expect(card.getByTestId('sd-done')).toBeVisible();
    await home.click();
    await expect(home).toHaveAttribute('aria-pressed', 'true');
    await game.getByTestId('hg-sp-stake').fill('10,00');
    await game.getByTestId('hg-sp-place').click();
    await expect(game.getByTestId('hg-sp-slip').getByRole('alert')).toContainText(/suspended/i);
    expect(await cents(balance)).toBe(50_000 - 1000);

    // GGR by sport for today (UTC): football counts the stake and the bet.
    await admin.getByTestId('sd-report-show').click();
    const football = admin.getByTestId('sd-report').locator('[data-testid="reports-row"][data-key="football"]');
    await expect(football).toBeVisible({ timeout: 15_000 });
    expect(await cents(football.getByTestId('reports-cell-stake'))).toBeGreaterThanOrEqual(1000);
    expect(await cents(football.getByTestId('reports-cell-count'))).toBeGreaterThanOrEqual(1);
    await shoot(admin, 'sports-console');
    await expectNoA11yViolations(admin);

    // Resumed: the market takes bets again.
    await card.getByTestId('sd-market-suspend-1X2').click();
    await expect(outcome).not.toHaveAttribute('data-suspended', 'true');
    await admin.context().close();
  });
});
