import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './error-handler.ts';

/** A JSON value inside an HTML data block: nothing in it can close the block or open a comment. */
export const htmlJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface WebOptions {
  /**
   * The answer of GET /wps/system/status for this visitor, sent inside the page as a JSON data
   * block (`<script type="application/json" id="boot-status">`), so the first render does not wait
   * for a round trip; the brand's name goes in the title and on the loading screen (decision 040).
   * Without it the page is sent as built.
   */
  bootStatus?: (req: FastifyRequest) => Promise<{ status: unknown; siteName: string; preloadImages?: string[] }>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Serves the built SPA from the same process: hashed assets cached for a year, index.html never,
 * and every non-API GET that accepts HTML falls back to index.html (client-side routes).
 */
export const serveWeb = async (app: FastifyInstance, distDir: string, opts: WebOptions = {}) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found; serving the API only');
    return;
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: distDir,
    // No routes of its own (it would declare /index.html with the asset cache headers); the
    // fallback route below decides what to send, and `send` must not add its own cache-control.
    serve: false,
    // The build writes .br and .gz copies of text assets (apps/web/vite.config.ts precompress);
    // the one the browser accepts is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    index: false,
    setHeaders: (res, filePath) => {
      const rel = path.relative(distDir, filePath);
      // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const html = indexHtml.toString('utf8');
  const headEnd = html.indexOf('</head>');
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!opts.bootStatus || headEnd < 0) return reply.send(indexHtml);
    // A failed status read leaves the page as built: the app then asks for it itself.
    const boot = await opts.bootStatus(req).catch((err: unknown) => {
      req.log.warn({ err }, 'boot status not inlined');
      return undefined;
    });
    if (boot === undefined) return reply.send(indexHtml);
    // The page's largest picture (the first home banner) is asked for with the page, not after the app has run.
    const images = (boot.preloadImages ?? []).map(
      (u) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(u)}">`,
    );
    const block = `${images.join('')}<script type="application/json" id="boot-status">${htmlJson(boot.status)}</script>`;
    const name = escapeHtml(boot.siteName);
    const page = (html.slice(0, headEnd) + block + html.slice(headEnd))
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
      .replace('<!--site-name-->', name);
    return reply.send(page);
  };
  app.get('/', (req, reply) => sendIndex(req, reply));
  app.get('/index.html', (req, reply) => sendIndex(req, reply));
  app.get('/*', async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const file = path.join(distDir, path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''));
    if (!isApiPath(url) && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(distDir, file));
    }
    if (isApiPath(url) || url.startsWith('/assets/') || path.extname(url)) {
      return reply.callNotFound();
    }
    return sendIndex(req, reply);
  });
};
