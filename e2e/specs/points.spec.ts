import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/*
 * The points mall (issue 20, decisions 066 and 067), in Portuguese: a new member is given points by
 * the finance desk, sees them in the member menu's chip and on /pointMall, redeems a cash item with
 * the payment password (the wallet grows, the points shrink), requests a goods item that finance
 * approves in the console, and reads the approval, the points details, the rules and the exchange
 * table, then converts points to cash. The demo mall's items, ratios and rates are real (seed/points.ts).
 */
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'points1234';
const PAYMENT_PASSWORD = '246810';

const api = async (request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: unknown) => {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { value: Record<string, unknown> }).value;
};

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test('a member redeems cash and goods with points; finance approves the goods in the console', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A new member with a payment password.
  const username = `pts${uniqueSuffix()}`;
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1990-01-15',
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible();
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  const { reauthToken } = (await api(request, 'POST', '/wps/member/security/reauth', token, {
    password: PASSWORD,
  })) as { reauthToken: string };
  await api(request, 'POST', '/wps/member/payment-password', token, {
    reauthToken,
    paymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });

  // Finance gives the member points with a reason (the adjustments desk's API).
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  await finance.post('/wps/operator/points/adjust', {
    account: username,
    points: 2000,
    note: 'Pontos de boas-vindas',
  });

  // The member menu's chip shows the balance and leads to the mall.
  await page.goto('/');
  await settle(page);
  await page.getByTestId('member-avatar').click();
  await expect(page.getByTestId('points-chip-balance')).toHaveText('2.000');
  await page.getByTestId('points-chip').click();
  await expect(page).toHaveURL(/\/pointMall$/);
  await expect(page.getByTestId('points-balance')).toHaveText('2.000');
  await expect(page.getByTestId('point-mall')).toContainText('Valem R$ 24,00 pela tabela de câmbio');
  const items = page.getByTestId('points-item');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasText: 'R$ 1,00 na carteira' })).toContainText('80 pontos');
  await expect(items.filter({ hasText: 'Camiseta Lotus' })).toContainText('Em estoque');
  await expect(items.filter({ hasText: 'Bônus de R$ 10,00' })).toContainText('aposte 5x antes de sacar');
  // The headphones need R$ 1.000,00 of valid bets this member has not made.
  const headphones = items.filter({ hasText: 'Fones de ouvido sem fio' });
  await expect(headphones).toContainText('Exige R$ 1.000,00 em apostas válidas em 30 dias');
  await expect(headphones.getByTestId('points-redeem')).toBeDisabled();
  await expect(items.first().locator('img')).toBeVisible();
  await expectNoA11yViolations(page, '/pointMall');
  await shoot(page, 'points-mall');

  // Redeem a cash item: a wrong payment password first changes nothing.
  await items.filter({ hasText: 'R$ 1,00 na carteira' }).getByTestId('points-redeem').click();
  const dialog = page.getByTestId('points-redeem-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('points-redeem-total')).toContainText('Você gasta 80 pontos');
  await expect(dialog.getByTestId('points-redeem-total')).toContainText('Você recebe R$ 1,00');
  await dialog.getByTestId('points-password').fill('000000');
  await dialog.getByTestId('points-redeem-confirm').click();
  await expect(dialog).toContainText('A senha de pagamento não está correta.');
  await expect(page.getByTestId('points-balance')).toHaveText('2.000');
  await shoot(page, 'points-redeem-dialog');
  await dialog.getByTestId('points-password').fill(PAYMENT_PASSWORD);
  await dialog.getByTestId('points-redeem-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('points-balance')).toHaveText('1.920');
  await expect(page.getByTestId('balance')).toHaveText('1,00', { timeout: 20_000 });

  // Request a goods item: it waits in process.
  await items.filter({ hasText: 'Camiseta Lotus' }).getByTestId('points-redeem').click();
  await dialog.getByTestId('points-password').fill(PAYMENT_PASSWORD);
  await dialog.getByTestId('points-redeem-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('points-balance')).toHaveText('1.870');
  await tab(page, 'Histórico de resgates').click();
  const history = page.getByTestId('points-history-row');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Camiseta Lotus');
  await expect(history.first().getByTestId('points-status')).toHaveText('Em análise');
  await expect(history.nth(1).getByTestId('points-status')).toHaveText('Aprovado');

  // Finance approves the request in the console, with a remark for the member.
  const desk = await openConsole(browser, baseURL, DEMO_FINANCE);
  await desk.getByRole('tab', { name: 'Loja de pontos', exact: true }).click();
  const row = desk.getByTestId('points-request-row').filter({ hasText: username });
  await expect(row).toContainText('Camiseta Lotus');
  await shoot(desk, 'points-console-requests');
  await row.getByTestId('points-approve').click();
  await desk.getByTestId('console-prompt-text').fill('Enviada pelos Correios, código BR123');
  await desk.getByTestId('console-prompt-ok').click();
  await expect(desk.getByTestId('points-done')).toBeVisible();
  await expect(desk.getByTestId('points-request-row').filter({ hasText: username })).toHaveCount(0);
  await desk.getByTestId('points-filter-approved').click();
  await expect(desk.getByTestId('points-request-row').filter({ hasText: username }).first()).toContainText(
    'Enviada pelos Correios',
  );
  // Finance adds a goods item in two languages; it is in the member's mall at once.
  await desk.getByRole('tab', { name: 'Itens da loja', exact: true }).click();
  const form = desk.getByTestId('points-item-form');
  await form.getByTestId('points-item-name').fill('Caneca Lotus');
  await form.getByRole('tab', { name: 'EN', exact: true }).click();
  await form.getByTestId('points-item-name').fill('Lotus mug');
  await form.getByTestId('points-item-pointsCost').fill('30');
  await form.getByTestId('points-item-stock').fill('3');
  await form.getByTestId('points-item-save').click();
  await expect(desk.getByTestId('points-item-done')).toBeVisible();
  await expect(desk.getByTestId('points-item-row').filter({ hasText: 'Caneca Lotus' })).toContainText('30');
  await shoot(desk, 'points-console-items');
  // The ratios per game type and the exchange-rate table, as the demo set them.
  await desk.getByRole('tab', { name: 'Regras e câmbio', exact: true }).click();
  await expect(desk.getByTestId('points-ratio-RNG')).toHaveValue('10,00');
  await expect(desk.getByTestId('points-rate-row')).toHaveCount(3);
  await shoot(desk, 'points-console-rules');
  // The report counts the points given and redeemed.
  await desk.getByRole('tab', { name: 'Relatório', exact: true }).click();
  await expect(desk.getByTestId('points-report-figures')).toBeVisible();
  await expectNoA11yViolations(desk, 'console points desk');
  await shoot(desk, 'points-console-report');

  // The member reads the approval and its remark.
  await page.reload();
  await tab(page, 'Histórico de resgates').click();
  await expect(history.first().getByTestId('points-status')).toHaveText('Aprovado');
  await expect(history.first().getByTestId('points-remark')).toHaveText(
    'Observação: Enviada pelos Correios, código BR123',
  );
  await shoot(page, 'points-history');

  await tab(page, 'Resgatar').click();
  await expect(items.filter({ hasText: 'Caneca Lotus' })).toContainText('30 pontos');

  // Points details: every change with its reason, changed points and the balance after.
  await tab(page, 'Detalhes dos pontos').click();
  const entries = page.getByTestId('points-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Resgatados na loja');
  await expect(entries.nth(0)).toContainText('−50');
  await expect(entries.nth(0)).toContainText('1.870');
  await expect(entries.nth(1)).toContainText('−80');
  await expect(entries.nth(2)).toContainText('Ajuste da nossa equipe');
  await expect(entries.nth(2)).toContainText('Pontos de boas-vindas');
  await expect(entries.nth(2)).toContainText('+2.000');
  await shoot(page, 'points-details');

  // Points rules: the ratio per game type.
  await tab(page, 'Regras dos pontos').click();
  await expect(page.getByTestId('points-rule')).toHaveCount(7);
  await expect(page.locator('[data-testid="points-rule"][data-game-type="RNG"]')).toContainText(
    '1 ponto a cada R$ 10,00 em apostas válidas',
  );
  await shoot(page, 'points-rules');

  // The exchange-rate table by VIP level (decision 074): members without a level (this member, marked)
  // and the six demo levels with their conversion bonus, cash per 100 points at the three tiers.
  await tab(page, 'Tabela de câmbio').click();
  const levels = page.getByTestId('points-rate-level');
  await expect(levels).toHaveCount(7);
  await expect(page.getByTestId('points-rates').locator('thead th')).toHaveCount(5);
  await expect(levels.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(levels.nth(0)).toContainText('Sem nível VIP');
  await expect(levels.nth(0)).toContainText('Seu nível');
  await expect(levels.nth(0).locator('td')).toHaveText(['—', 'R$ 1,00', 'R$ 1,20', 'R$ 1,50']);
  // Ouro: +5% on every conversion (R$ 1,50 × 1,05 = R$ 1,575, paid rounded down).
  await expect(levels.nth(3)).toContainText('Ouro');
  await expect(levels.nth(3)).not.toHaveAttribute('aria-current', 'true');
  await expect(levels.nth(3).locator('td')).toHaveText(['+5%', 'R$ 1,05', 'R$ 1,26', 'R$ 1,57']);
  await expect(levels.nth(6).getByTestId('points-rate-bonus')).toHaveText('+15%');
  // Converting 1.000 points at the second tier (R$ 1,20 per 100), no bonus at level 0.
  await page.getByTestId('points-convert-points').fill('1000');
  await expect(page.getByTestId('points-convert-preview')).toHaveText('Você recebe R$ 12,00');
  await page.getByTestId('points-convert-password').fill(PAYMENT_PASSWORD);
  await expectNoA11yViolations(page, '/pointMall exchange');
  await shoot(page, 'points-exchange');
  await page.getByTestId('points-convert-submit').click();
  await expect(page.getByTestId('points-balance')).toHaveText('870');
  await expect(page.getByTestId('balance')).toHaveText('13,00', { timeout: 20_000 });
  await desk.context().close();
});
