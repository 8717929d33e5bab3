import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { cents, fundedMember, openSportsbook, upcomingEvents } from '../support/sports.ts';

/**
 * The sportsbook (issue 23, decision 099): a member of the spec's own opens /sports, launches our
 * sports vendor's title, bets a pre-match single on the simulated feed's next football match from the
 * sportsbook's home, and once the match ends (the e2e feed plays a match in 45 s) sees the settlement
 * in the game's balance and in my bets with the leg's state. In-play (decision inplay): a bet on a
 * live match after a goal moved its odds; a cash out of a pre-match single settling at its price.
 * The slip (decision 107): prices in Hong Kong odds, a Trixie of three upcoming matches; the results
 * page (decision 108).
 */

test.describe('sports', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a member bets a pre-match single from /sports; the demo feed settles it in the balance and my bets', async ({
    page,
    request,
    operator,
  }) => {
    await fundedMember({ page, request, operator }, 'sp', 'Sports browser test');
    // /sports lists our sports vendor's titles, no longer under maintenance.
    const { game, balance } = await openSportsbook(page);
    await expect(game.getByTestId('hg-sp-home')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-BRA')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-EPL')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-UCL')).toBeVisible();
    // The home lists football, basketball and tennis (esports has its own centre); football from here on.
    await expect(game.getByTestId('hg-sp-sport-basketball')).toBeVisible();
    await expect(game.getByTestId('hg-sp-sport-tennis')).toBeVisible();
    await game.getByTestId('hg-sp-sport-football').click();
    await expect(game.getByTestId('hg-sp-league-NBA')).toHaveCount(0);

    // The search finds a team's matches.
    const firstName = (
      (await game.getByTestId('hg-sp-event').first().getByTestId('hg-sp-teams').textContent()) ?? ''
    ).split(' v ')[0]!;
    await game.getByTestId('hg-sp-search').fill(firstName.trim());
    await expect(game.getByTestId('hg-sp-event').first()).toContainText(firstName.trim());
    await game.getByTestId('hg-sp-search').fill('');

    // The next match with at least 20 s to kick-off (it goes in-play at kick-off): its home win goes in the slip.
    const [eventId] = await upcomingEvents(game, 20_000, { sport: 'football' });
    const event = game.locator(`[data-testid="hg-sp-event"][data-event-id="${eventId}"]`);
    const home = game.getByTestId(`hg-sp-sel-${eventId}-1X2:H`);
    const odds = await cents(home.locator('strong'));
    expect(odds).toBeGreaterThan(100);
    await home.click();
    await expect(home).toHaveAttribute('aria-pressed', 'true');
    await expect(game.getByTestId('hg-sp-pick')).toHaveCount(1);
    await game.getByTestId('hg-sp-stake').fill('10,00');
    const potential = Math.floor((1000 * odds) / 100);
    expect(await cents(game.getByTestId('hg-sp-return'))).toBe(potential);
    await shoot(page, 'sports-slip');
    await expectNoA11yViolations(page);
    await game.getByTestId('hg-sp-place').click();
    await expect(game.getByRole('status')).toBeVisible();
    await expect.poll(() => cents(balance)).toBe(50_000 - 1000);
    await expect(event).toBeVisible();

    // An event page has every market.
    await event.getByTestId('hg-sp-event-open').click();
    await expect(game.getByTestId('hg-sp-event-page')).toBeVisible();
    await expect(game.getByTestId('hg-sp-event-page').locator('.sp-market')).toHaveCount(21);

    // My bets: the single is open, then the match ends and it is settled once, with the balance.
    await game.getByTestId('hg-sp-nav-bets').click();
    const mine = game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet');
    await expect(mine.first()).toHaveAttribute('data-result', 'OPEN');
    await expect(mine.first().getByTestId('hg-sp-leg')).toHaveAttribute('data-result', 'OPEN');
    await expect(game.getByTestId('hg-sp-tab-open')).toContainText('(0)', { timeout: 150_000 });
    await game.getByTestId('hg-sp-tab-settled').click();
    const settled = mine.first();
    await expect(settled).toHaveAttribute('data-result', /^(WIN|LOSE)$/);
    const result = await settled.getAttribute('data-result');
    await expect(settled.getByTestId('hg-sp-leg')).toHaveAttribute('data-result', result!);
    const expected = 50_000 - 1000 + (result === 'WIN' ? potential : 0);
    await expect.poll(() => cents(balance), { timeout: 15_000 }).toBe(expected);
    await expect(mine).toHaveCount(1);
    await shoot(page, 'sports-settled');
  });

  test('in-play: a bet after a goal moved the odds; a cash out settles at its price', async ({
    page,
    request,
    operator,
  }) => {
    await fundedMember({ page, request, operator }, 'spl', 'Sports in-play browser test');
    const { game, balance } = await openSportsbook(page);
    await game.getByTestId('hg-sp-sport-football').click();

    // Cash out: a pre-match single well before its kick-off, cashed out at the offer shown.
    const [cashId] = await upcomingEvents(game, 20_000, { sport: 'football' });
    await game.getByTestId(`hg-sp-sel-${cashId}-1X2:D`).click();
    await game.getByTestId('hg-sp-stake').fill('20,00');
    await game.getByTestId('hg-sp-place').click();
    await expect.poll(() => cents(balance)).toBe(50_000 - 2000);
    await game.getByTestId('hg-sp-nav-bets').click();
    const open = game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet').first();
    const offerButton = open.getByTestId('hg-sp-cashout');
    await expect(offerButton).toBeVisible({ timeout: 15_000 });
    await offerButton.click();
    const confirm = open.getByTestId('hg-sp-cashout-confirm');
    const offer = Number(await confirm.getAttribute('data-amount'));
    expect(offer).toBeGreaterThan(0);
    expect(offer).toBeLessThan(2000); // pre-match, unchanged prices: less than the stake (the margins)
    await shoot(page, 'sports-cashout-confirm');
    await confirm.click();
    await expect.poll(() => cents(balance)).toBe(50_000 - 2000 + offer);
    await game.getByTestId('hg-sp-tab-settled').click();
    const cashed = game.getByTestId('hg-sp-mybets').locator(`[data-testid="hg-sp-bet"][data-result="CASHED_OUT"]`);
    await expect(cashed).toHaveCount(1);
    expect(await cents(cashed.getByTestId('hg-sp-bet-money'))).toBe(offer);

    // In-play: a live match whose score moved; its home price after the goal differs from before it.
    await game.getByTestId('hg-sp-nav-home').click();
    const live = game.getByTestId('hg-sp-live-event');
    await expect(live.first()).toBeVisible({ timeout: 90_000 });
    await shoot(page, 'sports-live');
    // Follow one live match (before minute 40) until its score changes; the home price then differs
    // from the last one seen before the goal. A goal seen after minute 60 is let go: a test match
    // lasts 45 s (half a second a minute), and a later goal left too little time to place the bet
    // before the final whistle (a CI run was refused "has started: betting on it is closed").
    let liveId = '';
    let before = 0;
    let scoreBefore = '';
    await expect
      .poll(
        async () => {
          if (!liveId) {
            for (const r of await live.all()) {
              const id = (await r.getAttribute('data-event-id')) ?? '';
              const minute = Number(((await r.getByTestId('hg-sp-minute').textContent()) ?? '').replace(/\D/g, ''));
              const home = game.getByTestId(`hg-sp-sel-${id}-1X2:H`);
              if (minute >= 40 || !(await home.count()) || (await r.getAttribute('data-suspended')) === 'true')
                continue;
              [liveId, before, scoreBefore] = [
                id,
                await cents(home.locator('strong')),
                (await r.getByTestId('hg-sp-score').textContent()) ?? '',
              ];
              break;
            }
            return '';
          }
          const row = game.locator(`[data-testid="hg-sp-live-event"][data-event-id="${liveId}"]`);
          if (!(await row.count())) return (liveId = '');
          const score = (await row.getByTestId('hg-sp-score').textContent()) ?? '';
          const minute = Number(((await row.getByTestId('hg-sp-minute').textContent()) ?? '').replace(/\D/g, ''));
          const home = game.getByTestId(`hg-sp-sel-${liveId}-1X2:H`);
          const odds = (await home.count()) ? await cents(home.locator('strong')) : 0;
          const suspended = (await row.getAttribute('data-suspended')) === 'true';
          if (score !== scoreBefore) {
            if (minute > 60) liveId = '';
            else if (!suspended && odds > 0 && odds !== before) return 'goal';
            return '';
          }
          if (minute >= 55) liveId = '';
          else if (!suspended && odds > 0) before = odds;
          return '';
        },
        { timeout: 150_000, intervals: [400] },
      )
      .toBe('goal');
    const sel = game.getByTestId(`hg-sp-sel-${liveId}-1X2:H`);
    await expect(sel).toBeEnabled({ timeout: 10_000 });
    await sel.click();
    await game.getByTestId('hg-sp-stake').fill('10,00');
    await game.getByTestId('hg-sp-accept').check(); // in-play prices move every match minute
    // The in-play bet delay (decision 107): a card or goal during it suspends the market and refuses
    // the bet, which stays in the slip to place again.
    await expect(async () => {
      if (await game.getByTestId('hg-sp-pick').count()) await game.getByTestId('hg-sp-place').click({ timeout: 5000 });
      await expect.poll(() => cents(balance), { timeout: 5000 }).toBe(50_000 - 2000 + offer - 1000);
    }).toPass({ timeout: 60_000 });
    await game.getByTestId('hg-sp-nav-bets').click();
    await game.getByTestId('hg-sp-tab-open').click();
    const inplay = game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet').first();
    await expect(inplay.getByTestId('hg-sp-leg')).toContainText(/\d+'/);
    await shoot(page, 'sports-inplay-bet');

    // Decision 104: prices in Hong Kong odds (decimal − 1), then a Trixie on three upcoming matches.
    await game.getByTestId('hg-sp-nav-home').click();
    const ids = await upcomingEvents(game, 20_000, { count: 3, sport: 'football' });
    const first = game.getByTestId(`hg-sp-sel-${ids[0]}-1X2:H`).locator('strong');
    const decimal = await cents(first);
    await game.getByTestId('hg-sp-odds-format').selectOption('hk');
    await expect.poll(() => cents(first)).toBe(decimal - 100);
    await game.getByTestId('hg-sp-odds-format').selectOption('decimal');
    for (const id of ids.slice(0, 3)) await game.getByTestId(`hg-sp-sel-${id}-1X2:H`).click();
    const trixie = game.getByTestId('hg-sp-system-trixie');
    await trixie.getByTestId('hg-sp-system-stake').fill('1,00');
    await expect(trixie.getByTestId('hg-sp-system-total')).toContainText(/R\$\s?4,00/);
    await shoot(page, 'sports-trixie');
    await game.getByTestId('hg-sp-place').click();
    await expect.poll(() => cents(balance)).toBe(50_000 - 2000 + offer - 1000 - 400);
    await game.getByTestId('hg-sp-nav-bets').click();
    await expect(game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet').first()).toContainText('Trixie');

    // The results page lists finished matches with their scores.
    await game.getByTestId('hg-sp-nav-results').click();
    await expect(game.getByTestId('hg-sp-result').first()).toBeVisible({ timeout: 30_000 });
    await expect(game.getByTestId('hg-sp-result-score').first()).toHaveText(/\d+–\d+|\S/);
    await shoot(page, 'sports-results');
  });

  test('esports: the /esports centre opens the esports view; a series bet settles on the simulated maps', async ({
    page,
    request,
    operator,
  }) => {
    await fundedMember({ page, request, operator }, 'spe', 'Esports browser test');
    // An esports vendor's title (eArena) is no longer under maintenance: it opens the esports view.
    const { game, balance } = await openSportsbook(page, '/esports', 'ear-earena');
    await expect(game.getByTestId('hg-sp-league-CS2')).toBeVisible();
    await expect(game.getByTestId('hg-sp-league-BRA')).toHaveCount(0);

    // The next series with at least 8 s to its start: the home side's series win, a single.
    const [eventId] = await upcomingEvents(game, 8_000);
    await game.getByTestId(`hg-sp-sel-${eventId}-MW:H`).click();
    await game.getByTestId('hg-sp-stake').fill('10,00');
    await game.getByTestId('hg-sp-place').click();
    await expect.poll(() => cents(balance)).toBe(50_000 - 1000);
    await game.getByTestId('hg-sp-nav-bets').click();
    await expect(game.getByTestId('hg-sp-tab-open')).toContainText('(0)', { timeout: 120_000 });
    await game.getByTestId('hg-sp-tab-settled').click();
    const settled = game.getByTestId('hg-sp-mybets').getByTestId('hg-sp-bet').first();
    await expect(settled).toHaveAttribute('data-result', /^(WIN|LOSE)$/);
    await expect(settled.getByTestId('hg-sp-leg')).toContainText(/[0-2]–[0-2]/); // the maps won
    await shoot(page, 'esports-settled');
  });
});
