// Type-checks every workspace that has a tsconfig.json, one after another (two cores: no parallel).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dirs = ['packages', 'apps']
  .flatMap((d) => fs.readdirSync(path.join(root, d)).map((n) => path.join(d, n)))
  .concat(['e2e', 'scripts'])
  .filter((d) => fs.existsSync(path.join(root, d, 'tsconfig.json')));
let failed = false;
for (const dir of dirs) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--noEmit'], {
    cwd: root,
    stdio: 'inherit',
  });
  console.log(`typecheck ${dir}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
