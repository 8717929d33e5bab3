// Playwright's webServer: the production build of the platform on a fresh embedded database.
// The data directory is wiped here (not in playwright.config.ts, which every worker loads again).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVERS, SERVER_NODE_FLAGS, builtServer, root, serverProblem } from '../../scripts/builds.mjs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('lotus-e2e')) {
  console.error(`refusing to wipe DATA_DIR=${dataDir ?? ''}: expected a lotus-e2e temp directory`);
  process.exit(2);
}
// Both servers run compiled, as a production start runs them (decision 050).
const stale = SERVERS.map(serverProblem).filter(Boolean);
if (stale.length) {
  console.error(`The servers' build is missing or out of date (${stale.join('; ')}): run \`npm run build\` first.`);
  process.exit(2);
}
const [platformMain, houseMain] = SERVERS.map(builtServer);

fs.rmSync(dataDir, { recursive: true, force: true });
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(2);
}
// Serve a snapshot of the build: a rebuild while the tests run (someone else's `npm start` or
// `npm run build` in the same tree) would otherwise swap the hashed assets under the browser.
const webDir = `${dataDir}-web`;
fs.rmSync(webDir, { recursive: true, force: true });
fs.cpSync(dist, webDir, { recursive: true });

// House games (our own game provider) runs beside the platform with its own throwaway database
// and a snapshot of its screens, exactly as `npm start` runs it.
const houseDist = path.join(root, 'apps/house-games/dist');
if (!fs.existsSync(path.join(houseDist, 'index.html'))) {
  console.error('apps/house-games/dist is missing: run `npm run build` first (npm run test:e2e does).');
  process.exit(2);
}
const houseDir = `${dataDir}-house`;
const houseUi = `${dataDir}-house-ui`;
for (const d of [houseDir, houseUi]) fs.rmSync(d, { recursive: true, force: true });
fs.cpSync(houseDist, houseUi, { recursive: true });

// Always the embedded database: a DATABASE_URL in the caller's environment must not leak in.
const { DATABASE_URL: _ignored, HOUSE_GAMES_DATABASE_URL: _alsoIgnored, ...parentEnv } = process.env;
const env = { ...parentEnv, WEB_DIST_DIR: webDir };
// The platform believes a loopback proxy's X-Forwarded-For, so a spec can play a second person on
// another address (a referral friend: decision 089 pays nothing for an invitee on the referrer's).
// Requests without the header keep the peer's address, as before.
const platformEnv = { ...env, TRUST_PROXY: '127.0.0.1' };
const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', platformMain], {
    cwd: root,
    env: platformEnv,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', houseMain], {
    cwd: root,
    env: { ...env, HOUSE_GAMES_DATA_DIR: houseDir, HOUSE_GAMES_UI_DIR: houseUi },
    stdio: 'inherit',
  }),
];
const [child] = children;
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => children.forEach((c) => c.kill(sig)));
children[1].on('exit', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  children[1].kill('SIGTERM');
  // The databases and the build snapshots are throwaway: leave nothing behind in the temp folder.
  for (const d of [dataDir, webDir, houseDir, houseUi]) fs.rmSync(d, { recursive: true, force: true });
  process.exit(code ?? (signal ? 0 : 1));
});
