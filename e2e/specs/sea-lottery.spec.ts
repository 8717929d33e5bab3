import { DEMO, loginWithPassword } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { playFromCentre } from '../support/lottery.ts';
import { DEMO_FINANCE } from '../support/operator.ts';

/**
 * South-East Asia's lotteries (issue 18, decisions 072 and 081): a member opens an official SEA game
 * whose period takes bets now (Thailand unless it has closed before its draw, then Laos or a 4D game)
 * from the lobby and places two bets; betting closes (the demo-only close); one operator enters the
 * official result on the draws desk, a second confirms it, and the member sees the bets won, the
 * balance grow without a reload and the result sheet. The game switcher opens a 4D game's board.
 */
const minor = (text: string) => BigInt(text.replace(/\D/g, '') || '0');

/**
 * One scenario per game: two bets, the official sheet that makes both win, what they win. The spec
 * plays the first game whose period is open with time to spare (Thailand's closes an hour before its
 * draw on the 1st and 16th, Laos' and the 4D games' 15 minutes before theirs): never the same hour.
 */
type Scenario = {
  game: string;
  /** The first bet: a token of the grid, or a typed number. */
  first: { type: string; token?: string; typed?: string };
  second: { type: string; typed: string };
  sheet: string[];
  wins: bigint;
  /** A word of the rules tab. */
  rule: string;
};
// 4D: 23 different numbers, 1234 first, 5678 second.
const FOUR_D = ['1234', '5678', ...Array.from({ length: 21 }, (_, i) => String(1000 + i * 7).padStart(4, '0'))];
const SCENARIOS: Scenario[] = [
  {
    // First prize 845123, front 3 512 / 078, back 3 321 / 945, back 2 23: 2 top 23 180,00, 3 top 123 1.800,00.
    game: 'tcg_sea-thai-lottery',
    first: { type: 'th_top2', token: '23' },
    second: { type: 'th_top3', typed: '123' },
    sheet: ['845123', '512', '078', '321', '945', '23'],
    wins: 18_000n + 180_000n,
    rule: '3 tote',
  },
  {
    // 845123: 2 top 23 180,00, 3 straight 123 1.800,00.
    game: 'tcg_sea-lao-lottery',
    first: { type: 'la_2top', token: '23' },
    second: { type: 'la_3', typed: '123' },
    sheet: ['845123'],
    wins: 18_000n + 180_000n,
    rule: '3 tote',
  },
  ...(
    [
      // Big 1234 on the 1st and small 5678 on the 2nd: Magnum's 5.000,00 + 4.000,00, Singapore's 4.000,00 + 4.000,00.
      ['tcg_sea-malaysia-4d', 500_000n + 400_000n],
      ['tcg_sea-singapore-4d', 400_000n + 400_000n],
      ['tcg_sea-cambodia-lotto', 500_000n + 400_000n],
    ] as const
  ).map(([game, wins]) => ({
    game,
    first: { type: 'd4_big', typed: '1234' },
    second: { type: 'd4_small', typed: '5678' },
    sheet: FOUR_D,
    wins,
    rule: 'quatro dígitos',
  })),
];

