import type { Page } from '@playwright/test';
import { DEMO, loginWithPassword } from '../support/accounts.ts';
import { openConsole } from '../support/console.ts';
import { expect, expectNoA11yViolations, settle, shoot, test } from '../support/fixtures.ts';
import { DEMO_CONTENT, type OperatorApi } from '../support/operator.ts';

/**
 * Issue 17, "Empty shells": the download and installation guides, the mirror sites page, help
 * articles that explain, the console's Domains desk, and every page showing its own content.
 */

interface Domain {
  id: number;
  host: string;
  status: 'active' | 'maintenance' | 'retired';
  sort: number;
}

const domains = async (operator: OperatorApi) =>
  (await operator.get<{ list: Domain[] }>('/wps/operator/content/domains')).list;

/** Puts each seeded mirror back to its state and order, whatever a test changed. */
const restoreDomains = async (page: Page, operator: OperatorApi, before: Domain[]) => {
  const token = (operator as unknown as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  for (const d of await domains(operator)) {
    if (!before.some((b) => b.id === d.id)) {
      await page.request.delete(`/wps/operator/content/domains?id=${d.id}`, { headers });
    }
  }
  for (const d of before) {
    await page.request.put('/wps/operator/content/domains', { headers, data: { id: d.id, status: d.status } });
  }
  await page.request.put('/wps/operator/content/domains/order', { headers, data: { ids: before.map((d) => d.id) } });
};

test.describe('download and installation guides', () => {
  test('the QR block leads to each platform’s guide, with steps, its own QR code and troubleshooting', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await settle(page);
    const side = page.locator('.player-shell__side');
    await side.getByTestId('app-qr-ios').click();
    await expect(page).toHaveURL(/\/download\/ios$/);
    const guide = page.getByTestId('download-guide');
    await expect(guide).toHaveAttribute('data-platform', 'ios');
    await expect(page.getByTestId('page-title')).toHaveText('Instale o Lotus88 no iPhone e iPad');
    const steps = guide.getByTestId('guide-steps').locator('li');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(1)).toContainText('Compartilhar');
    await expect(steps.nth(2)).toContainText('Adicionar à Tela de Início');
    // Each step has its picture, drawn in SVG.
    await expect(guide.locator('.guide-step svg')).toHaveCount(4);
    // The QR code is drawn (an image once the encoder chunk has run), not a skeleton.
    await expect(guide.getByTestId('guide-qr').locator('img')).toBeVisible();
    await expect(guide.locator('.skeleton')).toHaveCount(0);
    await expect(guide.locator('.guide-trouble dt')).toHaveCount(3);
    await expectNoA11yViolations(page, '/download/ios');
    await shoot(page, 'download-ios');

    await guide.getByTestId('guide-tab-android').click();
    await expect(page).toHaveURL(/\/download\/android$/);
    await expect(page.getByTestId('page-title')).toHaveText('Instale o Lotus88 no Android');
    await expect(guide.getByTestId('guide-steps')).toContainText('Instalar app');
    await shoot(page, 'download-android');

    await page.goto('/');
    await settle(page);
    await side.getByTestId('app-lite').click();
    await expect(page).toHaveURL(/\/download\/lite$/);
    await expect(page.getByTestId('download-guide')).toHaveAttribute('data-platform', 'lite');
    await expect(page.getByTestId('guide-steps')).toContainText('Adicionar à tela inicial');
  });

  test('the footer’s guides link opens a guide; an unknown platform goes back to one', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await page.getByTestId('footer-download').click();
    await expect(page).toHaveURL(/\/download\/(ios|android)$/);
    await expect(page.getByTestId('download-guide')).toBeVisible();
    await page.goto('/download/windows');
    await expect(page).toHaveURL(/\/download\/(ios|android)$/);
    await expect(page.getByTestId('download-guide')).toBeVisible();
  });

  test('the site offers a web app manifest for installing it', async ({ page }) => {
    await page.goto('/download/android');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as { name: string; display: string; start_url: string; icons: unknown[] };
    expect(manifest).toMatchObject({ name: 'Lotus88', display: 'standalone', start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThan(0);
  });
});

