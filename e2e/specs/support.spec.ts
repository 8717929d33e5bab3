import { DEMO } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_SUPPORT } from '../support/operator.ts';

/**
 * The customer-service chat room (issue 17, decision 057): a member opens it from the footer,
 * writes, and an operator answers from the console desk in another browser; the answer arrives
 * without a reload, with the unread badge on the entries until the member reads it.
 */
test.describe('customer-service chat', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a member writes from the footer, an operator answers from the desk, the answer arrives live', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/');
    await settle(page);

    // A guest is asked to log in first; the chat room opens after that.
    await page.getByTestId('footer-chat').click();
    await expect(page.getByText('Entre na sua conta para conversar com o atendimento.')).toBeVisible();
    await page.getByTestId('login-username').fill(DEMO.member.username);
    await page.getByTestId('login-password').fill(DEMO.member.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('member-info')).toBeVisible();

    await page.getByTestId('footer-chat').click();
    const room = page.getByTestId('chat-room');
    await expect(room).toBeVisible();
    await expect(room.getByTestId('chat-empty')).toContainText('Como podemos ajudar?');
    await expectNoA11yViolations(page, 'chat room (empty)');

    // An empty message is caught in the form; nothing is sent.
    await room.getByTestId('chat-send').click();
    await expect(room.getByText('Escreva uma mensagem primeiro.')).toBeVisible();
    await expect(room.getByTestId('chat-message')).toHaveCount(0);

    const question = 'Olá, meu depósito de R$ 50,00 via PIX ainda não apareceu. <b>Podem ver?</b>';
    await room.getByTestId('chat-input').fill(question);
    await room.getByTestId('chat-input').press('Enter');
    const mine = room.locator('[data-testid="chat-message"][data-author="member"]');
    await expect(mine).toHaveCount(1);
    // Plain text: the tags show as typed, nothing is rendered as HTML.
    await expect(mine.locator('.chat-bubble__body')).toHaveText(question);
    await expect(mine.locator('b')).toHaveCount(0);
    await expect(mine.locator('time')).toContainText('(GMT-03:00)');
    await expect(room.getByTestId('chat-input')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(room).toBeHidden();

    // The operator's desk, in a browser of its own: the demo's waiting conversation and this one.
    const desk = await openConsole(browser, baseURL, DEMO_SUPPORT);
    try {
      await expect(desk.getByTestId('support-desk')).toBeVisible();
      await expect(desk.getByTestId('support-item-sortudo88')).toBeVisible();
      const item = desk.getByTestId(`support-item-${DEMO.member.username}`);
      await expect(item.getByTestId('support-item-unread')).toHaveText('1');
      await item.click();
      const thread = desk.getByTestId('support-thread');
      await expect(thread.getByTestId('support-message')).toHaveText([new RegExp('meu depósito de R\\$ 50,00')]);
      await expect(item.getByTestId('support-item-unread')).toHaveCount(0);
      await thread.getByTestId('support-answer').fill('Olá! O depósito foi creditado agora há pouco. Confira o saldo.');
      await thread.getByTestId('support-send').click();
      await expect(thread.locator('[data-author="operator"]')).toContainText('creditado agora há pouco');
      await shoot(desk, 'console-support-desk');

      // The member, without reloading: the badge on the footer (and header) entries shows the answer.
      await expect(page.getByTestId('footer-chat-unread')).toHaveText('1');
      await expect(page.getByTestId('header-chat-unread')).toHaveText('1');
      await page.getByTestId('footer-chat').click();
      await expect(room.locator('[data-author="operator"]')).toContainText('creditado agora há pouco');
      await expect(room.locator('[data-author="operator"] .chat-bubble__who')).toHaveText('Atendimento');
      // Reading clears the badge.
      await expect(page.getByTestId('footer-chat-unread')).toHaveCount(0);
      await expect(page.getByTestId('header-chat-unread')).toHaveCount(0);

      // With the room open, the next answer simply appears in it.
      await thread.getByTestId('support-answer').fill('Precisa de mais alguma coisa?');
      await thread.getByTestId('support-send').click();
      await expect(room.locator('[data-author="operator"]')).toHaveCount(2);
      await expect(room.locator('[data-author="operator"]').last()).toContainText('Precisa de mais alguma coisa?');
      await shoot(page, 'chat-room');

      // The operator closes it; the member's room says so, and writing again starts a new one.
      await thread.getByTestId('support-close').click();
      await expect(thread.getByText('Esta conversa está encerrada.', { exact: false })).toBeVisible();
      await page.reload();
      await settle(page);
      await page.getByTestId('footer-chat').click();
      await expect(room.getByTestId('chat-closed')).toBeVisible();
      await room.getByTestId('chat-input').fill('Obrigado!');
      await room.getByTestId('chat-send').click();
      await expect(room.locator('[data-author="member"]').last()).toHaveText(/Obrigado!/);
      await desk.getByTestId('support-filter-open').click();
      await expect(desk.getByTestId(`support-item-${DEMO.member.username}`)).toContainText('Obrigado!');
    } finally {
      await desk.context().close();
    }
  });

  test("the agent menu's customer service opens the chat room in this tab, not another", async ({ page, context }) => {
    await page.goto('/agent');
    await page.getByTestId('login-username').fill(DEMO.agent.username);
    await page.getByTestId('login-password').fill(DEMO.agent.password);
    await page.getByTestId('agent-login-submit').click();
    const entry = page.getByTestId('agent-menu-cs');
    await expect(entry).toBeVisible();
    const here = page.url();
    await entry.click();
    const room = page.getByTestId('chat-room');
    await expect(room).toBeVisible();
    await room.getByTestId('chat-input').fill('Sou agente: como vejo a comissão da minha equipe?');
    await room.getByTestId('chat-send').click();
    await expect(room.locator('[data-author="member"]')).toHaveCount(1);
    expect(page.url()).toBe(here);
    expect(context.pages()).toHaveLength(1);
  });

  test('outside entries still open in a new tab only', async ({ page, context }) => {
    await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'whatsapp', contentType: 'text/plain' }));
    await page.goto('/');
    await settle(page);
    const here = page.url();
    const [other] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.site-footer__cs-btn', { hasText: 'WhatsApp' }).click(),
    ]);
    await other.waitForLoadState();
    expect(other.url()).toContain('wa.me/');
    expect(page.url()).toBe(here);
    await expect(page.getByTestId('chat-room')).toHaveCount(0);
    await other.close();
  });
});
