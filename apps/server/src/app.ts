import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from 'helmet';
import { serializerCompiler } from './http/serializer.ts';
import { randomUUID } from 'node:crypto';
import { trustProxyOption } from './config.ts';
import type { AppContext } from './context.ts';
import { installAuth } from './http/auth.ts';
import { answerFrameworkError, installErrorHandling } from './http/error-handler.ts';
import { installGates } from './http/gates.ts';
import { installSealedBodies } from './http/payload-crypto.ts';
import { loggerOptions } from './http/log-redaction.ts';
import { serveWeb } from './http/web.ts';
import { systemRoutes } from './features/system/routes.ts';
import { systemStatusOf } from './features/system/service.ts';
import { operatorRoutes } from './features/operator/routes.ts';
import { identityRoutes } from './features/identity/routes.ts';
import type { AuditLog } from './features/operator/service.ts';
import { agentRoutes } from './features/agent/routes.ts';
import { registerAgentJobs } from './features/agent/jobs.ts';
import { registerDashboardJobs } from './features/backoffice/rollup/service.ts';
import { catalogRoutes } from './features/catalog/routes.ts';
import { contentRoutes } from './features/content/routes.ts';
import { lobbyRoutes } from './features/lobby/routes.ts';
import { providerRoutes } from './features/provider/routes.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import { depositRoutes } from './features/deposit/routes.ts';
import { withdrawalRoutes } from './features/withdrawal/routes.ts';
import { registerLotteryJobs } from './features/lottery/jobs.ts';
import { lotteryRoutes } from './features/lottery/routes.ts';
import { sportsDeskRoutes } from './features/sports-desk/routes.ts';
import { registerUploadJobs } from './features/upload/jobs.ts';
import { registerWithdrawalJobs } from './features/withdrawal/jobs.ts';
import { transferRoutes } from './features/transfer/routes.ts';
import { notificationRoutes } from './features/notification/routes.ts';
import { supportRoutes } from './features/support/routes.ts';
import { pointsRoutes } from './features/points/routes.ts';
import { registerPointsJobs } from './features/points/jobs.ts';
import { rebateRoutes } from './features/rebate/routes.ts';
import { registerRebateJobs } from './features/rebate/jobs.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { registerMessageJobs } from './features/messages/jobs.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { vipRoutes } from './features/vip/routes.ts';
import { registerVipJobs } from './features/vip/jobs.ts';
import { referralRoutes } from './features/referral/routes.ts';
import { registerReferralJobs } from './features/referral/jobs.ts';
import { missionRoutes } from './features/mission/routes.ts';
import { registerMissionJobs } from './features/mission/jobs.ts';
import { protectionRoutes } from './features/protection/routes.ts';
import { backofficeRoutes } from './features/backoffice/routes.ts';
import { promotionRoutes } from './features/promotion/routes.ts';
import { uploadRoutes } from './features/upload/routes.ts';

