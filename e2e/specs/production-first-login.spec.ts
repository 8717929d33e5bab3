import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, shoot, test } from '../support/fixtures.ts';
import { envWithout, freePort, startOwnServer } from '../support/own-server.ts';
import { totpCode } from '../support/totp.ts';

/**
 * Issue 14: an operator's first login in production mode. The compiled platform starts with a
 * complete production configuration of its own (fresh secrets, no demo mode, no demo data) on an
 * empty database; the bootstrap administrator signs in with OPERATOR_BOOTSTRAP_PASSWORD, must choose
 * a password of their own, then enrol an authenticator, and only then reaches the console.
 */

const root = path.resolve(import.meta.dirname, '../..');
const BOOTSTRAP = `Boot#${randomBytes(6).toString('hex')}`;
let server: Awaited<ReturnType<typeof startOwnServer>> | null = null;
let dir = '';
let port = 0;

test.describe('production mode', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-prod-'));
    const env = envWithout(
      /^(DATABASE_URL|HOUSE_GAMES_|PROVIDER_|DEMO_MODE|SEED_|PAYLOAD_|SECRETS_KEY|OPERATOR_|TRUST_PROXY|PAYMENT_|PUBLIC_BASE_URL|HOST$|NODE_ENV$)/,
    );
    const payloadKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    server = await startOwnServer(['--enable-source-maps', path.join(root, 'apps/server/build/main.js')], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(dir, 'platform'),
        DEMO_MODE: 'false',
        SEED_DEMO_DATA: 'false',
        PROVIDER_HOUSE_SECRET: randomBytes(24).toString('hex'),
        SECRETS_KEY: randomBytes(32).toString('base64'),
        PAYLOAD_RSA_PRIVATE_KEY: payloadKey,
        OPERATOR_BOOTSTRAP_PASSWORD: BOOTSTRAP,
        LOG_LEVEL: 'warn',
      },
      statusUrl: `http://localhost:${port}/wps/system/status`,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the first operator: bootstrap password → own password → authenticator → console', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: `http://localhost:${port}`,
      viewport: { width: 1440, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    try {
      // No demo surfaces in production.
      expect((await page.request.get('/wps/dev/outbox')).status()).toBe(404);

      await page.goto('/console');
      await page.getByTestId('console-username').fill('admin');
      await page.getByTestId('console-password').fill(BOOTSTRAP);
      await page.getByTestId('console-login').click();

      // First a password of their own: the bootstrap password is the current one.
      const change = page.getByTestId('console-step-password_change');
      await expect(change.getByRole('heading', { name: 'Escolha a sua própria senha' })).toBeVisible({
        timeout: 60_000,
      });
      await change.getByTestId('console-current-password').fill(BOOTSTRAP);
      await change.getByTestId('console-new-password').fill('Admin-Own-Pass-2026');
      await change.getByTestId('console-confirm-password').fill('Admin-Own-Pass-2026');
      await change.getByTestId('console-password-save').click();

      // Then the authenticator, confirmed with a code computed from the key shown.
      const enrol = page.getByTestId('console-step-totp_enrol');
      await expect(enrol.getByRole('heading', { name: 'Configure o seu autenticador' })).toBeVisible();
      const secret = (await enrol.getByTestId('console-totp-secret').textContent())!.trim();
      await enrol.getByTestId('console-totp-code').fill(totpCode(secret));
      await enrol.getByTestId('console-totp-submit').click();

      // The console.
      await expect(page.getByTestId('console')).toBeVisible();
      await expect(page.getByTestId('console-operator')).toContainText('admin');
      await shoot(page, 'console-production-first-login');

      // The bootstrap password no longer opens it.
      await page.getByRole('button', { name: 'Sair' }).click();
      await page.getByTestId('console-username').fill('admin');
      await page.getByTestId('console-password').fill(BOOTSTRAP);
      await page.getByTestId('console-login').click();
      await expect(page.getByTestId('console-login-error').or(page.getByRole('alert')).first()).toBeVisible();
      await expect(page.getByTestId('console')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
