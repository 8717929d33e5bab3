import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './error-handler.ts';

/**
 * Serves the built SPA from the same process: hashed assets cached for a year, index.html never,
 * and every non-API GET that accepts HTML falls back to index.html (client-side routes).
 */
export const serveWeb = async (app: FastifyInstance, distDir: string) => {
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
    cacheControl: false,
    index: false,
    setHeaders: (res, filePath) => {
      const rel = path.relative(distDir, filePath);
      res.setHeader(
        'cache-control',
        rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_req, reply) => sendIndex(reply));
  app.get('/index.html', (_req, reply) => sendIndex(reply));
  app.get('/*', async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const file = path.join(distDir, path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''));
    if (!isApiPath(url) && file.startsWith(distDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(distDir, file));
    }
    if (isApiPath(url) || url.startsWith('/assets/') || path.extname(url)) {
      return reply.callNotFound();
    }
    return sendIndex(reply);
  });
};
