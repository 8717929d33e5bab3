import type { Page } from '@playwright/test';
import { loginWithPassword, registerMember, uniqueSuffix } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_CONTENT, DEMO_SUPPORT } from '../support/operator.ts';

/*
 * Operator messages and feedback (issue 20, decision 075). An operator sends a broadcast and a
 * message to a VIP level from the console's messages desk; a logged-in member sees the unread badge change without reloading and
 * reads the message; the member sends feedback with an image from the member menu's feedback
 * page; support replies on the feedback desk; the member's badge rises again and the reply is in
 * their messages and under their feedback. The interface is in Portuguese (the demo brand's).
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'messages1234';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const badge = (page: Page) => page.locator('.member-centre__link[href="/member?page=messageV2"] .member-centre__badge');

test('a broadcast reaches a member live; feedback with an image is answered in the member’s messages', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const username = `ms${uniqueSuffix()}`;
  await registerMember(request, username, PASSWORD);
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithPassword(page, username, PASSWORD);
  await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 30_000 });
  await page.goto('/member?page=messageV2');
  await expect(page.getByTestId('messages-page')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);

  // The content operator writes to everyone, now.
  const title = `Torneio de fim de semana ${uniqueSuffix()}`;
  const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
  try {
    await desk.getByRole('tab', { name: 'Mensagens' }).click();
    const compose = desk.getByTestId('messages-compose');
    await compose.getByTestId('message-title').fill(title);
    await compose.getByTestId('message-body').fill('Prêmios de R$ 5.000,00 para os 10 primeiros. Boa sorte!');
    await expect(compose.getByTestId('message-audience')).toHaveValue('all');
    await compose.getByTestId('message-send').click();
    const row = desk.getByTestId('messages-table').locator('tr', { hasText: title });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Todos');

    // A message to a VIP level: the levels come by name from the VIP settings; this new member
    // has no level, so it does not reach them (their badge below counts the broadcast only).
    const vipTitle = `Convite VIP ${uniqueSuffix()}`;
    await compose.getByTestId('message-title').fill(vipTitle);
    await compose.getByTestId('message-body').fill('Seu nível VIP paga bônus semanais e mensais.');
    await compose.getByTestId('message-audience').selectOption('vip');
    const levels = compose.getByTestId('message-vip-levels');
    await expect(levels).toContainText('4 · Platina');
    await compose.getByTestId('message-send').click();
    await expect(levels).toContainText('Escolha pelo menos um nível');
    await levels.getByText('4 · Platina').click();
    await expect(compose.getByTestId('message-vip-level-4')).toBeChecked();
    await compose.getByTestId('message-send').click();
    const vipRow = desk.getByTestId('messages-table').locator('tr', { hasText: vipTitle });
    await expect(vipRow).toContainText('Níveis VIP');
    await expect(vipRow.getByTestId('message-audience-names')).toHaveText('4 · Platina');
    await shoot(desk, 'messages-console');
  } finally {
    await desk.context().close();
  }

  // The member's badge rises without a reload (the live feed), and the message is listed.
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  const message = page.getByTestId('message-list').locator('li', { hasText: title });
  await expect(message).toBeVisible();
  await expect(message).toContainText('Prêmios de R$ 5.000,00');
  await expect(message).toHaveClass(/wallet-message--unread/);
  await expectNoA11yViolations(page, 'messageV2');
  await shoot(page, 'messages-member-unread');
  await message.getByTestId('message-read').click();
  await expect(badge(page)).toHaveCount(0);
  await expect(message).not.toHaveClass(/wallet-message--unread/);

  // Feedback from the member menu: a question type, a description and an image.
  await page.getByTestId('member-avatar').click();
  await page.getByTestId('menu-feedback').click();
  await expect(page).toHaveURL(/\/member\?page=feedback$/);
  const form = page.getByTestId('feedback-page');
  await form.getByTestId('feedback-send').click();
  await expect(form).toContainText('Escolha o tipo de questão');
  await expect(form).toContainText('Por favor, escreva o conteúdo');
  await form.getByTestId('feedback-type').selectOption('deposit');
  const description = `O PIX demorou 20 minutos para cair ${uniqueSuffix()}`;
  await form.getByTestId('feedback-description').fill(description);
  await form
    .getByTestId('feedback-image-0')
    .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('.wallet-proof__drop').first()).toContainText('comprovante.png');
  await form.getByTestId('feedback-send').click();
  await expect(form.getByTestId('feedback-sent')).toBeVisible();
  const mine = form.getByTestId('feedback-list').locator('li', { hasText: description });
  await expect(mine).toContainText('Aguardando resposta');
  await expect(mine).toContainText('1 imagem(ns)');
  await expectNoA11yViolations(page, 'feedback');
  await shoot(page, 'feedback-member');

  // Support answers on the feedback desk.
  const reply = 'Obrigado! O banco atrasou os PIX nesse horário; já está normalizado.';
  const support = await openConsole(browser, baseURL, DEMO_SUPPORT);
  try {
    await support.getByRole('tab', { name: 'Sugestões' }).click();
    const item = support.locator('[data-testid^="feedback-item-"]', { hasText: description });
    await expect(item).toContainText(username);
    await expect(item).toContainText('Depósito');
    await expect(item.getByRole('button', { name: 'Imagem 1' })).toBeVisible();
    await item.getByTestId('feedback-reply-text').fill(reply);
    await item.getByTestId('feedback-reply').click();
    await expect(item).toContainText('Respondido');
    await expect(item).toContainText(reply);
    await shoot(support, 'feedback-console');
  } finally {
    await support.context().close();
  }

  // The answer arrives live: badge, message and the feedback's own reply.
  await expect(badge(page)).toHaveText('1', { timeout: 30_000 });
  await expect(mine.getByTestId('feedback-reply')).toContainText(reply);
  await page.locator('.member-centre__link[href="/member?page=messageV2"]').click();
  await settle(page).catch(() => undefined);
  const answer = page.getByTestId('message-list').locator('li', { hasText: 'Resposta ao seu feedback' });
  await expect(answer).toContainText(reply);
  await answer.getByTestId('message-read').click();
  await expect(badge(page)).toHaveCount(0);
  // Deleting a message removes it from this member's list only.
  await page.getByTestId('message-list').locator('li', { hasText: title }).getByTestId('message-delete').click();
  await expect(page.getByTestId('message-list').locator('li', { hasText: title })).toHaveCount(0);
  await shoot(page, 'messages-member-read');
});
