import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { openConsole } from '../support/console.ts';
import { registerMember, uniqueSuffix } from '../support/accounts.ts';
import { DEMO_FINANCE, OperatorApi } from '../support/operator.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

/**
 * The reports desk (issue 21, decision 084): an operator reads the demo history by day and by
 * vendor, opens a member's statement from the member report, downloads both as CSV (made in the
 * browser from the rows on the screen), and marks the member as a test account on the members desk;
 * the audit viewer shows it and the member report leaves the member out. At 360 px the wide tables
 * (reports, the brand desk's register rules) scroll inside their own box.
 */
const PASSWORD = 'reports1234';

/** "R$ 1.234,56" (pt-BR, as the screen shows it) → "1234.56" (as the CSV writes it). */
const plainAmount = (screen: string) => {
  const negative = /[-−]/.test(screen);
  const digits = screen.replace(/[^\d,]/g, '').replace(',', '.');
  return `${negative ? '-' : ''}${digits}`;
};

/** Clicks "Export CSV" and reads the file the browser saved. */
const downloadCsv = async (page: Page, card: Locator) => {
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('reports-export').click()]);
  const bytes = fs.readFileSync(await download.path());
  return { name: download.suggestedFilename(), bytes, text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
};

/** At 360 px the page is no wider than the phone: wide tables scroll inside their own box. */
const expectNoSidewaysPage = async (page: Page) => {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (original) await page.setViewportSize(original);
  expect(width).toBeLessThanOrEqual(360);
};

