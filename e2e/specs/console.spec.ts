import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';
import { openConsole } from '../support/console.ts';
import { DEMO_CONTENT, DEMO_FINANCE, OPEN_REGION, type CatalogueVendor } from '../support/operator.ts';

/**
 * The operator console's settings desks: the wallet rules members meet, and the site's switches
 * (maintenance with its message, region rules). Each test puts back what it changed.
 */
test.describe('operator console settings', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an administrator changes a wallet limit; bad amounts are caught and change nothing', async ({
    browser,
    baseURL,
    operator,
  }) => {
    const before = await operator.walletRules();
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Regras da carteira' }).click();
      const max = desk.getByTestId('rules-transferMax');
      // Amounts show as the operator types them (R$ 1.000,00 → "1000,00").
      await expect(max).toHaveValue(
        `${String(BigInt(before.transferMax as string) / 100n)},${String(BigInt(before.transferMax as string) % 100n).padStart(2, '0')}`,
      );

      // Not an amount: refused in the form, nothing sent.
      await max.fill('muito');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByText('Informe um valor como 10,00')).toBeVisible();
      expect(await operator.walletRules()).toEqual(before);

      // A maximum below the minimum: the server names the field, nothing changes.
      await max.fill('0,01');
      await desk.getByTestId('rules-transferMin').fill('5,00');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByText('The maximum is below the minimum')).toBeVisible();
      expect(await operator.walletRules()).toEqual(before);

      await desk.getByTestId('rules-transferMin').fill('2,50');
      await max.fill('1234,56');
      await desk.getByTestId('rules-save').click();
      await expect(desk.getByRole('status')).toHaveText('Salvo.');
      expect(await operator.walletRules()).toEqual({ ...before, transferMin: '250', transferMax: '123456' });
      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-wallet-rules');
    } finally {
      await operator.setWalletRules(before);
      await desk.context().close();
    }
  });

  test('an administrator puts the site under maintenance with a message, and sets region rules where a bad address is refused', async ({
    browser,
    baseURL,
    page,
    operator,
  }) => {
    const message = 'Voltamos às 18h com novidades.';
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Site' }).click();
      const card = desk.getByTestId('site-maintenance');
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'open');
      await card.getByTestId('site-maintenance-on').check();
      await card.getByTestId('site-message').fill(message);
      await card.getByTestId('site-maintenance-save').click();
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'maintenance');
      // A visitor meets the maintenance page with the operator's words.
      await page.goto('/');
      await expect(page.getByTestId('maintenance-page')).toContainText(message);

      await card.getByTestId('site-maintenance-on').uncheck();
      await card.getByTestId('site-maintenance-save').click();
      await expect(card.getByTestId('site-state')).toHaveAttribute('data-state', 'open');
      await page.goto('/');
      await expect(page.getByTestId('app-root')).toBeVisible();

      // Region rules: a bad entry is named and changes nothing; a good one is kept as typed.
      const region = desk.getByTestId('site-region');
      await region.getByTestId('region-cidrBlock').fill('203.0.113.0/24\nnot-an-address');
      await region.getByTestId('site-region-save').click();
      await expect(region.getByRole('alert')).toBeVisible();
      expect(
        (await operator.get<{ region: { cidrBlock: string[] } }>('/wps/operator/system/settings')).region.cidrBlock,
      ).toEqual([]);
      await region.getByTestId('region-cidrBlock').fill('203.0.113.0/24, 198.51.100.7');
      await region.getByTestId('region-blockedCountries').fill('kp ir');
      await region.getByTestId('site-region-save').click();
      await expect(region.getByRole('status')).toHaveText('Salvo.');
      const saved = (await operator.get<{ region: typeof OPEN_REGION }>('/wps/operator/system/settings')).region;
      expect(saved).toEqual({
        ...OPEN_REGION,
        blockedCountries: ['KP', 'IR'],
        cidrBlock: ['203.0.113.0/24', '198.51.100.7'],
      });

      // The winners board's rule: an amount typed the brand's way, a whole multiple.
      const winners = desk.getByTestId('site-winners');
      await expect(winners.getByTestId('winners-min-amount')).toHaveValue('5,00');
      await winners.getByTestId('winners-min-multiple').fill('2,5');
      await winners.getByTestId('site-winners-save').click();
      await expect(winners.getByText('Digite um número inteiro de 0 a 10000.')).toBeVisible();
      await winners.getByTestId('winners-min-amount').fill('12,50');
      await winners.getByTestId('winners-min-multiple').fill('3');
      await winners.getByTestId('site-winners-save').click();
      await expect(winners.getByRole('status')).toHaveText('Salvo.');
      expect((await operator.get<{ winnersBoard: unknown }>('/wps/operator/system/settings')).winnersBoard).toEqual({
        minAmount: '1250',
        minMultiple: 3,
      });
      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-site');
    } finally {
      await operator.put('/wps/operator/system/winners-board', { minAmount: '500', minMultiple: 0 });
      await operator.setMaintenance({ enabled: false, endTime: null });
      await operator.setRegion(OPEN_REGION);
      await desk.context().close();
    }
  });
});