export interface BuildOptions {
  /** false: no log; an object is laid over the product's logger options (a test's stream). */
  logger?: boolean | object;
  serveWeb?: boolean;
  /** Registers extra routes before the app is ready (tests use it for routes that fail on purpose). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** ws://host or wss://host of an http(s) URL: where the live channel's socket connects. */
const webSocketOrigin = (url: string) => new URL(url).origin.replace(/^http/, 'ws');

/** The whole HTTP application. Tests build it with `inject`; `main.ts` makes it listen. */
export const buildApp = async (ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> => {
  const { config } = ctx;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.LOG_LEVEL), ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A URL the router cannot read (bad percent-encoding, an overlong path parameter) gets an envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.decorateRequest('merchantId', 0);
  app.decorateRequest('actor', null);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // Security headers. helmet builds its middleware once here (the fastify plugin rebuilt it, CSP
  // parsing included, on every request); it sets the headers on the raw response of each request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Our own origins only (decision 051): 'self' (which covers same-host ws/wss in CSP 3), the
        // live channel's WebSocket origin of PUBLIC_BASE_URL spelled out, and configured CDNs.
        connectSrc: ["'self'", webSocketOrigin(config.PUBLIC_BASE_URL), ...config.CSP_CONNECT_SRC],
        fontSrc: ["'self'", 'data:'],
        // Games run in our own frame; vendors' launch URLs come from the launch CDNs.
        frameSrc: ["'self'", 'http://localhost:*', 'https:', new URL(config.HOUSE_GAMES_URL).origin],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS only makes sense behind TLS; a proxy that terminates TLS adds it.
    strictTransportSecurity: config.PUBLIC_BASE_URL.startsWith('https://'),
  });
  app.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  await app.register(cors, {
    // Closed by default: only configured origins may call the API from a browser.
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: true,
  });

  installErrorHandling(app);
  installGates(app, { merchants: ctx.merchants, operatorAllowedCidrs: config.OPERATOR_ALLOWED_CIDRS });
  installAuth(app, { resolveActor: ctx.sessions.resolve });
  installSealedBodies(app, { payloadCrypto: ctx.payloadCrypto });
  app.addHook('onClose', () => ctx.close());

  await app.register(systemRoutes(ctx));
  await app.register(operatorRoutes(ctx));
  const auditLog: AuditLog = (...entry) => ctx.operators.audit(...entry);
  await app.register(
    identityRoutes(ctx, {
      audit: auditLog,
      demoMode: config.DEMO_MODE,
      secureCookies: config.PUBLIC_BASE_URL.startsWith('https://'),
    }),
  );
  registerAgentJobs(ctx.jobs, ctx);
  await app.register(agentRoutes(ctx, auditLog));
  await app.register(catalogRoutes(ctx));
  await app.register(lobbyRoutes(ctx));
  await app.register(providerRoutes(ctx));
  await app.register(contentRoutes(ctx));
  await app.register(walletRoutes(ctx));
  await app.register(depositRoutes(ctx));
  await app.register(withdrawalRoutes(ctx));
  registerWithdrawalJobs(ctx.jobs, ctx);
  registerPointsJobs(ctx.jobs, ctx);
  registerUploadJobs(ctx.jobs, ctx);
  await app.register(transferRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(protectionRoutes(ctx));
  await app.register(backofficeRoutes(ctx));
  registerDashboardJobs(ctx.jobs, ctx);
  await app.register(supportRoutes(ctx));
  await app.register(promotionRoutes(ctx));
  await app.register(lotteryRoutes(ctx));
  registerLotteryJobs(ctx.jobs, ctx);
  await app.register(sportsDeskRoutes(ctx));
  await app.register(pointsRoutes(ctx));
  await app.register(rebateRoutes(ctx));
  registerRebateJobs(ctx.jobs, ctx);
  await app.register(messageRoutes(ctx));
  registerMessageJobs(ctx.jobs, ctx);
  await app.register(feedbackRoutes(ctx));
  await app.register(vipRoutes(ctx));
  registerVipJobs(ctx.jobs, ctx);
  await app.register(referralRoutes(ctx));
  registerReferralJobs(ctx.jobs, ctx);
  await app.register(missionRoutes(ctx));
  registerMissionJobs(ctx.jobs, ctx);
  ctx.jobs.pruneEveryHour();
  if (opts.extend) await app.register(async (scope) => opts.extend!(scope));

  if (opts.serveWeb ?? config.SERVE_WEB) {
    await serveWeb(app, config.webDistDir, {
      // Page requests skip the API gates, so the brand is resolved here from the Host header.
      bootStatus: async (req) => {
        const merchantId = await ctx.merchants.resolveId(req.hostname);
        const brand = await ctx.merchants.brand(merchantId);
        const status = systemStatusOf(brand, req.ip, req.hostname);
        const home = /^\/(home|index(\.html)?)?(\?|$)/.test(req.url) && status.systemStatus === 0;
        const banners = home
          ? (await ctx.content.announcements(merchantId, { isMember: false }, { types: ['B'], groupName: 'w_home' }))
              .banners
          : [];
        return { status, siteName: brand.merchant.siteName, preloadImages: banners.slice(0, 1).map((b) => b.url) };
      },
    });
  }
  return app;
};