test.describe('reports desk', () => {
  test.describe.configure({ timeout: 240_000 });

  test('by day, by vendor, a statement, CSV downloads, a test account, the audit', async ({
    browser,
    baseURL,
    request,
  }) => {
    // A member of its own, credited R$ 123,45: one line of their statement.
    const username = `rp${uniqueSuffix()}`;
    await registerMember(request, username, PASSWORD);
    const finance = await OperatorApi.login(request, DEMO_FINANCE);
    const memberId = await finance.fund(username, '12345', 'Reports browser test');

    const page = await openConsole(browser, baseURL);
    // The dashboard leads to the reports.
    await page.getByRole('tab', { name: 'Painel de resultados' }).click();
    await page.getByTestId('dashboard-open-reports').click();
    await expect(page.getByRole('tab', { name: 'Relatórios' })).toHaveAttribute('aria-selected', 'true');
    const desk = page.getByTestId('reports-desk');
    await expect(desk).toBeVisible();

    // 1. By day: the last seven days of the brand, the demo history's figures, the totals.
    const days = page.getByTestId('reports-days');
    const dayRows = days.getByTestId('reports-row');
    await expect(dayRows).toHaveCount(7);
    await expect(days.getByTestId('reports-showing')).toContainText('America/Sao_Paulo');
    // Yesterday (the demo history covers every past day) has bets and deposits.
    const yesterday = dayRows.nth(5);
    await expect(yesterday.getByTestId('reports-cell-bets')).not.toHaveText('R$ 0,00');
    await expect(yesterday.getByTestId('reports-cell-deposits')).not.toHaveText('R$ 0,00');
    await expect(days.getByTestId('reports-total')).toContainText('Total');
    await expectNoA11yViolations(page, 'reports by day');
    await shoot(page, 'reports-days');
    await expectNoSidewaysPage(page);

    const daysCsv = await downloadCsv(page, days);
    expect(daysCsv.name).toMatch(/^report-days-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(daysCsv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(daysCsv.text.endsWith('\r\n')).toBe(true);
    const dayLines = daysCsv.text.slice(0, -2).split('\r\n');
    expect(dayLines[0]).toBe(
      'Dia,Apostas,Ganhos,GGR,Bônus,NGR,Depósitos,Depósitos (qtd.),Saques,Saques (qtd.),Jogadores ativos',
    );
    // Seven days and the totals line, each with every column.
    expect(dayLines).toHaveLength(9);
    expect(dayLines[8]!.startsWith('Total,')).toBe(true);
    const yesterdayLine = dayLines[6]!.split(',');
    expect(yesterdayLine[0]).toBe(await yesterday.getAttribute('data-key'));
    expect(yesterdayLine[1]).toBe(plainAmount(await yesterday.getByTestId('reports-cell-bets').innerText()));
    expect(yesterdayLine[3]).toBe(plainAmount(await yesterday.getByTestId('reports-cell-ggr').innerText()));
    expect(dayLines[8]!.split(',')[1]).toBe(plainAmount(await days.getByTestId('reports-total-bets').innerText()));

    // 2. By vendor and game type: rows with turnover, and their totals.
    await desk.getByRole('tab', { name: 'Por fornecedor e tipo de jogo' }).click();
    const games = page.getByTestId('reports-games');
    await expect(games.getByTestId('reports-row').first()).toBeVisible();
    await expect(games.getByTestId('reports-total-turnover')).not.toHaveText('R$ 0,00');
    await page.getByTestId('reports-games-by').selectOption('vendor');
    await page.getByTestId('reports-games-go').click();
    await expect(games.locator('thead th').first()).toHaveText('Fornecedor');
    await expect(games.locator('thead th').nth(1)).toHaveText('Rodadas');
    await shoot(page, 'reports-games');

    // 3. By member, narrowed to the new member; their statement from the row.
    await desk.getByRole('tab', { name: 'Por membro' }).click();
    await page.getByTestId('reports-members-username').fill(username);
    await page.getByTestId('reports-members-go').click();
    const members = page.getByTestId('reports-members');
    await expect(members.getByTestId('reports-row')).toHaveCount(1);
    await members.getByTestId(`reports-statement-${username}`).click();
    await expect(desk.getByRole('tab', { name: 'Extrato do membro' })).toHaveAttribute('aria-selected', 'true');
    const statement = page.getByTestId('reports-statement');
    await expect(statement).toContainText(`${username} (#${memberId})`);
    const adjust = statement
      .getByTestId('reports-row')
      .filter({ has: page.getByTestId('reports-cell-amount').filter({ hasText: 'R$ 123,45' }) });
    await expect(adjust).toHaveCount(1);
    // The ledger kind by its name in the reader's language, not the raw `adjustment`.
    await expect(adjust).toContainText('Ajuste');
    await shoot(page, 'reports-statement');
    await expectNoSidewaysPage(page);

    const statementCsv = await downloadCsv(page, statement);
    expect(statementCsv.name).toBe(statementCsv.name.replace(/[^\w.-]/g, ''));
    const lines = statementCsv.text.slice(0, -2).split('\r\n');
    expect(lines[0]).toBe('Data e hora,Tipo,Referência,Valor,Saldo');
    expect(lines[1]).toMatch(/^Saldo inicial,,,,/);
    expect(lines.at(-1)).toMatch(/^Saldo final,,,,/);
    const adjustLine = lines.find((l) => l.split(',')[3] === '123.45');
    expect(adjustLine, statementCsv.text).toBeDefined();
    expect(adjustLine!.split(',')[1]).toBe('Ajuste');
    expect(adjustLine!.split(',')[3]).toBe(plainAmount(await adjust.getByTestId('reports-cell-amount').innerText()));
    expect(adjustLine!.split(',')[4]).toBe(plainAmount(await adjust.getByTestId('reports-cell-balance').innerText()));

    // 4. The members desk: marked as a test account with a reason; the page says so.
    await page.getByRole('tab', { name: 'Membros' }).click();
    await page.getByTestId('members-search-text').fill(username);
    await page.getByTestId('members-search-go').click();
    await page.getByTestId(`members-open-${memberId}`).click();
    const memberPage = page.getByTestId('member-page');
    await expect(page.getByTestId('member-test-account')).toContainText('Não');
    await page.getByTestId('member-action-markTest').click();
    await page.getByTestId('console-prompt-text').fill('Conta da equipe de QA');
    await page.getByTestId('console-prompt-ok').click();
    await expect(page.getByTestId('console-prompt')).toHaveCount(0);
    await expect(page.getByTestId('member-test-account')).toContainText('Sim');
    await expect(memberPage.locator('[data-test-account="true"]')).toBeVisible();
    await expect(page.getByTestId('member-action-unmarkTest')).toBeVisible();
    await shoot(page, 'reports-member-test-account');

    // Kept out of the reports: the member report no longer lists them.
    await page.getByRole('tab', { name: 'Relatórios' }).click();
    await desk.getByRole('tab', { name: 'Por membro' }).click();
    await page.getByTestId('reports-members-username').fill(username);
    await page.getByTestId('reports-members-go').click();
    await expect(members.getByTestId('reports-row')).toHaveCount(0);

    // 5. The audit viewer: who marked whom, why, before and after.
    await page.getByRole('tab', { name: 'Auditoria' }).click();
    await page.getByTestId('audit-filter-action').fill('member.test');
    await page.getByTestId('audit-filter-go').click();
    const marked = page.getByTestId('console-audit').locator('[data-action="member.test_marked"]').first();
    await expect(marked).toContainText('Conta da equipe de QA');
    await expect(marked).toContainText('admin');
    await shoot(page, 'reports-audit');

    // 6. At 360 px the brand desk's register rules scroll inside their own box.
    await page.getByRole('tab', { name: 'Marca' }).click();
    const rules = page.getByTestId('register-fields');
    await expect(rules).toBeVisible();
    await page.setViewportSize({ width: 360, height: 800 });
    const box = rules.locator('xpath=..');
    const [inner, outer] = await box.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(inner).toBeGreaterThan(outer!);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectNoSidewaysPage(page);
    await shoot(page, 'reports-brand-desk');
    await page.context().close();
  });
});
