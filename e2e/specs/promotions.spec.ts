import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_CONTENT } from '../support/operator.ts';

/*
 * Promotions that pay (issue 19): a visitor reads the promotions and is asked to log in on action;
 * a new member deposits, finds the first-deposit bonus and the daily reload in the rewards centre
 * (with the menu's badge), claims the bonus and follows its wagering on bonusDetails. The demo
 * brand's promotions are real (seed/promotions.ts); the interface is in Portuguese.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'promo1234';

test('a visitor reads the promotions; a new member deposits, claims the first-deposit bonus and sees its wagering', async ({
  page,
  request,
  operator,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The visitor: ten promotions (the eight advertised, the share-and-win offer and the red envelope),
  // tabs by type, a detail with terms, and a log-in on action.
  await page.goto('/promotions');
  await settle(page);
  const cards = page.getByTestId('promotion-card');
  await expect(cards).toHaveCount(10);
  await expect(cards.first()).toContainText('Bônus de primeiro depósito');
  await expect(cards.first().locator('img')).toBeVisible();
  await page.getByRole('tab', { name: 'Depósito', exact: true }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Recarga diária');
  await page.getByRole('tab', { name: 'Todas', exact: true }).click();
  await cards.first().getByTestId('promotion-details').click();
  const detail = page.getByTestId('promotion-detail');
  await expect(detail).toContainText('Depósito mínimo: R$ 20,00');
  await expect(detail).toContainText('Requisito de apostas: 10x o bônus em Slots');
  await expect(detail).toContainText('Uma vez por conta');
  await expectNoA11yViolations(page, '/promotions detail');
  await shoot(page, 'promotions-detail');
  await detail.getByTestId('promotion-login').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await page.keyboard.press('Escape');

  // An information-only promotion says so and offers no action.
  await page.goto('/promotions#RANKING');
  await expect(cards).toHaveCount(1);
  await cards.first().getByTestId('promotion-details').click();
  await expect(page.getByTestId('promotion-info-only')).toBeVisible();
  await expect(page.getByTestId('promotion-detail').getByRole('button', { name: /Entre para participar/ })).toHaveCount(
    0,
  );

  // A new member: signed up for the deposit promotions, without a deposit yet.
  const username = `promo${uniqueSuffix()}`;
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
  await page.goto('/promotions');
  await settle(page);
  const first = cards.filter({ hasText: 'Bônus de primeiro depósito' });
  await expect(first.getByTestId('promotion-status')).toHaveText('Participando');

  // The deposit (a bank transfer the finance desk confirms).
  const token = (await page.evaluate(() => sessionStorage.getItem('token')))!;
  const auth = { authorization: `Bearer ${token}` };
  const channels = (await (await request.get('/wps/v2/deposits/channels', { headers: auth })).json()) as {
    value: { id: number; code: string }[];
  };
  const bank = channels.value.find((c) => c.code === 'PIX_BANK')!;
  const created = await request.post('/wps/v2/deposits', {
    headers: auth,
    data: { channelId: bank.id, amount: '10000', requestId: `promo-${uniqueSuffix()}`, reference: 'PIX promo' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const depositId = ((await created.json()) as { value: { deposit: { id: number } } }).value.deposit.id;
  await operator.post(`/wps/operator/deposits/${depositId}/confirm`, {});

  // The rewards centre: both deposit rewards wait for a claim, and the menu's badge counts them.
  await page.goto('/member?page=rewardCenter');
  const centre = page.getByTestId('reward-center');
  await expect(centre.getByTestId('reward-item')).toHaveCount(2);
  await expect(page.locator('.member-centre__link[href="/member?page=rewardCenter"] .member-centre__badge')).toHaveText(
    '2',
  );
  const bonus = centre.getByTestId('reward-item').filter({ hasText: 'Bônus de primeiro depósito' });
  await expect(bonus).toContainText('R$ 100,00');
  await expect(bonus).toContainText('Depois do resgate: R$ 1.000,00 em apostas');
  await expectNoA11yViolations(page, 'rewardCenter');
  await shoot(page, 'promotions-reward-center');
  await bonus.getByTestId('reward-claim').click();
  await expect(page.getByText('Pronto: R$ 100,00 foi somado ao seu saldo.')).toBeVisible();
  await expect(centre.getByTestId('reward-item')).toHaveCount(1);
  await expect(centre.getByTestId('reward-history-item').first()).toContainText('Apostas em andamento');
  await expect(page.locator('.member-centre__link[href="/member?page=rewardCenter"] .member-centre__badge')).toHaveText(
    '1',
  );

  // Bonus details: the bonus with its wagering (10x on slots), and the lock explained.
  await page.goto('/member?page=bonusDetails');
  const item = page.getByTestId('bonus-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-status', 'process');
  await expect(item.getByTestId('bonus-progress')).toHaveText(
    'R$ 0,00 de R$ 1.000,00 apostados · Faltam R$ 1.000,00 em apostas',
  );
  await expect(item).toContainText('Apostas que contam: Slots');
  await expect(page.getByTestId('bonus-details')).toContainText('os saques aguardam');
  await expectNoA11yViolations(page, 'bonusDetails');
  await shoot(page, 'promotions-bonus-details');

  // The withdrawal page counts the bonus's wagering in the turnover it asks for.
  const info = (await (await request.get('/wps/v2/withdrawals/info', { headers: auth })).json()) as {
    value: { turnover: { required: string; met: boolean } };
  };
  expect(info.value.turnover.met).toBe(false);
  expect(BigInt(info.value.turnover.required)).toBeGreaterThanOrEqual(100_000n);
});

test('the content operator creates a promotion in the console, players see it, and its report counts it', async ({
  browser,
  baseURL,
  page,
}) => {
  const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
  await desk.getByRole('tab', { name: 'Promoções' }).click();
  await expect(desk.getByTestId('promotion-row')).not.toHaveCount(0);
  const title = `Bônus relâmpago ${uniqueSuffix()}`;
  const form = desk.getByTestId('promotion-form');
  await form.getByTestId('promotion-title').fill(title);
  await form.getByTestId('promotion-description').fill('Participe e ganhe R$ 5,00 na hora.');
  await form.getByTestId('promotion-terms').fill('- Uma vez por conta.');
  await form.getByTestId('promotion-type').selectOption('SPECIAL_OFFER');
  await form.getByTestId('promotion-amount').fill('5,00');
  await form.getByTestId('promotion-claimMode').selectOption('auto');
  await form.getByTestId('promotion-sort').fill('-1');
  await form.getByTestId('promotion-save').click();
  await expect(desk.getByTestId('promotions-done')).toContainText('criada');
  const row = desk.getByTestId('promotion-row').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-state', 'live');
  await expectNoA11yViolations(desk, 'console promotions');
  await shoot(desk, 'console-promotions');

  // A new member joins it on /promotions and is paid at once.
  const username = `flash${uniqueSuffix()}`;
  const reg = await page.request.post('/wps/member/register', {
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
  await page.goto('/promotions');
  await settle(page);
  const card = page.getByTestId('promotion-card').filter({ hasText: title });
  await expect(card.getByTestId('promotion-status')).toHaveText('Aberta para participar');
  await card.getByTestId('promotion-details').click();
  await page.getByTestId('promotion-join').click();
  await expect(page.getByText('Pronto: R$ 5,00 foi somado ao seu saldo.')).toBeVisible();
  await expect(page.getByTestId('promotion-detail').getByTestId('promotion-status')).toHaveText('Pago');

  // The report counts the member and the cost; ending it takes it off the players' list.
  await row.getByTestId('promotion-report').click();
  await expect(desk.getByTestId('promotion-report-cost')).toHaveText('R$ 5,00');
  await row.getByTestId('promotion-end').click();
  await desk.getByTestId('console-prompt').getByRole('textbox').fill('Teste encerrado');
  await desk.getByTestId('console-prompt-ok').click();
  await expect(row).toHaveAttribute('data-state', 'ended');
  await page.goto('/promotions');
  await settle(page);
  await expect(page.getByTestId('promotion-card').filter({ hasText: title })).toHaveCount(0);
  await desk.context().close();
});
