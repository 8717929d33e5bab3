import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Some integration tests start the compiled servers, as a production start does (decision 050):
 * build them once per run, only when `npm run build`'s output is missing or older than the sources.
 */
export const setup = () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const r = spawnSync(process.execPath, ['scripts/build-servers.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the servers failed');
};
