import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the production build (apps/web/dist served by the compiled server, in demo
 * mode) on fresh embedded databases with demo data. E2E_WORKERS workers (2 by default, 1 on a
 * one-core machine), each with its own platform and house-games servers and databases: a worker's
 * specs run one after another on its servers, so a spec that flips a switch (maintenance, region)
 * affects only its own servers and restores it. Much of the suite waits on game clocks (a lottery
 * period, a live round, a fight, a match), which a second worker overlaps (decision 113).
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(2, os.cpus().length)) || 1);

/** A TCP port free on 127.0.0.1 right now (other people's servers may hold 3100 on a shared machine). */
const probePort = (fallback: number) => {
  const probe = spawnSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return probe.stdout.toString().trim() || String(fallback);
};

/**
 * The ports of worker i's servers: E2E_PORT_i and E2E_HOUSE_PORT_i (worker 0 also answers to E2E_PORT
 * and E2E_HOUSE_PORT), else ports free right now. Chosen once by the runner; workers inherit the
 * variables, so all agree on the URLs.
 */
for (let i = 0; i < workers; i++) {
  if (!process.env[`E2E_PORT_${i}`])
    process.env[`E2E_PORT_${i}`] = (i === 0 && process.env.E2E_PORT) || probePort(3100 + 2 * i);
  if (!process.env[`E2E_HOUSE_PORT_${i}`])
    process.env[`E2E_HOUSE_PORT_${i}`] = (i === 0 && process.env.E2E_HOUSE_PORT) || probePort(3101 + 2 * i);
}
if (!process.env.E2E_HOUSE_SECRET)
  process.env.E2E_HOUSE_SECRET = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const houseSecret = process.env.E2E_HOUSE_SECRET;
const servers = Array.from({ length: workers }, (_, i) => {
  const port = Number(process.env[`E2E_PORT_${i}`]);
  return {
    port,
    housePort: Number(process.env[`E2E_HOUSE_PORT_${i}`]),
    baseURL: `http://127.0.0.1:${port}`,
    dataDir: path.join(os.tmpdir(), `lotus-e2e-${port}`),
  };
});
/** The specs' fixtures (support/fixtures.ts) point each worker at its own servers through this. */
process.env.E2E_BASE_URLS = servers.map((s) => s.baseURL).join(' ');

/** The system Chromium when there is one (CI installs it with apt); otherwise Playwright's own. */
const executablePath =
  process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: './specs',
  // Traces and the HTML report go to the repository root, where lint and git already ignore them.
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Generous: axe on a full lobby page takes a few seconds alone, and far more on a busy 2-core box.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }]],
  use: {
    baseURL: servers[0]!.baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // CI retries a failed test once and traces the retry; recording a trace of every first run
    // (retain-on-failure) cost a quarter of a spec's time here (lobby.spec: 187 s against 145 s).
    // Without CI a failure keeps its trace, as there is no retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      // CI runs as root on a closed network: no sandbox, no GPU, nothing that phones home.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: servers.map(({ port, housePort, baseURL, dataDir }) => ({
    command: 'node e2e/support/start-server.mjs',
    cwd: '..',
    url: `${baseURL}/wps/system/status`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // Let the server finish and the wrapper remove its temporary database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // The built servers in demo mode (demo data, outbox, sandbox gateway), which production refuses
    // (decision 051): so not NODE_ENV=production, as for the demo `npm start`.
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseURL,
      DEMO_MODE: 'true',
      SEED_DEMO_DATA: 'true',
      SERVE_WEB: 'true',
      LOG_LEVEL: 'warn',
      HOUSE_GAMES_URL: `http://127.0.0.1:${housePort}`,
      PROVIDER_HOUSE_SECRET: houseSecret,
      HOUSE_GAMES_PORT: String(housePort),
      HOUSE_GAMES_HOST: '127.0.0.1',
      HOUSE_GAMES_PLATFORM_URL: baseURL,
      HOUSE_GAMES_PUBLIC_URL: `http://127.0.0.1:${housePort}`,
      HOUSE_GAMES_SECRET: houseSecret,
      HOUSE_GAMES_LOG_LEVEL: 'warn',
      HOUSE_GAMES_CRASH_BETTING_MS: '4000',
      // Cockfight's simulated arena: a fight every 20 s or so, long enough to pick and bet.
      HOUSE_GAMES_COCKFIGHT_BETTING_MS: '12000',
      HOUSE_GAMES_COCKFIGHT_FIGHT_MS: '4000',
      HOUSE_GAMES_COCKFIGHT_PAUSE_MS: '3000',
      // The sportsbook's simulated football: a kick-off every 25 s, a match lasting 45 s (half a second
      // a match minute, long enough to see a goal and bet in-play), so a pre-match bet settles within
      // two minutes (the demo's default is a kick-off every 90 minutes); markets suspended 1.5 s on events.
      HOUSE_GAMES_SPORTS_KICKOFF_EVERY_MS: '25000',
      HOUSE_GAMES_SPORTS_FIRST_KICKOFF_MS: '30000',
      HOUSE_GAMES_SPORTS_MATCH_MS: '45000',
      HOUSE_GAMES_SPORTS_SUSPEND_MS: '1500',
      HOUSE_GAMES_SPORTS_INPLAY_DELAY_MS: '1000',
      HOUSE_GAMES_SPORTS_FIXTURES: '12',
      // 15 s of betting at a live table, as in the demo: a test's clicks on a busy
      // two-core machine took more than 6 s for five spots and the confirm, past an 8 s window.
      HOUSE_GAMES_LIVE_BETTING_MS: '15000',
      // A PvP hand's result shows 15 s (the demo's 6 s): time for a test on a busy machine to read it
      // and leave before the next hand deals it in again.
      HOUSE_GAMES_PVP_RESULT_MS: '15000',
      HOUSE_GAMES_LIVE_DEAL_MS: '3000',
      HOUSE_GAMES_LIVE_PAUSE_MS: '2000',
      // Every spec registers its own members from this one address; the per-address limit itself is
      // covered by register.int.test.ts. The default of 20 an hour ran out once the suite passed 20.
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      // Likewise the SMS codes: past 5 an hour from one address a captcha is asked (covered by the
      // verification integration tests); the accounts, back-office and members-tree specs send 6.
      SMS_CAPTCHA_AFTER_PER_IP: '1000',
    },
  })),
});