test.describe('mirror sites page', () => {
  test('lists the mirrors the operator has not retired, with their state, a copy button and a new-tab link', async ({
    page,
    operator,
    context,
  }) => {
    const before = await domains(operator);
    try {
      await operator.get('/wps/operator/content/domains');
      const [a, b] = before;
      const token = (operator as unknown as { token: string }).token;
      const headers = { authorization: `Bearer ${token}` };
      expect(
        (
          await page.request.put('/wps/operator/content/domains', {
            headers,
            data: { id: a!.id, status: 'maintenance' },
          })
        ).status(),
      ).toBe(200);
      expect(
        (
          await page.request.put('/wps/operator/content/domains', { headers, data: { id: b!.id, status: 'retired' } })
        ).status(),
      ).toBe(200);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);

      await page.goto('/');
      await settle(page);
      await page.getByTestId('footer-mirrors-all').click();
      await expect(page).toHaveURL(/\/mirrors$/);
      await expect(page.getByTestId('page-title')).toHaveText('Sites espelho');
      await expect(page.getByTestId('mirror-current')).toHaveText('127.0.0.1');
      const items = page.getByTestId('mirror-item');
      await expect(items).toHaveCount(before.length - 1);
      await expect(page.locator(`[data-host="${b!.host}"]`)).toHaveCount(0);
      const first = page.locator(`[data-testid="mirror-item"][data-host="${a!.host}"]`);
      await expect(first.getByTestId('mirror-status')).toHaveText('Em manutenção');
      const active = items.filter({ hasText: 'No ar' });
      await expect(active).toHaveCount(before.length - 2);
      const open = first.getByTestId('mirror-open');
      await expect(open).toHaveAttribute('href', `https://${a!.host}/`);
      await expect(open).toHaveAttribute('target', '_blank');
      await first.getByTestId('mirror-copy').click();
      await expect(first.getByTestId('mirror-copy')).toHaveText('Copiado');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(a!.host);
      await expect(page.locator('.skeleton')).toHaveCount(0);
      await expectNoA11yViolations(page, '/mirrors');
      await shoot(page, 'mirrors');
    } finally {
      await restoreDomains(page, operator, before);
    }
  });

  test('the side menu leads to it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await settle(page);
    await page.locator('.player-shell__side').getByRole('link', { name: 'Sites espelho' }).click();
    await expect(page).toHaveURL(/\/mirrors$/);
    await expect(page.getByTestId('mirror-item').first()).toBeVisible();
  });
});

