import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import helmet from 'helmet';
import type { HouseConfig } from '../config.ts';
import { GameError } from '../games/errors.ts';
import type { HouseServices } from '../services.ts';
import { gameRoutes } from './game-routes.ts';
import { crashRoutes } from './crash-routes.ts';
import { cockfightRoutes } from './cockfight-routes.ts';
import { sportsRoutes } from './sports-routes.ts';
import { operatorRoutes } from './operator-routes.ts';
import { liveRoutes } from './live-routes.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { fishRoutes } from './fish-routes.ts';
import { pvpRoutes } from './pvp-routes.ts';
import { loggerOptions } from './log.ts';

export const buildHouseApp = async (
  config: HouseConfig,
  services: HouseServices,
  /** logger: false for none; an object is laid over our logger options (a test's stream). */
  opts: { logger?: boolean | object } = {},
): Promise<FastifyInstance> => {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.HOUSE_GAMES_LOG_LEVEL), ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    bodyLimit: 64 * 1024,
  });
  // Our own security headers. The screens run inside the platform's game room, so only the
  // platform's pages may frame them (frame-ancestors; X-Frame-Options could only say same-origin).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'none'"],
        frameAncestors: config.frameAncestors,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    xFrameOptions: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only makes sense behind TLS; a proxy that terminates TLS adds it.
    strictTransportSecurity: config.HOUSE_GAMES_PUBLIC_URL.startsWith('https://'),
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply: FastifyReply) => {
    if (err instanceof GameError) {
      return reply.status(err.status).send({ success: false, value: err.value, message: err.message, code: err.code });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unhandled');
    return reply.status(status).send({
      success: false,
      value: null,
      message: status === 500 ? 'Something went wrong' : err.message,
      code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST',
    });
  });

  // Fastify's own 404 writes the URL (tokens and all) to the log; ours answers without logging.
  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ success: false, value: null, message: 'Not found', code: 'NOT_FOUND' }),
  );

  app.get('/healthz', async () => ({ ok: true }));
  // The PvP tables speak over WebSockets (small JSON messages only).
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(
    async (api) => {
      await api.register(gameRoutes(services));
      await api.register(crashRoutes(services));
      await api.register(cockfightRoutes(services));
      await api.register(sportsRoutes(services));
      await api.register(operatorRoutes(services, config.secret));
      await api.register(liveRoutes(services));
      await api.register(fishRoutes(services));
      await api.register(pvpRoutes(services));
      await api.register(catalogRoutes({ freeTrials: config.HOUSE_GAMES_DEMO_BALANCE !== null }));
    },
    { prefix: '/api' },
  );

  const index = path.join(config.uiDistDir, 'index.html');
  if (config.HOUSE_GAMES_SERVE_UI && fs.existsSync(index)) {
    const html = fs.readFileSync(index);
    await app.register(fastifyStatic, { root: config.uiDistDir, wildcard: false, index: false });
    app.get('/*', async (req, reply) => {
      const url = req.url.split('?')[0] ?? '/';
      const file = path.join(config.uiDistDir, path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''));
      if (
        !url.startsWith('/api/') &&
        file.startsWith(config.uiDistDir) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        reply.header('cache-control', url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        return reply.sendFile(path.relative(config.uiDistDir, file));
      }
      if (url.startsWith('/api/') || url.startsWith('/assets/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  } else if (config.HOUSE_GAMES_SERVE_UI) {
    app.log.warn({ dir: config.uiDistDir }, 'house-games UI build not found; serving the API only');
  }
  return app;
};
