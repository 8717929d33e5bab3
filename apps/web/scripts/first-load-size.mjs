// First-load JavaScript of the home page: the entry script of dist/index.html plus every chunk it
// pulls in statically (its imports, recursively), gzip-compressed. Lazy chunks (routes, popups,
// other languages, QR codes) are not counted. Fails above the budget (default 170 KB).
//   node scripts/first-load-size.mjs [distDir] [budgetKB]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist'));
const budgetKB = Number(process.argv[3] ?? 170);
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
if (!entry) throw new Error('no module entry in index.html');

const seen = new Set();
const visit = (url) => {
  const file = path.join(dist, url.replace(/^\//, ''));
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, not import("./x.js").
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},*\s]+from\s*)?["']([^"']+\.js)["']/g)) {
    visit(path.posix.join(path.posix.dirname(url), m[1]));
  }
};
visit(entry);
for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)) visit(m[1]);

let total = 0;
for (const file of seen) {
  const gz = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${path.relative(dist, file)}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first-load JS (gzip), budget ${budgetKB} KB`);
if (total / 1024 > budgetKB) {
  console.error('Over budget: keep first-load code free of @app/contract values, forms and other lazy parts.');
  process.exit(1);
}
