// `npm start`: build the web app when its sources changed since the last build, then run the
// server (which migrates, seeds an empty database and serves web + API on one port).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

const newest = (dir) => {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};

const sources = ['apps/web', 'packages/contract/src'].map((d) => newest(path.join(root, d)));
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (Math.max(...sources) > builtAt) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// House games (our own provider) has its own screens and its own build.
const houseDist = path.join(root, 'apps/house-games/dist/index.html');
const houseSources = Math.max(...['src/ui', 'src/shared'].map((d) => newest(path.join(root, 'apps/house-games', d))));
if (houseSources && houseSources > (fs.existsSync(houseDist) ? fs.statSync(houseDist).mtimeMs : 0)) {
  console.log('Building the house games screens…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@app/house-games'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const entries = [['apps/server/src/main.ts', 'server']];
if (fs.existsSync(path.join(root, 'apps/house-games/src/main.ts'))) {
  entries.push(['apps/house-games/src/main.ts', 'house-games']);
}
// House games calls the platform back where this process serves it (PORT), unless told otherwise.
const env = { ...process.env };
if (!env.HOUSE_GAMES_PLATFORM_URL && env.PORT) env.HOUSE_GAMES_PLATFORM_URL = `http://localhost:${env.PORT}`;
const children = entries.map(([file]) =>
  spawn(process.execPath, ['--import', 'tsx', path.join(root, file)], { cwd: root, stdio: 'inherit', env }),
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => children.forEach((c) => c.kill(sig)));
}
let exited = 0;
let code = 0;
children.forEach((c) =>
  c.on('exit', (status) => {
    code ||= status ?? 0;
    if (++exited === children.length) process.exit(code);
    // One process down takes the platform down: a half-started platform is worse than none.
    else children.forEach((o) => o !== c && o.kill('SIGTERM'));
  }),
);
