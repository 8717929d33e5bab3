// `npm run check:cycles`: runtime import cycles in every app and package (decision 046).
// Type-only imports are erased at build time, so they cannot form a runtime cycle and are skipped.
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '../..');
export const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'apps/house-games/src', 'packages/contract/src'];

/** The runtime import cycles under `dir`, each as a list of files relative to it. */
export const runtimeCycles = async (dir) => {
  const result = await madge(dir, {
    fileExtensions: ['ts', 'tsx', 'js', 'mjs'],
    excludeRegExp: [/node_modules/, /\.d\.ts$/],
    detectiveOptions: {
      ts: { skipTypeImports: true, skipAsyncImports: false },
      tsx: { skipTypeImports: true, skipAsyncImports: false },
    },
  });
  return result.circular();
};

if (import.meta.url === `file://${process.argv[1]}`) {
  let total = 0;
  for (const dir of SOURCE_ROOTS) {
    const cycles = await runtimeCycles(path.join(root, dir));
    total += cycles.length;
    console.log(`cycles ${dir}: ${cycles.length}`);
    for (const c of cycles) console.log(`  ${c.join(' → ')} → ${c[0]}`);
  }
  process.exit(total ? 1 : 0);
}
