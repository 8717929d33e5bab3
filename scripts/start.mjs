// `npm start`: the platform server and house games (our own game provider), side by side.
// Development (the default): build the browser screens when their sources changed, then run both
// servers from their TypeScript sources with tsx. NODE_ENV=production: run the compiled servers
// with plain node, refusing when a build is missing or older than its sources (decision 050).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { SCREENS, SERVERS, SERVER_NODE_FLAGS, builtServer, root, screensProblem, serverProblem } from './builds.mjs';

const production = process.env.NODE_ENV === 'production';
const off = (v) => ['false', '0', 'no'].includes(v ?? '');
const served = (screens) =>
  !off(screens.build === '@app/web' ? process.env.SERVE_WEB : process.env.HOUSE_GAMES_SERVE_UI);

const env = { ...process.env };
let commands;
if (production) {
  const problems = [...SCREENS.filter(served).map(screensProblem), ...SERVERS.map(serverProblem)].filter(Boolean);
  if (problems.length) {
    console.error(
      `Cannot start in production: the build is missing or out of date. Run \`npm run build\` first.\n${problems
        .map((p) => `  ${p}`)
        .join('\n')}`,
    );
    process.exit(1);
  }
  commands = SERVERS.map((s) => [...SERVER_NODE_FLAGS, '--enable-source-maps', builtServer(s)]);
} else {
  for (const screens of SCREENS) {
    if (!screensProblem(screens)) continue;
    console.log(`Building the ${screens.name}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', screens.build], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  commands = SERVERS.map((s) => [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, s.entry)]);
  // House games calls the platform back where this process serves it (PORT), unless told otherwise.
  if (!env.HOUSE_GAMES_PLATFORM_URL && env.PORT) env.HOUSE_GAMES_PLATFORM_URL = `http://localhost:${env.PORT}`;
}

const children = commands.map((args) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env }));
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