test.describe('South-East Asia lottery', () => {
  test.describe.configure({ timeout: 240_000 });

  test('two bets on an open official game, two operators enter and confirm the result, the wins land', async ({
    page,
    browser,
    baseURL,
    operator,
  }) => {
    // The first game whose period takes bets for at least five more minutes.
    let s: Scenario | undefined;
    for (const c of SCENARIOS) {
      const r = await page.request.get(`/lotto/lgw/games/opened/numero?gameCode=${c.game}`);
      const v = ((await r.json()) as { value: { current: { status: string; closeAt: string }; serverTime: string } })
        .value;
      if (v.current.status === 'open' && Date.parse(v.current.closeAt) - Date.parse(v.serverTime) > 5 * 60_000) {
        s = c;
        break;
      }
    }
    if (!s) throw new Error('No South-East Asian game takes bets now');
    const GAME = s.game;

    await loginWithPassword(page, DEMO.member.username, DEMO.member.password);
    await expect(page.getByTestId('login-modal')).toBeHidden({ timeout: 30_000 });

    // The game from the lottery centre's tile.
    await page.goto('/lott');
    await settle(page);
    await playFromCentre(page, GAME);
    await expect(page).toHaveURL(new RegExp(`/seaLottery\\?gameCode=${GAME}`));
    await expect(page.getByTestId('lt-game')).toHaveAttribute('data-game', GAME);
    await expect(page.locator('[data-testid="lt-switch-game"]')).toHaveCount(5);
    await expect(page.getByTestId('lt-countdown')).toBeVisible();
    const numero = (await page.getByTestId('lt-numero').innerText()).match(/\d{8}-\d{4}/)![0];
    if (GAME === 'tcg_sea-thai-lottery') expect(['01', '16']).toContain(numero.slice(6, 8));
    const before = minor(await page.getByTestId('balance').innerText());

    // The first bet: one unit of 2,00, from the grid or typed.
    await page.getByTestId(`lt-type-${s.first.type}`).click();
    if (s.first.token) await page.getByTestId(`lt-token-0-${s.first.token}`).click();
    else {
      await page.getByTestId('lt-typed-0').fill(s.first.typed!);
      await page.getByTestId('lt-typed-add-0').click();
    }
    await expect(page.getByTestId('lt-units')).toContainText('1');
    await expect(page.getByTestId('lt-total')).toContainText('2,00');
    await page.getByTestId('lt-review').click();
    await expect(page.getByTestId('lt-confirm')).toContainText(numero);
    await page.getByTestId('lt-confirm-place').click();
    await expect(page.getByTestId('lt-confirm')).toBeHidden();
    await expect.poll(async () => minor(await page.getByTestId('balance').innerText())).toBe(before - 200n);

    // The second bet, typed.
    await page.getByTestId(`lt-type-${s.second.type}`).click();
    await page.getByTestId('lt-typed-0').fill(s.second.typed);
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
    for (const [i, line] of s.sheet.entries()) await admin.getByTestId(`ld-line-${i}`).fill(line);
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

    // Both bets win; the balance follows without a reload.
    await expect
      .poll(async () => minor(await page.getByTestId('balance').innerText()), { timeout: 30_000 })
      .toBe(before - 400n + s.wins);
    await page.getByRole('tab', { name: 'Liquidadas' }).click();
    const won = page.locator('[data-testid="lt-bet"][data-status="won"]', { hasText: numero });
    await expect(won).toHaveCount(2, { timeout: 15_000 });

    // The result sheet: its first line, confirmed by two operators.
    await page.getByRole('tab', { name: 'Resultados e verificação' }).click();
    const sheet = page.locator('[data-testid="lt-result"]', { hasText: numero });
    await expect(sheet.getByTestId('lt-special')).toHaveText(s.sheet[0]!);
    await expect(sheet.getByTestId('lt-source')).toContainText('confirmado por um segundo');
    await expectNoA11yViolations(page, 'sea lottery results');
    await shoot(page, 'sea-lottery-results');
    await page.getByRole('tab', { name: 'Regras' }).click();
    await expect(page.getByTestId('lt-rules')).toContainText(s.rule);
    await shoot(page, 'sea-lottery-rules');

    // Another 4D game from the switcher: big and small on typed 4-digit numbers (the slip only).
    const other = GAME === 'tcg_sea-malaysia-4d' ? 'tcg_sea-singapore-4d' : 'tcg_sea-malaysia-4d';
    await page.locator(`[data-testid="lt-switch-game"][data-game="${other}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/seaLottery\\?gameCode=${other}`));
    await page.getByRole('tab', { name: 'Apostar' }).click();
    await page.getByTestId('lt-type-d4_big').click();
    await page.getByTestId('lt-typed-0').fill('1234 5678');
    await page.getByTestId('lt-typed-add-0').click();
    await expect(page.getByTestId('lt-units')).toContainText('2');
    await expect(page.getByTestId('lt-total')).toContainText('4,00');
    await shoot(page, 'sea-lottery-4d');
  });
});
