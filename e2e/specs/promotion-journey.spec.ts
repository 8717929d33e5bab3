import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { expect, settle, shoot, test } from '../support/fixtures.ts';
import { atASlot, spin } from '../support/house.ts';
import { DEMO_CONTENT, OperatorApi } from '../support/operator.ts';

/*
 * The promotions story of issue 19 end to end, as one player lives it: a friend registers with a
 * member's referral code, sees the welcome promotion, deposits and claims the first-deposit bonus
 * with its wagering (10x the bonus on slots), plays slots until the requirement is met while bonusDetails
 * follows the progress, claims the rebate those bets earned on manualRebate, applies to the
 * share-and-win activity with a comment and two images and is approved by an operator, and
 * withdraws; the referrer sees the invitee and the rewards. The pieces have their own specs
 * (promotions, rebate-referral, promotion-application); this one checks they hold together.
 */
test.describe.configure({ timeout: 300_000 });

type Envelope<T> = { success: boolean; value: T };
const PASSWORD = 'journey1234';
const PAYMENT_PASSWORD = '246813';
/** The friend's own phone and network (decision 089: no referral reward on the referrer's device or address). */
const FRIEND = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Journey Phone) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'x-forwarded-for': '198.51.100.77',
};
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600', 'hex'),
  Buffer.alloc(300, 7),
  Buffer.from('ffd9', 'hex'),
]);

