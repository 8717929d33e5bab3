import { loginWithPassword, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { DEMO_CONTENT } from '../support/operator.ts';

/*
 * Red envelopes (issue 19, decision 089). A freshly registered member finds the demo's daily red
 * envelope in the rewards centre, opens it on the promotion's detail, sees the drawn amount rise out
 * of the envelope and arrive in the balance, and sees the draw in their past draws. The content
 * operator edits the envelope on the promotions desk and sees it as players do, card and detail,
 * per language. The interface is in Portuguese.
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'raffle1234';
const ENVELOPE = 'Envelope vermelho diário';

/** "R$ 5,43" → 543 minor units. */
const minor = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** The header shows the balance without the currency symbol: "R$ 5,43" → "5,43". */
const bare = (text: string) => text.replace(/^R\$\s*/, '').trim();

test('a new member opens the daily red envelope and the drawn amount arrives in the balance', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const username = `env${uniqueSuffix()}`;
  const reg = await request.post('/wps/member/register', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agreeTerms: true,
      ageConfirmed: true,
      birthday: '1991-03-09',
    },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  // The public announcement popup greets a first visit: closed as a visitor does when in the way.
  await page.addLocatorHandler(page.getByTestId('announcement-popup'), async () => {
    await page.getByTestId('announcement-dismiss').click();
  });
  // The first page of a fresh server on a busy machine may take a while: let it load once.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible({ timeout: 60_000 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('balance')).toHaveText('0,00', { timeout: 20_000 });

  // The rewards centre lists the live envelope and leads to its drawing.
  await page.goto('/member?page=rewardCenter');
  const draw = page.getByTestId('reward-draw').filter({ hasText: ENVELOPE });
  await expect(draw).toContainText('de R$ 1,00 a R$ 8,88');
  await draw.getByTestId('reward-draw-open').click();
  await expect(page).toHaveURL(/\/promotions#\d+$/);
  const detail = page.getByTestId('promotion-detail');
  const raffle = detail.getByTestId('raffle');
  await expect(raffle.getByTestId('raffle-envelope')).toHaveClass(/envelope--closed/);
  await expect(raffle).toContainText('Você ainda não abriu nenhum envelope.');
  await expectNoA11yViolations(page, 'red envelope, closed');
  await shoot(page, 'raffle-closed');

  // Open it: the card with the amount rises out of the envelope, and the balance has it.
  await raffle.getByTestId('raffle-open').click();
  await expect(raffle.getByTestId('raffle-envelope')).toHaveClass(/envelope--open/);
  const amountText = (await raffle.getByTestId('raffle-amount').textContent()) ?? '';
  const amount = minor(amountText);
  expect(amount).toBeGreaterThanOrEqual(100);
  expect(amount).toBeLessThanOrEqual(888);
  await expect(raffle.getByTestId('raffle-result')).toContainText(`${amountText.trim()} é seu!`);
  await expect(raffle.getByTestId('raffle-balance')).toContainText(amountText.trim());
  await expect(page.getByTestId('balance')).toHaveText(bare(amountText), { timeout: 20_000 });
  await expect(raffle.getByTestId('raffle-draw')).toHaveCount(1);
  await expect(raffle.getByTestId('raffle-draw')).toContainText(amountText.trim());
  await expect(raffle.getByTestId('raffle-open')).toHaveCount(0);
  await expectNoA11yViolations(page, 'red envelope, opened');
  await shoot(page, 'raffle-opened');

  // Once per day: after a reload the envelope stays open with the same amount, and no button.
  await page.reload();
  const again = page.getByTestId('promotion-detail').getByTestId('raffle');
  await expect(again.getByTestId('raffle-amount')).toHaveText(amountText.trim());
  await expect(again.getByTestId('raffle-open')).toHaveCount(0);
  await expect(again).toContainText('Volte amanhã');
  await page.goto('/member?page=rewardCenter');
  await expect(page.getByTestId('reward-draw').filter({ hasText: ENVELOPE })).toContainText('Aberto');
});

test('the content operator previews the red envelope as players see it, card and detail, per language', async ({
  browser,
  baseURL,
}) => {
  const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
  await desk.getByRole('tab', { name: 'Promoções' }).click();
  const row = desk.getByTestId('promotion-row').filter({ hasText: ENVELOPE });
  await row.getByTestId('promotion-edit').click();
  const preview = desk.getByTestId('promotion-preview');
  await expect(preview.getByTestId('promotion-card')).toContainText(ENVELOPE);
  await expect(preview.getByTestId('promotion-detail-view')).toContainText('de R$ 1,00 a R$ 8,88');
  await expect(preview.getByTestId('raffle-envelope')).toBeVisible();
  // Typing changes the preview at once; another language previews that language's texts.
  const form = desk.getByTestId('promotion-form');
  await form.getByTestId('promotion-title').fill(`${ENVELOPE} especial`);
  await expect(preview.getByTestId('promotion-card')).toContainText(`${ENVELOPE} especial`);
  await form.getByRole('tab', { name: 'EN', exact: true }).click();
  await expect(preview.getByTestId('promotion-card')).toContainText('Daily red envelope');
  await expect(preview.getByTestId('promotion-detail-view')).toContainText('Each envelope holds a random amount from');
  await expect(preview.getByTestId('promotion-detail-view')).toContainText('Log in to take part');
  await expectNoA11yViolations(desk, 'promotion preview');
  await shoot(desk, 'raffle-desk-preview');
});
