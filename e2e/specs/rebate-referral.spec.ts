import type { Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { atASlot, spin } from '../support/house.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';

/*
 * Rebate and member referral (issue 19, decision 071). A member plays house slots, opens
 * manualRebate, sees the rebate accrued on slots at the brand's rate (the demo pays 1.2% on
 * slots), claims it and sees the balance rise; the menu's badge counts the game types with
 * something to claim; finance sees the rates and the payment on the console. A new member
 * registers through another member's invitation link and deposits; the referrer sees the invitee
 * and the rewards on the referral page. The interface is in Portuguese (the demo brand's rewards:
 * R$ 5,00 on registration, R$ 20,00 on a first deposit of R$ 50,00 or more).
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'rebate1234';

const badge = (page: Page, name: string) =>
  page.locator(`.member-centre__link[href="/member?page=${name}"] .member-centre__badge`);

test('a member plays slots, sees the accrued rebate on manualRebate, claims it and the balance rises', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const finance = await OperatorApi.login(request, DEMO_FINANCE);
  const username = `rb${uniqueSuffix()}`;
  const token = await registerMember(request, username, PASSWORD);
  const s = await atASlot(request, token);
  await finance.post('/wps/operator/wallets/adjust', {
    memberId: Number(s.playerId),
    amount: '100000',
    reason: 'Rebate browser test',
    requestId: `rebate-${uniqueSuffix()}`,
  });
  // Three spins of R$ 100,00 on slots: R$ 300,00 of valid bets, 1.2% is R$ 3,60.
  await spin(request, s, '10000', '500');
  await spin(request, s, '10000', '0');
  await spin(request, s, '10000', '2500');

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible();
  await page.goto('/member?page=manualRebate');
  const rebate = page.getByTestId('manual-rebate');
  await expect(rebate).toBeVisible();
  const slots = rebate.getByTestId('rebate-accrual').filter({ hasText: 'Slots' });
  await expect(slots).toContainText('Apostas válidas R$ 300,00 × 1,20%');
  await expect(slots).toContainText('Desde a sua primeira aposta');
  await expect(slots.getByTestId('rebate-accrual-amount')).toHaveText('R$ 3,60');
  await expect(rebate.getByTestId('rebate-total')).toHaveText('R$ 3,60');
  await expect(rebate).toContainText('Regras');
  await expect(badge(page, 'manualRebate')).toHaveText('1');
  const balance = page.getByTestId('balance');
  await expect(balance).toHaveText('730,00');
  await expectNoA11yViolations(page, 'manualRebate');
  await shoot(page, 'rebate-manual-rebate');

  await rebate.getByTestId('rebate-claim').click();
  await expect(page.getByText('Pronto: R$ 3,60 foi somado ao seu saldo.')).toBeVisible();
  await expect(rebate.getByTestId('rebate-total')).toHaveText('R$ 0,00');
  await expect(rebate.getByTestId('rebate-claim')).toBeDisabled();
  await expect(badge(page, 'manualRebate')).toHaveCount(0);
  const paid = rebate.getByTestId('rebate-history-item');
  await expect(paid).toHaveCount(1);
  await expect(paid.first()).toContainText('Slots');
  await expect(paid.first()).toContainText('R$ 3,60');
  await expect(paid.first()).toContainText('Resgatado em');
  await expect(balance).toHaveText('733,60');
  await expect(slots).toContainText('Desde o seu último pagamento');
  await shoot(page, 'rebate-manual-rebate-claimed');

  // Finance: the rates on the promotions desk, and the claim in the report.
  const desk = await openConsole(browser, baseURL, DEMO_FINANCE);
  try {
    await desk.getByRole('tab', { name: 'Promoções' }).click();
    await expect(desk.getByTestId('rebate-rate-RNG')).toHaveValue('1,20');
    await expect(desk.getByTestId('rebate-rate-LIVE')).toHaveValue('0,50');
    const row = desk.getByTestId('rebate-report-row').filter({ hasText: 'Slots' });
    await expect(row).toBeVisible();
    expect(Number((await row.locator('td').nth(1).textContent()) ?? '0')).toBeGreaterThanOrEqual(1);
    await expect(desk.getByTestId('referral-registerReward')).toHaveValue('5,00');
    await desk.getByTestId('rebate-card').scrollIntoViewIfNeeded();
    await shoot(desk, 'rebate-console');
  } finally {
    await desk.context().close();
  }
});

test('a new member registers through a member’s invitation link and deposits; the referrer sees the invitee and the rewards', async ({
  page,
  browser,
  request,
  operator,
  baseURL,
}) => {
  const referrer = `rf${uniqueSuffix()}`;
  await registerMember(request, referrer, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, referrer, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible();
  // The side menu's invite entry leads a member to the referral page (spec §2).
  await page.locator('.player-shell__side').getByRole('link', { name: 'Convidar amigos' }).click();
  await expect(page).toHaveURL(/\/member\?page=referral$/);
  const mine = page.getByTestId('referral');
  const code = ((await mine.getByTestId('referral-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await expect(mine.getByTestId('referral-link')).toHaveText(`${baseURL}/register?referralCode=${code}`);
  await expect(mine.getByTestId('referral-qr').locator('img')).toBeVisible();
  await expect(mine.getByTestId('referral-rules')).toContainText('R$ 5,00 quando um amigo se cadastra');
  await expect(mine.getByTestId('referral-rules')).toContainText(
    'R$ 20,00 quando o primeiro depósito dele for de R$ 50,00 ou mais.',
  );
  await expect(mine.getByTestId('referral-earned')).toHaveText('R$ 0,00');
  await expectNoA11yViolations(page, 'referral');
  await shoot(page, 'referral-empty');

  // The friend: a visitor opens the link, the code is filled in and checked, and registers.
  // Another person: their own phone and network (decision 089 pays nothing for an invitee on the
  // referrer's device or address; the suite's server believes a loopback proxy's X-Forwarded-For).
  const friendContext = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1440, height: 900 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Friend Phone) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.45' },
  });
  const friend = await friendContext.newPage();
  // The public announcement popup greets a first visit: closed as a visitor does when in the way.
  await friend.addLocatorHandler(friend.getByTestId('announcement-popup'), async () => {
    await friend.getByTestId('announcement-dismiss').click();
  });
  try {
    // A visitor's invite entry opens the registration.
    await friend.goto('/');
    await friend.locator('.player-shell__side').getByRole('button', { name: 'Convidar amigos' }).click();
    await expect(friend.getByTestId('register-modal')).toBeVisible({ timeout: 30_000 });
    await friend.goto(`/register?referralCode=${code}`);
    const modal = friend.getByTestId('register-modal');
    await expect(modal).toBeVisible({ timeout: 30_000 });
    await friend.getByRole('tab', { name: 'Usuário' }).click();
    await expect(friend.getByTestId('register-affiliate')).toHaveValue(code);
    await expect(friend.getByText(/Convidado por rf/)).toBeVisible();
    const username = `fr${uniqueSuffix()}`;
    await friend.getByTestId('register-username').fill(username);
    await friend.getByTestId('register-password').fill(PASSWORD);
    await friend.getByTestId('register-confirmPassword').fill(PASSWORD);
    await friend.getByTestId('register-birthday').fill('1994-03-08');
    await friend.getByTestId('register-age').check();
    await friend.getByTestId('register-terms').check();
    await friend.getByTestId('register-submit').click();
    await expect(modal).toHaveCount(0);
    await expect(friend.getByTestId('member-account')).toHaveText(username);

    // The friend's first deposit of R$ 100,00, confirmed by finance.
    const token = (await friend.evaluate(() => sessionStorage.getItem('token')))!;
    const auth = { authorization: `Bearer ${token}` };
    const channels = (await (await request.get('/wps/v2/deposits/channels', { headers: auth })).json()) as {
      value: { id: number; code: string }[];
    };
    const bank = channels.value.find((c) => c.code === 'PIX_BANK')!;
    const created = await request.post('/wps/v2/deposits', {
      headers: auth,
      data: { channelId: bank.id, amount: '10000', requestId: `ref-${uniqueSuffix()}`, reference: 'PIX referral' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const depositId = ((await created.json()) as { value: { deposit: { id: number } } }).value.deposit.id;
    await operator.post(`/wps/operator/deposits/${depositId}/confirm`, {});
  } finally {
    await friendContext.close();
  }

  // The referrer: the friend, deposited, and R$ 25,00 earned.
  await page.reload();
  const invitee = mine.getByTestId('referral-invitee');
  await expect(invitee).toHaveCount(1);
  await expect(invitee).toHaveAttribute('data-status', 'first_deposit');
  await expect(invitee.getByTestId('referral-invitee-status')).toHaveText('Depositou');
  await expect(invitee).toContainText('R$ 25,00');
  await expect(mine.getByTestId('referral-reward')).toHaveCount(2);
  await expect(mine.getByTestId('referral-rewards')).toContainText('fez o primeiro depósito');
  await expect(mine.getByTestId('referral-earned')).toHaveText('R$ 25,00');
  await expect(mine.getByTestId('referral-count')).toHaveText('1');
  await expect(page.getByTestId('balance')).toHaveText('25,00');
  await shoot(page, 'referral-invitee');
});
