// What `npm run build` makes, from what, and whether it is current (decision 050). Used by
// `npm start` (development rebuilds, production refuses), by the browser tests' server and by the
// integration tests that start the built servers. Plain Node only: production may run without the
// development dependencies that build (Vite, esbuild).
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The two Node servers, compiled to one JavaScript file each. */
export const SERVERS = [
  { name: 'server', entry: 'apps/server/src/main.ts', outdir: 'apps/server/build' },
  { name: 'house-games', entry: 'apps/house-games/src/main.ts', outdir: 'apps/house-games/build' },
];

/** The browser builds (Vite), each current when no file of its sources is newer. */
export const SCREENS = [
  {
    name: 'web app',
    build: '@app/web',
    index: 'apps/web/dist/index.html',
    sources: ['apps/web', 'packages/contract/src'],
  },
  {
    name: 'house games screens',
    build: '@app/house-games',
    index: 'apps/house-games/dist/index.html',
    sources: ['apps/house-games/src/ui', 'apps/house-games/src/shared'],
  },
];

export const builtServer = (server) => path.resolve(root, server.outdir, 'main.js');

/**
 * Node's flags for both servers, wherever they run (decision 122): a young generation of 64 MB a
 * semi-space instead of 16. A settlement or a storm of seamless calls keeps many short-lived objects
 * in flight at once (requests, batch items, rows); with 16 MB the scavenger copied them over and over
 * and took a third of the platform's CPU while a match settled.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** The newest modification time of the files under dir (dependencies and build output aside). */
export const newest = (dir) => {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'build'].includes(entry.name)) continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};

/** Why a browser build cannot be served as it is, or null when it is current. */
export const screensProblem = (screens) => {
  const builtAt = mtime(path.resolve(root, screens.index));
  if (!builtAt) return `${screens.index} is missing`;
  const changed = Math.max(...screens.sources.map((d) => newest(path.resolve(root, d))));
  return changed > builtAt ? `sources of the ${screens.name} changed after ${screens.index} was built` : null;
};

/**
 * Why a server's build cannot be run as it is, or null when it is current: every source file the
 * bundle was made from (listed by esbuild at build time) must still exist and be older than it.
 */
export const serverProblem = (server) => {
  const out = builtServer(server);
  const inputsFile = path.resolve(root, server.outdir, 'inputs.json');
  if (!fs.existsSync(out) || !fs.existsSync(inputsFile)) return `${server.outdir}/main.js is missing`;
  const builtAt = mtime(out);
  const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  const gone = inputs.find((f) => !fs.existsSync(path.resolve(root, f)));
  if (gone) return `${gone}, a source of ${server.outdir}/main.js, is gone`;
  const changed = inputs.find((f) => mtime(path.resolve(root, f)) > builtAt);
  return changed ? `${changed} changed after ${server.outdir}/main.js was built` : null;
};