test.describe('help centre', () => {
  test('/help#withdraw opens a real article with headings and steps; tabs move the anchor', async ({ page }) => {
    await page.goto('/help#withdraw');
    const modal = page.getByTestId('help-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('tab', { selected: true })).toHaveText('Como sacar');
    const text = modal.getByTestId('help-text');
    await expect(modal.locator('.help__heading')).toHaveText('Saques');
    await expect(text.locator('h4')).toHaveCount(2);
    await expect(text.locator('ol > li')).toHaveCount(4);
    await expect(text.locator('ul > li')).toHaveCount(3);
    await expect(text).toContainText('senha de pagamento');
    // The small markup is read, never shown.
    await expect(text).not.toContainText('## ');
    await expect(text).not.toContainText('1. ');
    await expectNoA11yViolations(page, '/help#withdraw');
    await shoot(page, 'help-withdraw');

    await modal.getByRole('tab', { name: 'Jogos e justiça' }).click();
    await expect(page).toHaveURL(/\/help#games$/);
    await expect(text).toContainText('provably fair');
    for (const [anchor, title] of [
      ['account', 'Conta e segurança'],
      ['agents', 'Agentes e indicações'],
      ['responsible', 'Jogo responsável'],
    ] as const) {
      await page.goto(`/help#${anchor}`);
      await expect(page.getByTestId('help-modal').locator('.help__heading')).toHaveText(title);
      expect(await page.getByTestId('help-text').locator('p, li').count()).toBeGreaterThan(4);
    }
  });

  test('the announcements read like a brand’s, not numbered notices', async ({ page }) => {
    const res = await page.request.get('/wps/relay/MCSFE_getListAnnouncements?types=PL,PU&language=PT');
    const value = ((await res.json()) as { value: { popup: { title: string }[]; notices: { title: string }[] } }).value;
    const titles = [...value.popup, ...value.notices].map((a) => a.title);
    expect(titles.length).toBeGreaterThan(9);
    expect(titles.filter((title) => /^Aviso \d+/.test(title))).toEqual([]);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

test.describe('console Domains desk', () => {
  test('content staff add a mirror, set its state, move and remove it; a bad host is refused', async ({
    browser,
    baseURL,
    operator,
  }) => {
    const before = await domains(operator);
    const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
    try {
      await desk.getByRole('tab', { name: 'Domínios' }).click();
      const rows = desk.getByTestId('domain-row');
      await expect(rows).toHaveCount(before.length);

      await desk.getByTestId('domain-host').fill('https://bad.example/path');
      await desk.getByTestId('domain-add').click();
      await expect(desk.getByTestId('domains-add')).toContainText('host name only');
      await expect(rows).toHaveCount(before.length);

      await desk.getByTestId('domain-host').fill('lotus88-desk.example');
      await desk.getByTestId('domain-add').click();
      await expect(rows).toHaveCount(before.length + 1);
      const added = desk.locator('[data-testid="domain-row"][data-host="lotus88-desk.example"]');
      await expect(added).toHaveAttribute('data-status', 'active');
      await expect(rows.last()).toHaveAttribute('data-host', 'lotus88-desk.example');

      await added.getByTestId('domain-status').selectOption('maintenance');
      await expect(added).toHaveAttribute('data-status', 'maintenance');
      await expect(desk.getByTestId('domains-status')).toContainText('lotus88-desk.example');

      await added.getByTestId('domain-up').click();
      await expect(rows.nth(before.length - 1)).toHaveAttribute('data-host', 'lotus88-desk.example');
      await shoot(desk, 'console-domains');

      const shown = (await (await desk.request.get('/wps/relay/MCSFE_getMirrorDomains')).json()) as {
        value: { domains: { host: string; status: string }[] };
      };
      expect(shown.value.domains.find((d) => d.host === 'lotus88-desk.example')?.status).toBe('maintenance');

      desk.once('dialog', (d) => void d.accept());
      await added.getByTestId('domain-remove').click();
      await expect(rows).toHaveCount(before.length);
      await expectNoA11yViolations(desk, '/console (domains)');
    } finally {
      await desk.context().close();
      await restoreDomains(await browser.newPage({ baseURL }), operator, before);
    }
  });
});

/**
 * No shells: every player route of the router, the agent centre and the console desks show their
 * own content (a part only that page has), no placeholder words, and no skeleton once loaded.
 */
const PLACEHOLDER =
  /nothing here yet|ainda não há nada aqui|coming soon|check back soon|em breve|lorem ipsum|placeholder|not implemented/i;

const expectRealPage = async (page: Page, label: string) => {
  await expect(page.getByTestId('splash')).toHaveCount(0);
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await expect(
    page.locator('main .skeleton, [role="main"] .skeleton, .player-shell__main .skeleton'),
    label,
  ).toHaveCount(0, { timeout: 20_000 });
  const text = await page.locator('body').innerText();
  expect(text, label).not.toMatch(PLACEHOLDER);
};

type Key = (page: Page) => ReturnType<Page['locator']>;
const memberPage =
  (name: string): Key =>
  (p) =>
    p.locator(`.member-centre__content[data-page="${name}"] .page-header`);

/*
 * Every route of apps/web/src/app/router.tsx, each with its feature built.
 */
const PLAYER_PAGES: { route: string; key: Key; login?: boolean }[] = [
  { route: '/', key: (p) => p.getByTestId('game-tile').first() },
  { route: '/home', key: (p) => p.getByTestId('home-page') },
  { route: '/help#deposit', key: (p) => p.getByTestId('help-text').locator('ol > li').first() },
  { route: '/promotions', key: (p) => p.getByTestId('promotion-card').first() },
  { route: '/sports', key: (p) => p.getByTestId('vendor-cards') },
  { route: '/esports', key: (p) => p.getByTestId('vendor-cards') },
  { route: '/live', key: (p) => p.getByTestId('game-tile').first() },
  { route: '/rng', key: (p) => p.getByTestId('game-tile').first() },
  { route: '/fish', key: (p) => p.getByTestId('game-tile').first() },
  { route: '/pvp', key: (p) => p.getByTestId('game-tile').first() },
  { route: '/download/ios', key: (p) => p.getByTestId('guide-steps') },
  { route: '/download/lite', key: (p) => p.getByTestId('guide-steps') },
  { route: '/mirrors', key: (p) => p.getByTestId('mirror-item').first() },
  { route: '/no-such-page', key: (p) => p.getByTestId('page-title') },
  { route: '/member', key: memberPage('securityCenter'), login: true },
  { route: '/member?page=depositv2', key: memberPage('depositv2'), login: true },
  { route: '/member?page=withdraw', key: memberPage('withdraw'), login: true },
  { route: '/member?page=personalHistoryCopy', key: memberPage('personalHistoryCopy'), login: true },
  { route: '/member?page=transactionHistory', key: memberPage('transactionHistory'), login: true },
  { route: '/member?page=messageV2', key: memberPage('messageV2'), login: true },
  { route: '/member?page=feedback', key: (p) => p.getByTestId('feedback-list'), login: true },
  { route: '/member?page=rewardCenter', key: (p) => p.getByTestId('reward-center'), login: true },
  { route: '/member?page=bonusDetails', key: (p) => p.getByTestId('bonus-details'), login: true },
  { route: '/member?page=manualRebate', key: (p) => p.getByTestId('manual-rebate'), login: true },
  { route: '/member?page=referral', key: (p) => p.getByTestId('referral-code'), login: true },
  { route: '/member?page=missionLeaderboard', key: (p) => p.getByTestId('mission').first(), login: true },
  { route: '/favorite', key: (p) => p.getByTestId('page-title'), login: true },
  { route: '/pointMall', key: (p) => p.getByTestId('points-item').first(), login: true },
  { route: '/vip', key: (p) => p.getByTestId('vip-perks'), login: true },
  { route: '/lottery?gameCode=lott-ssc-1-min', key: (p) => p.getByTestId('lt-board'), login: true },
  { route: '/lottery?gameCode=lott-pk10-3-min', key: (p) => p.getByTestId('lt-board'), login: true },
  { route: '/lottery?gameCode=lott-lhc-5-min', key: (p) => p.getByTestId('lt-board'), login: true },
  { route: '/lottert', key: (p) => p.getByTestId('lt-switcher'), login: true },
  { route: '/vnLottery', key: (p) => p.getByTestId('lt-vn-game').first(), login: true },
  { route: '/vnlottery?gameCode=tcg_lotto_vn-southern-lottery', key: (p) => p.getByTestId('lt-board'), login: true },
  { route: '/seaLottery', key: (p) => p.getByTestId('lt-board'), login: true },
  { route: '/sealottery?gameCode=tcg_sea-malaysia-4d', key: (p) => p.getByTestId('lt-board'), login: true },
];

test.describe('no placeholder pages', () => {
  for (const entry of PLAYER_PAGES) {
    test(`${entry.route} shows its own content`, async ({ page }) => {
      if (entry.login) {
        await loginWithPassword(page, DEMO.member.username, DEMO.member.password);
        await expect(page.getByTestId('login-modal')).toBeHidden();
      }
      await page.goto(entry.route);
      await settle(page);
      await expect(entry.key(page)).toBeVisible();
      await expectRealPage(page, entry.route);
    });
  }
});
