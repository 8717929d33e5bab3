import type { APIRequestContext, Page } from '@playwright/test';
import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { DEMO_OPERATOR } from '../support/operator.ts';

/*
 * Wallet and payments in the browser (issue 5): a new member deposits through the sandbox gateway
 * and by bank transfer (an operator confirms it in the console), sees the balance and the message
 * arrive without reloading, binds a bank account, withdraws; the operator approves and pays; the
 * member says only part arrived, with a proof image; the operator refunds the rest; history and
 * profit show every step. The interface is in Portuguese (the brand default).
 */
test.describe.configure({ timeout: 300_000 });

/** A 1×1 PNG, the proof image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PASSWORD = 'wallet123';
const PAYMENT_PASSWORD = '135790';

const api = async (
  request: APIRequestContext,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string,
  data?: unknown,
) => {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { value: Record<string, unknown> }).value;
};

const balanceShows = (page: Page, text: string) =>
  expect(page.getByTestId('balance')).toHaveText(text, { timeout: 20_000 });

test('a member deposits, withdraws and settles a partly-received payout; the operator works the console', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Deposits here need no turnover before withdrawing (restored at the end).
  const admin = (
    (await (await request.post('/wps/operator/session/login', { data: DEMO_OPERATOR })).json()) as {
      value: { token: string };
    }
  ).value.token;
  const rules = await api(request, 'GET', '/wps/operator/wallets/settings', admin);
  await api(request, 'PUT', '/wps/operator/wallets/settings', admin, { ...rules, turnoverPercent: 0 });

  try {
    // A new member, registered in the payee name "Ana Souza", with a payment password.
    const username = `wal${uniqueSuffix()}`;
    const reg = await request.post('/wps/member/register', {
      data: {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        payeeName: 'Ana Souza',
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

    // 1. The sandbox gateway: pay on its page in a new tab; this tab updates on its own.
    await page.goto('/member?page=depositv2');
    await expect(page.getByTestId('deposit-page')).toBeVisible();
    await balanceShows(page, '0,00');
    await expectNoA11yViolations(page, 'deposit page');
    await shoot(page, 'wallet-deposit');
    await page.getByTestId('channel-SANDBOX_PAY').click();
    await page.getByTestId('amount').fill('150');
    const [payTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('deposit-submit').click(),
    ]);
    await payTab.waitForURL(/\/sandbox-gateway\/pay\//);
    await expect(page.getByTestId('pay-link')).toBeVisible();
    await expect(payTab.getByTestId('sandbox-amount')).toContainText('150.00');
    await payTab.getByTestId('sandbox-pay').click();
    await expect(payTab.getByTestId('sandbox-status')).toContainText('Paid');
    await payTab.close();
    await balanceShows(page, '150,00');
    await expect(page.getByText('Seu depósito de R$ 150,00 foi creditado.')).toBeVisible();
    // Once credited, the form no longer asks for the payment that was made.
    await expect(page.getByTestId('deposit-records').locator('li').first()).toContainText('Creditado');
    await expect(page.getByTestId('pay-link')).toHaveCount(0);

    // 2. A bank transfer with its receipt; the operator confirms it in the console.
    await page.getByTestId('channel-PIX_BANK').click();
    await expect(page.getByTestId('bank-details')).toContainText('LOTUS GAMING LTDA');
    await page.getByTestId('amount').fill('200,00');
    await page.getByTestId('deposit-reference').fill(`PIX ${username}`);
    await page.getByTestId('deposit-proof').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('receipt.png')).toBeVisible();
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-records')).toContainText('Pendente');

    const desk = await openConsole(browser, baseURL);
    const row = desk.locator('[data-testid^="console-deposit-"]', { hasText: username });
    await expect(row).toContainText('R$ 200,00');
    await expectNoA11yViolations(desk, 'console deposits');
    await shoot(desk, 'wallet-console-deposits');
    await row.getByRole('button', { name: 'Confirmar' }).click();
    await expect(row).toHaveCount(0);
    await balanceShows(page, '350,00');
    await expect(page.getByText('Seu depósito de R$ 200,00 foi creditado.')).toBeVisible();
    await expect(page.getByTestId('deposit-records')).not.toContainText('Pendente');

    // 3. Bind a bank account in the registered name and withdraw R$ 100.
    await page.goto('/member?page=withdraw');
    await expect(page.getByTestId('withdraw-page')).toBeVisible();
    await page.getByTestId('bank-name').fill('Nubank (260)');
    await expect(page.getByTestId('bank-holder')).toHaveValue('Ana Souza');
    await page.getByTestId('bank-number').fill('1234567-8');
    await page.getByTestId('bank-save').click();
    await expect(page.getByTestId('bank-accounts')).toContainText('****67-8');
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await balanceShows(page, '250,00');
    await expect(page.getByTestId('withdrawal-records')).toContainText('Pendente');
    await expectNoA11yViolations(page, 'withdraw page');
    await shoot(page, 'wallet-withdraw');

    // 4. The operator approves and pays.
    await desk.getByRole('tab', { name: 'Saques' }).click();
    const wd = desk.locator('[data-testid^="console-withdrawal-"]', { hasText: username });
    await wd.getByRole('button', { name: 'Aprovar' }).click();
    await expect(wd).toHaveCount(0); // no longer pending
    await desk.getByTestId('filter-approved').click();
    await wd.getByRole('button', { name: 'Marcar como pago' }).click();
    await desk.getByTestId('console-prompt-text').fill('TED 20261122');
    await desk.getByTestId('console-prompt-ok').click();
    await expect(desk.getByTestId('console-prompt')).toHaveCount(0);
    await expect(page.getByText('Seu saque de R$ 100,00 foi pago. Confirme quando chegar.')).toBeVisible({
      timeout: 20_000,
    });

    // 5. Only R$ 60 arrived: the member says so, with a proof image.
    const confirm = page.getByTestId('withdrawal-records').getByRole('button', { name: 'Confirmar recebimento' });
    await confirm.click();
    await page.getByTestId('receipt-partly_received').check();
    await page.getByTestId('receipt-received-amount').fill('60');
    await expect(page.getByTestId('receipt-remaining')).toContainText('R$ 40,00');
    await page
      .getByTestId('receipt-proof')
      .setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('receipt-modal').getByText('statement.png')).toBeVisible();
    await expectNoA11yViolations(page, 'receipt dialog');
    await shoot(page, 'wallet-receipt');
    await page.getByTestId('receipt-submit').click();
    await expect(page.getByTestId('withdrawal-records')).toContainText('Em análise');

    // 6. The operator refunds what did not arrive.
    await desk.getByRole('tab', { name: 'Reclamações de recebimento' }).click();
    const kase = desk.locator('[data-testid^="console-withdrawal-"]', { hasText: username });
    await expect(kase).toContainText('R$ 60,00');
    await kase.getByRole('button', { name: 'Decidir' }).click();
    await desk.getByTestId('resolution-refunded').check();
    await desk.getByTestId('console-prompt-text').fill('The bank confirmed a partial transfer');
    await desk.getByTestId('console-prompt-ok').click();
    await expect(kase).toHaveCount(0);
    await balanceShows(page, '290,00');
    await desk.close();

    // 7. History and profit show every step.
    await page.goto('/member?page=transactionHistory');
    const table = page.getByTestId('history-table');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(table).toContainText('+R$ 150,00');
    await expect(table).toContainText('+R$ 200,00');
    await expect(table).toContainText('-R$ 100,00');
    await expect(table).toContainText('+R$ 40,00');
    await expectNoA11yViolations(page, 'transaction history');
    await shoot(page, 'wallet-history');
    await page.goto('/member?page=personalProfit');
    const totals = page.getByTestId('profit-totals');
    await expect(totals).toContainText('R$ 350,00');
    await expect(totals).toContainText('R$ 60,00');
    await expectNoA11yViolations(page, 'personal profit');
    await shoot(page, 'wallet-profit');
    await page.goto('/member?page=messageV2');
    await expect(page.getByTestId('message-list').locator('li')).toHaveCount(5);
    await shoot(page, 'wallet-messages');
  } finally {
    await api(request, 'PUT', '/wps/operator/wallets/settings', admin, rules);
  }
});
