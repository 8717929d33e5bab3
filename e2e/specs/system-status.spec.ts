import { OPEN_REGION } from '../support/operator.ts';
import { expect, expectNoA11yViolations, shoot, test } from '../support/fixtures.ts';

test.describe('system status screens', () => {
  test('maintenance switched on shows the maintenance page with its end time; off shows the app', async ({
    page,
    operator,
  }) => {
    const endTime = new Date(Date.now() + 2 * 3_600_000);
    endTime.setUTCSeconds(0, 0);
    try {
      await operator.setMaintenance({ enabled: true, endTime: endTime.toISOString(), message: '' });
      await page.goto('/');
      const screen = page.getByTestId('maintenance-page');
      await expect(screen).toBeVisible();
      await expect(page.getByTestId('app-root')).toHaveCount(0);
      const end = page.getByTestId('maintenance-end-time');
      await expect(end).toBeVisible();
      await expect(end).toHaveAttribute('datetime', endTime.toISOString());
      // Shown in the brand's time zone (America/Sao_Paulo, UTC-3): the hour the operator chose.
      const hour = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', timeZone: 'America/Sao_Paulo' }).format(endTime);
      await expect(end).toContainText(hour);
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Sistema em manutenção');
      await expect(screen.getByRole('button', { name: /atendimento|suporte/i })).toBeVisible();
      await expectNoA11yViolations(page, 'maintenance page');
      await shoot(page, 'maintenance');

      // Any route shows it, not only the home page.
      await page.goto('/promotions');
      await expect(page.getByTestId('maintenance-page')).toBeVisible();
    } finally {
      await operator.setMaintenance({ enabled: false, endTime: null });
    }
    await page.goto('/');
    await expect(page.getByTestId('app-root')).toBeVisible();
    await expect(page.getByTestId('maintenance-page')).toHaveCount(0);
  });

  test('a blocked IP sees the region page with its IP; unblocked, it sees the app', async ({ page, operator }) => {
    try {
      await operator.setRegion({ ...OPEN_REGION, cidrBlock: ['127.0.0.1/32', '::1/128'] });
      await page.goto('/');
      const screen = page.getByTestId('region-blocked-page');
      await expect(screen).toBeVisible();
      await expect(page.getByTestId('app-root')).toHaveCount(0);
      await expect(page.getByTestId('visitor-ip')).toHaveText(/^\s*(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)\s*$/);
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Acesso restrito');
      await expectNoA11yViolations(page, 'region page');
      await shoot(page, 'region');
    } finally {
      await operator.setRegion(OPEN_REGION);
    }
    await page.goto('/');
    await expect(page.getByTestId('app-root')).toBeVisible();
    await expect(page.getByTestId('region-blocked-page')).toHaveCount(0);
  });
});
