import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { totpCode } from '../support/totp.ts';

/**
 * Operator accounts (decision 054): an administrator creates a finance operator on the operators
 * desk and reads its one-time password once; the new operator's first sign-in replaces that password
 * and enrols an authenticator (the code computed here from the key the screen shows, as a phone
 * would) before the console opens; the audit desk shows what happened.
 */
test.describe('operator accounts', () => {
  test('a new finance operator’s first sign-in: one-time password → own password → authenticator → console', async ({
    browser,
    baseURL,
  }) => {
    const username = `fin.${Date.now().toString(36)}`;
    const admin = await openConsole(browser, baseURL);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    try {
      // The admin creates the operator: the one-time password is shown once.
      await admin.getByRole('tab', { name: 'Operadores' }).click();
      const desk = admin.getByTestId('console-operators-desk');
      await expect(desk.getByTestId('console-operators')).toContainText('admin');
      await desk.getByTestId('operator-new-username').fill(username);
      await desk.getByTestId('operator-new-role').selectOption('finance');
      await desk.getByTestId('operator-create').click();
      const dialog = admin.getByTestId('console-otp');
      await expect(dialog).toContainText('aparece só desta vez');
      const oneTime = (await dialog.getByTestId('console-otp-value').textContent())!.trim();
      expect(oneTime).toMatch(/^[A-Za-z0-9]{14}$/);
      await shoot(admin, 'console-operator-created');
      await dialog.getByTestId('console-otp-done').click();
      await expect(dialog).toBeHidden();
      const row = desk.getByTestId(`operator-${username}`);
      await expect(row).toContainText('Ainda não escolheu uma senha');
      await expect(desk).not.toContainText(oneTime);
      await expectNoA11yViolations(admin, 'operators desk');
      await shoot(admin, 'console-operators');

      // The new operator signs in with it, somewhere else.
      const page = await context.newPage();
      await page.goto('/console');
      await page.getByTestId('console-username').fill(username);
      await page.getByTestId('console-password').fill(oneTime);
      await page.getByTestId('console-login').click();

      // First: a password of their own; the one-time password is the current one.
      const change = page.getByTestId('console-step-password_change');
      await expect(change.getByRole('heading', { name: 'Escolha a sua própria senha' })).toBeVisible();
      await expect(change).toContainText('Etapas antes do console: 2');
      await expectNoA11yViolations(page, 'forced password change');
      await shoot(page, 'console-first-login-password');
      await change.getByTestId('console-current-password').fill('not-the-one-time-1');
      await change.getByTestId('console-new-password').fill('Finance-Desk-2026');
      await change.getByTestId('console-confirm-password').fill('Finance-Desk-2026');
      await change.getByTestId('console-password-save').click();
      await expect(change.getByText('The current password is incorrect')).toBeVisible();
      await change.getByTestId('console-current-password').fill(oneTime);
      await change.getByTestId('console-password-save').click();

      // Then the authenticator: scan (here: read the key) and confirm with a code.
      const enrol = page.getByTestId('console-step-totp_enrol');
      await expect(enrol.getByRole('heading', { name: 'Configure o seu autenticador' })).toBeVisible();
      const secret = (await enrol.getByTestId('console-totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(enrol.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
      await expectNoA11yViolations(page, 'authenticator enrolment');
      await shoot(page, 'console-first-login-authenticator');
      await enrol.getByTestId('console-totp-code').fill('000000');
      await enrol.getByTestId('console-totp-submit').click();
      await expect(enrol.getByText('The code is not correct; enter the current one')).toBeVisible();
      await enrol.getByTestId('console-totp-code').fill(totpCode(secret));
      await enrol.getByTestId('console-totp-submit').click();

      // The console, as a finance operator.
      await expect(page.getByTestId('console')).toBeVisible();
      await expect(page.getByTestId('console-operator')).toHaveText(`${username} · Financeiro`);
      await expect(page.getByRole('tab', { name: 'Operadores' })).toHaveCount(0);

      // Signing in again asks for a code, then opens the console.
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.getByTestId('console-username').fill(username);
      await page.getByTestId('console-password').fill('Finance-Desk-2026');
      await page.getByTestId('console-login').click();
      const code = page.getByTestId('console-step-totp');
      await expect(code.getByRole('heading', { name: 'Código do seu autenticador' })).toBeVisible();
      await code.getByTestId('console-totp-code').fill(totpCode(secret, 1));
      await code.getByTestId('console-totp-submit').click();
      await expect(page.getByTestId('console')).toBeVisible();

      // The admin's desk and audit log show it all.
      await admin.reload();
      await admin.getByRole('tab', { name: 'Operadores' }).click();
      await expect(admin.getByTestId(`operator-${username}`)).toContainText('Autenticador');
      await expect(admin.getByTestId(`operator-${username}`)).not.toContainText('Ainda não escolheu uma senha');
      await admin.getByRole('tab', { name: 'Auditoria' }).click();
      const audit = admin.getByTestId('console-audit');
      await expect(audit.locator(`[data-action="operator.created"]`).filter({ hasText: username })).toHaveCount(1);
      await expect(audit.locator(`[data-action="account.password_failed"]`).filter({ hasText: username })).toHaveCount(
        1,
      );
      await expect(audit.locator(`[data-action="account.totp_enabled"]`).filter({ hasText: username })).toHaveCount(1);
      await expect(audit.locator(`[data-action="session.login"]`).filter({ hasText: username })).toHaveCount(2);
      await expectNoA11yViolations(admin, 'audit desk');
      await shoot(admin, 'console-audit');

      // Finally the admin disables the account; its console session ends.
      await admin.getByRole('tab', { name: 'Operadores' }).click();
      await admin.getByTestId(`operator-toggle-${username}`).click();
      await expect(admin.getByTestId(`operator-${username}`)).toContainText('Desativado');
      await page.reload();
      await expect(page.getByTestId('console-username')).toBeVisible();
    } finally {
      await context.close();
      await admin.context().close();
    }
  });
});
