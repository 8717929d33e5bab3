// `npm run build`'s last step: the platform server and house games compiled to plain JavaScript
// (apps/server/build/main.js, apps/house-games/build/main.js), run with `node` in production
// (decision 050). esbuild bundles our code, the @app/contract workspace included; npm packages
// stay imports resolved from node_modules at run time.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { SERVERS, root, serverProblem } from './builds.mjs';

/**
 * The bundle runs from <app>/build/, but code that finds files next to itself (the migrations,
 * the browser builds, any .sql file beside a data module) was written for its place under src/.
 * Each module's import.meta.dirname, filename and url are pointed back at its source file's place,
 * so the built server reads exactly the files the development server reads, from the checkout.
 */
const sourceLocations = (outdir) => ({
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      const rel = (p) => JSON.stringify(path.relative(outdir, p));
      const contents = text
        .replace(/\bimport\.meta\.dirname\b/g, `__sourcePath(${rel(path.dirname(args.path))})`)
        .replace(/\bimport\.meta\.filename\b/g, `__sourcePath(${rel(args.path)})`)
        .replace(/\bimport\.meta\.url\b/g, `__sourceUrl(${rel(args.path)})`);
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
});

/** npm packages stay imports (resolved from node_modules at run time); our workspaces are compiled in. */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Compiles one server to <outdir>/main.js (with a source map) and lists its sources in inputs.json. */
export const buildServer = async (server) => {
  const outdir = path.resolve(root, server.outdir);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.resolve(root, server.entry)],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    banner: {
      js: [
        "import { join as __join } from 'node:path';",
        "import { pathToFileURL as __fileUrl } from 'node:url';",
        'const __sourcePath = (rel) => __join(import.meta.dirname, rel);',
        'const __sourceUrl = (rel) => __fileUrl(__sourcePath(rel)).href;',
      ].join('\n'),
    },
    plugins: [packagesExternal, sourceLocations(outdir)],
  });
  // Paths relative to the repository root (absWorkingDir), so a moved checkout stays comparable.
  const inputs = Object.keys(result.metafile.inputs);
  fs.writeFileSync(path.join(outdir, 'inputs.json'), `${JSON.stringify(inputs, null, 1)}\n`);
};

// `node scripts/build-servers.mjs [--if-stale]`: build both servers (or only those not current).
if (process.argv[1] === import.meta.filename) {
  const ifStale = process.argv.includes('--if-stale');
  for (const server of SERVERS) {
    if (ifStale && !serverProblem(server)) continue;
    const started = Date.now();
    await buildServer(server);
    console.log(`built ${server.outdir}/main.js in ${Date.now() - started} ms`);
  }
}