test('a referred friend: welcome bonus, wagering met by play, rebate, an approved application, a withdrawal', async ({
  page,
  browser,
  request,
  operator,
  baseURL,
}) => {
  // The referrer and their code.
  const referrer = `jr${uniqueSuffix()}`;
  const referrerToken = await registerMember(request, referrer, PASSWORD);
  const code = (
    (await (
      await request.get('/wps/v2/referral', { headers: { authorization: `Bearer ${referrerToken}` } })
    ).json()) as Envelope<{ code: string }>
  ).value.code;
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  // The friend registers with it (in a payee name, for the withdrawal) from their own phone.
  const friendName = `jf${uniqueSuffix()}`;
  const reg = await request.post('/wps/member/register', {
    headers: FRIEND,
    data: {
      username: friendName,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      payeeName: 'Bruna Lima',
      affiliateCode: code,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1993-04-21',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1440, height: 900 },
    userAgent: FRIEND['user-agent'],
    extraHTTPHeaders: { 'x-forwarded-for': FRIEND['x-forwarded-for'] },
  });
  const friend = await context.newPage();
  await friend.addLocatorHandler(friend.getByTestId('announcement-popup'), async () => {
    await friend.getByTestId('announcement-dismiss').click();
  });
  try {
    await loginWithPassword(friend, friendName, PASSWORD);
    await expect(friend.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
    const token = (await friend.evaluate(() => sessionStorage.getItem('token')))!;
    const auth = { authorization: `Bearer ${token}`, ...FRIEND };

    // The welcome promotion: the first-deposit bonus, joined on registration.
    await friend.goto('/promotions');
    await settle(friend);
    const welcome = friend.getByTestId('promotion-card').filter({ hasText: 'Bônus de primeiro depósito' });
    await expect(welcome.getByTestId('promotion-status')).toHaveText('Participando');

    // The first deposit of R$ 50,00, confirmed by finance; the bonus (100%) claimed in the rewards centre.
    const channels = (await (await request.get('/wps/v2/deposits/channels', { headers: auth })).json()) as Envelope<
      { id: number; code: string }[]
    >;
    const bank = channels.value.find((c) => c.code === 'PIX_BANK')!;
    const created = await request.post('/wps/v2/deposits', {
      headers: auth,
      data: { channelId: bank.id, amount: '5000', requestId: `jn-${uniqueSuffix()}`, reference: 'PIX journey' },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const depositId = ((await created.json()) as Envelope<{ deposit: { id: number } }>).value.deposit.id;
    await operator.post(`/wps/operator/deposits/${depositId}/confirm`, {});
    await friend.goto('/member?page=rewardCenter');
    const centre = friend.getByTestId('reward-center');
    const bonus = centre.getByTestId('reward-item').filter({ hasText: 'Bônus de primeiro depósito' });
    await expect(bonus).toContainText('R$ 50,00');
    await bonus.getByTestId('reward-claim').click();
    await expect(friend.getByText('Pronto: R$ 50,00 foi somado ao seu saldo.')).toBeVisible();
    await expect(friend.getByTestId('balance')).toHaveText('100,00');

    // Play: R$ 600,00 of slot bets in twelve spins that each win their stake back; the progress moves.
    const progress = async (text: string) => {
      await friend.goto('/member?page=bonusDetails');
      const item = friend.getByTestId('bonus-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId('bonus-progress')).toContainText(text);
      return item;
    };
    const bonusItem = await progress('R$ 0,00 de R$ 500,00');
    await expect(bonusItem).toHaveAttribute('data-status', 'process');
    const slot = await atASlot(request, token);
    for (let i = 0; i < 4; i++) await spin(request, slot, '5000', '5000');
    await progress('R$ 200,00 de R$ 500,00');
    await shoot(friend, 'promotion-journey-wagering');
    // Two spins past the bonus's R$ 500,00, for the deposit's own turnover as well.
    for (let i = 0; i < 8; i++) await spin(request, slot, '5000', '5000');
    await friend.goto('/member?page=bonusDetails');
    await expect(friend.getByTestId('bonus-item')).not.toHaveAttribute('data-status', 'process');
    const info = (await (await request.get('/wps/v2/withdrawals/info', { headers: auth })).json()) as Envelope<{
      turnover: { met: boolean };
    }>;
    expect(info.value.turnover.met).toBe(true);

    // The rebate those bets earned, claimed on manualRebate.
    await friend.goto('/member?page=manualRebate');
    const rebate = friend.getByTestId('manual-rebate');
    // 1.2% of R$ 600,00 on slots.
    await expect(rebate.getByTestId('rebate-total')).toHaveText('R$ 7,20');
    await rebate.getByTestId('rebate-claim').click();
    await expect(rebate.getByTestId('rebate-total')).toHaveText('R$ 0,00');
    await expect(friend.getByTestId('balance')).toHaveText('107,20');
    const afterRebate = 10_720;

    // The share-and-win activity: a comment and two images; an operator approves it.
    const list = (
      (await (await request.get('/wps/v2/promotions?language=PT')).json()) as Envelope<{
        list: { id: number; title: string }[];
      }>
    ).value.list;
    const offer = list.find((p) => p.title === 'Compartilhe e ganhe')!;
    await friend.goto(`/promotions#${offer.id}`);
    await settle(friend);
    const detail = friend.getByTestId('promotion-detail');
    await detail.getByTestId('apply-comment').fill(`Meu post: https://social.example/p/${friendName}`);
    await detail.getByTestId('apply-images').setInputFiles([
      { name: 'post.png', mimeType: 'image/png', buffer: PNG },
      { name: 'print.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    ]);
    await expect(detail.getByTestId('apply-thumbs').locator('[data-ready="true"]')).toHaveCount(2);
    await detail.getByTestId('promotion-apply').click();
    await expect(detail.getByTestId('promotion-status')).toHaveAttribute('data-status', 'applying');
    const content = await OperatorApi.login(request, DEMO_CONTENT);
    const waiting = await content.get<{ list: { id: number; account: string; images: string[] }[] }>(
      '/wps/operator/promotions/applications?status=applying&pageSize=100',
    );
    const mine = waiting.list.find((a) => a.account === friendName)!;
    expect(mine.images).toHaveLength(2);
    await content.post('/wps/operator/promotions/applications/decide', { id: mine.id, outcome: 'approve' });
    await friend.reload();
    await settle(friend);
    await expect(friend.getByTestId('promotion-detail').getByTestId('promotion-status')).toHaveText('Pago');
    await expect
      .poll(async () => Number((await friend.getByTestId('balance').innerText()).replace(/\D/g, '')))
      .toBe(afterRebate + 1_000);

    // The withdrawal: a payment password, a bank account in the registered name, R$ 100,00.
    const { reauthToken } = (
      (await (
        await request.post('/wps/member/security/reauth', { headers: auth, data: { password: PASSWORD } })
      ).json()) as Envelope<{ reauthToken: string }>
    ).value;
    const set = await request.post('/wps/member/payment-password', {
      headers: auth,
      data: { reauthToken, paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
    });
    expect(set.ok(), await set.text()).toBe(true);
    await friend.goto('/member?page=withdraw');
    await expect(friend.getByTestId('withdraw-page')).toBeVisible();
    await friend.getByTestId('bank-name').fill('Nubank (260)');
    await expect(friend.getByTestId('bank-holder')).toHaveValue('Bruna Lima');
    await friend.getByTestId('bank-number').fill('7654321-0');
    await friend.getByTestId('bank-save').click();
    await expect(friend.getByTestId('bank-accounts')).toContainText('****21-0');
    await friend.getByTestId('withdraw-amount').fill('100');
    await friend.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await friend.getByTestId('withdraw-submit').click();
    await expect(friend.getByTestId('withdrawal-records')).toContainText('Pendente');
    await expect
      .poll(async () => Number((await friend.getByTestId('balance').innerText()).replace(/\D/g, '')))
      .toBe(afterRebate + 1_000 - 10_000);
    await shoot(friend, 'promotion-journey-withdrawal');
  } finally {
    await context.close();
  }

  // The referrer: the friend, deposited, and R$ 25,00 earned (R$ 5,00 on registration, R$ 20,00 on
  // a first deposit of R$ 50,00 or more; the friend's R$ 600,00 of bets are short of the turnover
  // reward's R$ 1.000,00, which the referral job pays on its five-minute round).
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, referrer, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
  await page.goto('/member?page=referral');
  const mine = page.getByTestId('referral');
  const invitee = mine.getByTestId('referral-invitee');
  await expect(invitee).toHaveCount(1);
  await expect(invitee).toHaveAttribute('data-status', 'first_deposit');
  await expect(invitee).toContainText('R$ 25,00');
  await expect(mine.getByTestId('referral-reward')).toHaveCount(2);
  await expect(mine.getByTestId('referral-earned')).toHaveText('R$ 25,00');
  await shoot(page, 'promotion-journey-referrer');
});
