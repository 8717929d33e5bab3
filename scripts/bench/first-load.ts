// `npm run bench:first-load [-- DIST_DIR]`: what the home page downloads before it can run — the
// entry script, every module it preloads, and the style sheets — gzip-compressed, from the
// production build (apps/web/dist by default; run `npm run build` first). Target: ≤ 170 KB of JS.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../apps/web/dist'));
const index = path.join(dist, 'index.html');
if (!fs.existsSync(index)) {
  console.error(`No build at ${dist}: run \`npm run build\` first.`);
  process.exit(2);
}
const html = fs.readFileSync(index, 'utf8');
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const js = new Set<string>();
const css = new Set<string>();
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src')!);
  if (tag.includes('rel="modulepreload"') && attr(tag, 'href')) js.add(attr(tag, 'href')!);
  if (tag.includes('rel="stylesheet"') && attr(tag, 'href')) css.add(attr(tag, 'href')!);
}
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file.replace(/^\//, '')))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let jsTotal = 0;
console.log('First load of the home page (gzip):');
for (const f of js) {
  const n = gz(f);
  jsTotal += n;
  console.log(`  ${kb(n).padStart(9)}  ${f}`);
}
let cssTotal = 0;
for (const f of css) {
  const n = gz(f);
  cssTotal += n;
  console.log(`  ${kb(n).padStart(9)}  ${f}`);
}
console.log(
  `JS ${kb(jsTotal)} (target ≤ 170 KB: ${jsTotal <= 170 * 1024 ? 'met' : 'NOT met'}), CSS ${kb(cssTotal)}, HTML ${kb(zlib.gzipSync(html).length)}`,
);
