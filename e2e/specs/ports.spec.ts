import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { envWithout, freePort, startOwnServer } from '../support/own-server.ts';

/**
 * Issue 17: `PORT=… HOUSE_GAMES_PORT=… npm start`, nothing else set. Every URL the product builds
 * (assets, game launches, the game's own page and its calls back) must follow those two ports: the
 * README says both are configurable. This starts the product the README's way, beside the suite's
 * own server, and plays a slot in it.
 */

const root = path.resolve(import.meta.dirname, '../..');
let product: Awaited<ReturnType<typeof startOwnServer>> | null = null;
let dir = '';
let port = 0;
let housePort = 0;

test.describe('the product on ports of its own', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    [port, housePort] = [await freePort(), await freePort()];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-ports-'));
    // The caller's settings must not leak in: only the two ports (and throwaway data directories).
    const env = envWithout(/^(NODE_ENV|PUBLIC_BASE_URL|HOUSE_GAMES_|DATABASE_URL|DEMO_MODE|SEED_DEMO_DATA|PROVIDER_)/);
    product = await startOwnServer([path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOUSE_GAMES_PORT: String(housePort),
        DATA_DIR: path.join(dir, 'platform'),
        HOUSE_GAMES_DATA_DIR: path.join(dir, 'house-games'),
        LOG_LEVEL: 'warn',
        HOUSE_GAMES_LOG_LEVEL: 'warn',
      },
      statusUrl: `http://localhost:${port}/wps/system/status`,
    });
  });

  test.afterAll(async () => {
    await product?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every asset, launch and game call follows PORT and HOUSE_GAMES_PORT', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    context.on('request', (r) => {
      const u = new URL(r.url());
      if (['localhost', '127.0.0.1'].includes(u.hostname) && ![String(port), String(housePort)].includes(u.port))
        elsewhere.push(r.url());
    });
    const watch = (p: typeof page) =>
      p.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
      });
    watch(page);

    await page.goto('/');
    const tile = page.getByTestId('game-tile').first();
    await expect(tile).toBeVisible({ timeout: 60_000 });
    // Artwork comes from this port's CDN path.
    await expect(tile.locator('img').first()).toHaveAttribute('src', new RegExp(`^(http://localhost:${port})?/cdn/`));

    await page.goto('/login');
    await page.getByTestId('login-username').fill('sortudo88');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('member-info')).toBeVisible({ timeout: 60_000 });
    await page.goto('/rng');
    await page.getByTestId('game-tile').first().locator('.game-tile__play').click();
    await expect(page).toHaveURL(/\/seamless\?gameId=\d+/);
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('hg-balance')).toContainText('R$', { timeout: 60_000 });
    await expect(page.getByTestId('game-frame')).toHaveAttribute(
      'src',
      new RegExp(`localhost:${port}/provider/launch/`),
    );
    await frame.getByTestId('hg-spin').click();
    await expect(frame.getByTestId('hg-win')).toContainText('R$', { timeout: 60_000 });
    // The game's page itself is served from house games' port.
    expect(page.frames().some((f) => f.url().includes(`:${housePort}/`))).toBe(true);

    expect(elsewhere, 'requests to another port').toEqual([]);
    expect(refused, 'CSP refusals').toEqual([]);
    await context.close();
  });
});
