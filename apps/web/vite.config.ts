import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Everything the SPA calls lives on the API server; in dev Vite forwards it there. */
const API_ORIGIN = 'http://localhost:3000';
const PROXIED_PREFIXES = ['/wps', '/lgw', '/provider', '/assets-cdn'] as const;

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: AstNode[];
  init?: AstNode | null;
}

/**
 * The shared contract builds its zod schemas at module level, and a bundler must assume such calls
 * have side effects, so every schema of every contract module would ship with any chunk that
 * imports the contract. Schema construction is pure; this marks each top-level initialiser of a
 * contract module as such (`/* @__PURE__ *\/ (() => (init))()`), so what no page uses is
 * dropped. Behaviour is unchanged: what is used still runs, in the same order. (The first page
 * imports only the contract's zod-free routes, `@app/contract/routes/<group>`: decision 049.)
 */
const KEEP_AS_IS = new Set([
  'Literal',
  'Identifier',
  'TemplateLiteral',
  'ArrowFunctionExpression',
  'FunctionExpression',
  'ClassExpression',
]);

const contractTreeShaking = (): Plugin => ({
  name: 'contract-tree-shaking',
  enforce: 'post',
  apply: 'build',
  transform(code, id) {
    if (!/[\\/]packages[\\/]contract[\\/]src[\\/](routes[\\/])?[^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts'))
      return null;
    const program = this.parse(code) as unknown as { body: AstNode[] };
    const edits: { start: number; end: number }[] = [];
    for (const statement of program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations ?? []) {
        const init = declarator.init;
        // An initialiser with `await` cannot move into an arrow function; it stays as written.
        if (init && !KEEP_AS_IS.has(init.type) && !/\bawait\b/.test(code.slice(init.start, init.end))) {
          edits.push({ start: init.start, end: init.end });
        }
      }
    }
    if (edits.length === 0) return null;
    let out = code;
    for (const { start, end } of edits.reverse()) {
      out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
    }
    return { code: out, map: null };
  },
});

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the
 * highest levels; the server sends the one the browser accepts (@fastify/static preCompressed), so
 * no response is compressed per request and the first load travels at its gzip/brotli size.
 */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle() {
    const outDir = path.resolve(import.meta.dirname, 'dist');
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    for (const file of walk(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const raw = fs.readFileSync(file);
      if (raw.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    }
  },
});

/**
 * The entry (src/boot.ts) only waits for the loading screen to paint and then imports the app
 * (src/main.tsx). So that the wait costs no download, the built index.html gets the app's modules as
 * `modulepreload` links and its style sheets as ordinary links, exactly what a static import of the
 * app from the entry would have put there.
 */
const preloadApp = (): Plugin => ({
  name: 'preload-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const app = chunks.find(
        (c) => c.isDynamicEntry && c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith('/src/main.tsx')),
      );
      if (!app) throw new Error('preload-app: no chunk holds src/main.tsx');
      const modules: string[] = [];
      const css = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk || modules.includes(fileName) || chunk.isEntry) return;
        modules.push(fileName);
        for (const f of (chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])
          css.add(f);
        for (const dep of chunk.imports) visit(dep);
      };
      visit(app.fileName);
      const tags = [
        ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ...modules.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`),
      ];
      return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
    },
  },
});

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), contractTreeShaking(), preloadApp(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true, ws: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: true, ws: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // A group holds only the modules named for it; what they import goes where rollup puts it.
        // Without this the contract group would take in the routes its schemas import, and the
        // first page would load the whole group for them.
        onlyExplicitManualChunks: true,
        // Named, cache-friendly groups for code that only later pages and popups load.
        manualChunks: (id) => {
          // React and rollup's CommonJS helpers are first-load code. Left unassigned, rollup put them
          // in the 'forms' and 'qrcode' groups (both share them), so the home page preloaded both:
          // ~53 KB gzip of lazy code on the first load.
          if (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) || id.includes('commonjsHelpers'))
            return 'react';
          if (/node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/.test(id)) return 'forms';
          // The contract's schemas, not its routes: the first page calls routes (decision 049).
          if (/[\\/]packages[\\/]contract[\\/]src[\\/](?!route\.ts$|routes[\\/])/.test(id)) return 'contract';
          if (/node_modules[\\/](qrcode|dijkstrajs|pngjs)[\\/]/.test(id)) return 'qrcode';
          // Charts (decision 070): loaded by the pages that draw one, never on the first load.
          if (/node_modules[\\/](chart\.js|@kurkle)[\\/]/.test(id)) return 'charts';
          return undefined;
        },
      },
    },
  },
});