/**
 * The catalogue desk: a game type's vendors in lobby order, each switched in or out of the lobby,
 * and the type's hot games. The demo data has no operator with the content role; the administrator
 * passes every role's gate, finance none of the content calls. Each test puts the catalogue back.
 */
test.describe('operator console catalogue', () => {
  test.describe.configure({ timeout: 120_000 });
  const gameType = 'PVP';
  const typeName = 'Jogos de cartas';
  const lobbyVendors = async (request: APIRequestContext) => {
    const res = await request.get(`/wps/relay/GCSGAME_getVassGameType?gameType=${gameType}`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { value: { list: { vassalage: string }[] } }).value.list.map((v) => v.vassalage);
  };

  test('an administrator moves a vendor up and switches one off; the lobby follows; both are put back', async ({
    browser,
    baseURL,
    page,
    request,
    operator,
  }) => {
    const before = await operator.catalogueVendors(gameType);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, ...rest] = before as [CatalogueVendor, CatalogueVendor, ...CatalogueVendor[]];
    const off = rest.at(-1)!;
    const desk = await openConsole(browser, baseURL);
    try {
      await desk.getByRole('tab', { name: 'Catálogo' }).click();
      await desk.getByRole('tab', { name: typeName }).click();
      const rows = desk.getByTestId('catalogue-vendors').locator('tbody tr');
      const shown = () => rows.evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.vendor));
      const status = desk.getByTestId('catalogue-vendors-status');
      await expect.poll(shown).toEqual(before.map((v) => v.vassalage));
      await expect(desk.getByRole('button', { name: `Subir ${first.displayName}` })).toBeDisabled();

      // Up one place: the whole order is saved, and the row moves.
      const ordered = desk.waitForResponse(
        (r) => r.url().endsWith('/wps/operator/catalog/vendors/order') && r.request().method() === 'PUT',
      );
      await desk.getByRole('button', { name: `Subir ${second.displayName}` }).click();
      expect((await ordered).status()).toBe(200);
      const moved = [second, first, ...rest].map((v) => v.vassalage);
      await expect.poll(shown).toEqual(moved);
      await expect(status).toHaveText(`${second.displayName} agora é o 1º de ${before.length}.`);
      await expect(desk.getByRole('button', { name: `Subir ${second.displayName}` })).toBeDisabled();

      // Out of the lobby.
      const onOff = desk.getByRole('switch', { name: `${off.displayName} no lobby` });
      await expect(onOff).toBeChecked();
      const switched = desk.waitForResponse(
        (r) => r.url().endsWith('/wps/operator/catalog/vendors/enabled') && r.request().method() === 'PUT',
      );
      await onOff.click();
      expect((await switched).status()).toBe(200);
      await expect(onOff).not.toBeChecked();
      await expect(status).toHaveText(`${off.displayName} saiu do lobby de ${typeName}.`);
      expect((await operator.catalogueVendors(gameType)).map((v) => [v.vassalage, v.enabled])).toEqual(
        moved.map((code) => [code, code !== off.vassalage]),
      );

      // The lobby: the public vendor list and the game type's page, in the new order, without it.
      const inLobby = moved.filter((code) => code !== off.vassalage);
      expect(await lobbyVendors(request)).toEqual(inLobby);
      await page.goto('/pvp');
      const chips = page.getByTestId('vendor-menu').locator('button[data-vassalage]');
      await expect
        .poll(() => chips.evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.vassalage)))
        .toEqual(['ALL', ...inLobby]);

      await expectNoA11yViolations(desk);
      await shoot(desk, 'console-catalogue');

      // Put back through the desk: on again, down again.
      await onOff.click();
      await expect(onOff).toBeChecked();
      await expect(status).toHaveText(`${off.displayName} voltou ao lobby de ${typeName}.`);
      await desk.getByRole('button', { name: `Descer ${second.displayName}` }).click();
      await expect.poll(shown).toEqual(before.map((v) => v.vassalage));
      await expect(status).toHaveText(`${second.displayName} agora é o 2º de ${before.length}.`);
      expect(await lobbyVendors(request)).toEqual(before.filter((v) => v.enabled).map((v) => v.vassalage));
    } finally {
      await operator.setVendorOrder(
        gameType,
        before.map((v) => v.vassalage),
      );
      for (const v of before) await operator.setVendorEnabled(gameType, v.vassalage, v.enabled);
      await desk.context().close();
    }
  });

  test('the content operator finds a game by name and marks it hot, then takes it off the hot list', async ({
    browser,
    baseURL,
    request,
    operator,
  }) => {
    type Game = { nodeId: number; gameName: string; vendorName: string; isHot: 0 | 1; isGame: string };
    const games = async (query: string) =>
      (
        (await (await request.get(`/wps/relay/GCSGAME_gameList?gameType=${gameType}&language=pt&${query}`)).json()) as {
          value: { games: Game[] };
        }
      ).value.games;
    // A game that is not hot and that its name finds on the desk's first page of results.
    let game: Game | undefined;
    for (const g of await games('pageSize=50')) {
      if (g.isGame !== 'GAME' || g.isHot) continue;
      const found = await games(`pageSize=10&gameName=${encodeURIComponent(g.gameName)}`);
      if (found.some((f) => f.nodeId === g.nodeId)) {
        game = g;
        break;
      }
    }
    if (!game) throw new Error(`no game of ${gameType} to mark hot`);
    const hotNow = async () => {
      const res = await request.get(`/wps/relay/GCSGAME_hotGamesV2?gameType=${gameType}`);
      return ((await res.json()) as { value: { list: { nodeId: number }[] } }).value.list.map((g) => g.nodeId);
    };
    const desk = await openConsole(browser, baseURL, DEMO_CONTENT);
    try {
      await desk.getByRole('tab', { name: 'Catálogo' }).click();
      await desk.getByRole('tab', { name: typeName }).click();
      const card = desk.getByTestId('catalogue-hot');
      await card.getByRole('searchbox', { name: 'Buscar jogo pelo nome' }).fill(game.gameName);
      await card.getByRole('button', { name: 'Buscar' }).click();
      const row = card.getByTestId(`hot-game-${game.nodeId}`);
      const hot = row.getByRole('switch', { name: `${game.gameName} (${game.vendorName}) popular` });
      await expect(hot).not.toBeChecked();

      const marked = desk.waitForResponse(
        (r) => r.url().endsWith('/wps/operator/catalog/games/hot') && r.request().method() === 'PUT',
      );
      await hot.click();
      expect((await marked).status()).toBe(200);
      await expect(hot).toBeChecked();
      await expect(card.getByTestId('hot-status')).toHaveText(`${game.gameName} agora é popular.`);
      expect(await hotNow()).toContain(game.nodeId);

      // Back to the hot list: the game is there; off, and it leaves the lobby's hot list.
      await card.getByTestId('hot-show-hot').click();
      await expect(row).toBeVisible();
      await row.getByRole('switch').click();
      await expect(card.getByTestId('hot-status')).toHaveText(`${game.gameName} não é mais popular.`);
      await expect(row).toBeHidden();
      expect(await hotNow()).not.toContain(game.nodeId);
    } finally {
      await operator.setHotGames([game.nodeId], false);
      await desk.context().close();
    }
  });

  test('an operator without a content role meets the server’s refusal', async ({ browser, baseURL }) => {
    const desk = await openConsole(browser, baseURL, DEMO_FINANCE);
    try {
      await desk.getByRole('tab', { name: 'Catálogo' }).click();
      const refused = desk.getByTestId('catalogue-refused');
      await expect(refused.getByRole('alert')).toHaveText('Your role does not allow this action');
      await expect(refused).toContainText('Só a equipe de conteúdo ou um administrador pode organizar o catálogo.');
      await expect(desk.getByRole('switch')).toHaveCount(0);
    } finally {
      await desk.context().close();
    }
  });
});
