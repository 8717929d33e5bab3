import { gamePlayEndpoints, providerAdminEndpoints, providerEndpoints, providerParams } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import type { JobRunner } from '../../lib/jobs.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { LobbyService } from '../lobby/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import { audit } from '../operator/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { playDemoRounds } from './demo-play.ts';
import { registerProviderJobs } from './jobs.ts';
import { verifyVendorCall } from './policy.ts';
import type { ProviderService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const providerOf = (req: FastifyRequest) => {
  const p = providerParams.safeParse(req.params);
  if (!p.success) throw new AppError('UNKNOWN_PROVIDER', 'Unknown provider', 404);
  return p.data.provider;
};

export interface ProviderRoutesDeps {
  db: Db;
  providers: ProviderService;
  wallet: Pick<WalletService, 'balance'>;
  catalog: CatalogService;
  merchants: MerchantService;
  lobby: Pick<LobbyService, 'winnersFeed'>;
  jobs: JobRunner;
  config: {
    PROVIDER_REPLAY_WINDOW_SECONDS: number;
    DEMO_MODE: boolean;
    SEED_DEMO_DATA: boolean;
    HOUSE_GAMES_URL: string;
  };
}

/** The seamless-wallet callbacks: raw body kept for the signature, checked before anything else. */
const callbackRoutes =
  ({ providers, config }: Pick<ProviderRoutesDeps, 'providers' | 'config'>) =>
  async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      req.rawBody = body as string;
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch {
        done(new AppError('BAD_REQUEST', 'The body is not valid JSON', 400), undefined);
      }
    });
    const signed = {
      preHandler: async (req: FastifyRequest) => {
        const code = providerOf(req);
        verifyVendorCall(
          req,
          providers.registry.integration(code),
          req.rawBody ?? '',
          config.PROVIDER_REPLAY_WINDOW_SECONDS,
        );
      },
    };

    route(
      app,
      providerEndpoints.authenticate,
      ({ body, req }) => providers.sessions.authenticate(providerOf(req), body),
      signed,
    );
    route(
      app,
      providerEndpoints.balance,
      ({ body, req }) => providers.sessions.balance(providerOf(req), body.sessionToken),
      signed,
    );
    route(app, providerEndpoints.bet, ({ body, req }) => providers.seamless.bet(providerOf(req), body), signed);
    route(
      app,
      providerEndpoints.rollback,
      ({ body, req }) => providers.seamless.rollback(providerOf(req), body),
      signed,
    );
    route(
      app,
      providerEndpoints.win,
      async ({ body, req }) => {
        const r = await providers.seamless.win(providerOf(req), body);
        providers.recordWin(r.settled);
        return r.answer;
      },
      signed,
    );
    // Many wins in one call (decision 105): each goes the way a lone `win` goes (the batchers join
    // them into few statements) and is answered on its own; a refusal is that item's answer.
    route(
      app,
      providerEndpoints.wins,
      async ({ body, req }) => {
        const provider = providerOf(req);
        await providers.seamless.warmRounds(
          provider,
          body.wins.map((w) => w.roundId),
        );
        const results = await Promise.all(
          body.wins.map(async (w) => {
            try {
              const r = await providers.seamless.win(provider, w);
              providers.recordWin(r.settled);
              return { transactionId: w.transactionId, ok: true as const, ...r.answer };
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              const value = err.value as { retryable?: unknown } | null | undefined;
              return {
                transactionId: w.transactionId,
                ok: false as const,
                code: err.code,
                message: err.message,
                retryable: err.status >= 500 || value?.retryable === true,
              };
            }
          }),
        );
        return { results };
      },
      signed,
    );
    route(
      app,
      providerEndpoints.endRound,
      async ({ body, req }) => {
        const r = await providers.seamless.endRound(providerOf(req), body);
        providers.recordWin(r.settled);
        return r.answer;
      },
      signed,
    );
  };

export const providerRoutes =
  ({ db, providers, wallet, catalog, merchants, lobby, jobs, config }: ProviderRoutesDeps) =>
  async (app: FastifyInstance) => {
    registerProviderJobs(jobs, { providers });
    providers.seamless.onBatchFailure = (err, size) =>
      app.log.warn({ err, size }, 'a batch of seamless calls failed as a whole; its calls went the careful way');
    // Wins still waiting for the winners board go in before the database closes.
    app.addHook('onClose', () => lobby.winnersFeed.flush());
    await app.register(callbackRoutes({ providers, config }));
    if (config.DEMO_MODE && config.SEED_DEMO_DATA) {
      // After listening (never under inject): the demo's first rounds, played through house games.
      app.addHook('onListen', async () => {
        void playDemoRounds({ providers, catalog, merchants, houseGamesUrl: config.HOUSE_GAMES_URL }, app.log).catch(
          (err) => app.log.warn({ err }, 'demo rounds failed'),
        );
      });
    }

    /** The launch CDN path (spec §7 launchGameCDNs): one redirect to the vendor with the launch token. */
    app.get<{ Params: { token: string } }>('/provider/launch/:token', async (req, reply) => {
      const { merchant } = await merchants.brand(req.merchantId);
      const url = await providers.launcher.redirect(req.params.token, merchant.timezone);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    });

    const launch = async (
      req: FastifyRequest,
      input: { nodeId: number; language?: string | undefined; demo: boolean },
    ) => {
      const { merchant } = await merchants.brand(req.merchantId);
      return providers.launcher.launch(
        req.merchantId,
        req.actor,
        { ...input, language: requestLanguage(req, input.language), timeZone: merchant.timezone },
        req.ip,
      );
    };
    route(app, gamePlayEndpoints.gameLaunch, ({ query, req }) => launch(req, query));
    route(app, gamePlayEndpoints.launchGame, ({ body, req }) => launch(req, body));

    route(app, gamePlayEndpoints.liveModels, async ({ query, req }) => {
      // Only a vendor this brand lists with live games has a model list.
      const live = await catalog.allLanes(req.merchantId, 'LIVE');
      if (!live.some((l) => l.vassalage === query.vassalage))
        throw new AppError('NOT_FOUND', `No live vendor ${query.vassalage} here`, 404);
      return providers.launcher.liveModels(req.merchantId, query.vassalage);
    });
    route(app, gamePlayEndpoints.liveChat, async ({ query, req }) => {
      const { merchant } = await merchants.brand(req.merchantId);
      return providers.launcher.launchChat(
        req.merchantId,
        req.actor,
        { nodeId: query.nodeId, language: requestLanguage(req, query.language), timeZone: merchant.timezone },
        req.ip,
      );
    });

    /** Spec §7 GLS2_roomList: a PvP game's rooms by stake with the seats taken, from its vendor. */
    route(app, gamePlayEndpoints.roomList, async ({ query, req }) => {
      const pvpLanes = await catalog.allLanes(req.merchantId, 'PVP');
      if (!pvpLanes.some((l) => l.vassalage === query.vassalage))
        throw new AppError('NOT_FOUND', 'No PvP vendor by this code', 404, { vassalage: query.vassalage });
      const { integration } = await providers.registry.available(req.merchantId, query.vassalage, 'PVP');
      if (!integration.adapter.roomList)
        throw new AppError('NOT_FOUND', 'This provider has no rooms to list', 404, { vassalage: query.vassalage });
      const { merchant } = await merchants.brand(req.merchantId);
      const list = await integration.adapter.roomList(query.gameCode, merchant.currency).catch((err: unknown) => {
        req.log.warn({ err, vassalage: query.vassalage }, 'room list failed');
        throw new AppError(
          'VENDOR_MAINTENANCE',
          'The rooms cannot be listed right now; please try again shortly',
          503,
          {
            vassalage: query.vassalage,
          },
        );
      });
      if (!list) throw new AppError('NOT_FOUND', 'This game has no rooms', 404, { gameCode: query.gameCode });
      return { vassalage: query.vassalage, gameCode: query.gameCode, ...list };
    });

    route(app, gamePlayEndpoints.vendorStatus, async ({ req }) => {
      // Lotteries open their own pages; every other vendor launches through the registry.
      const lanes = (await catalog.allLanes(req.merchantId)).filter(
        (l) => l.gameType !== 'LOTT' && l.gameType !== 'ELOTT',
      );
      return providers.registry.statuses(req.merchantId, [...new Set(lanes.map((l) => l.vassalage))]);
    });

    route(app, gamePlayEndpoints.history, async ({ query, req }) => {
      const brand = await merchants.brand(req.merchantId);
      return providers.history.page(memberOf(req).memberId, query, {
        timeZone: brand.merchant.timezone,
        language: requestLanguage(req) ?? brand.merchant.defaultLanguage,
      });
    });
    route(app, gamePlayEndpoints.round, async ({ query, req }) => {
      const brand = await merchants.brand(req.merchantId);
      return providers.history.round(
        memberOf(req).memberId,
        query.id,
        requestLanguage(req) ?? brand.merchant.defaultLanguage,
      );
    });

    route(app, gamePlayEndpoints.walletTransfer, async ({ req }) => {
      const m = memberOf(req);
      const results = await providers.transfers.bringAllHome(m.merchantId, m.memberId);
      const { balance } = await wallet.balance(m.merchantId, m.memberId);
      return { results, balance: String(balance) };
    });

    route(app, providerAdminEndpoints.list, ({ req }) => providers.registry.entries(operatorOf(req).merchantId));
    route(app, providerAdminEndpoints.update, async ({ body, req }) => {
      const op = operatorOf(req);
      const current = await providers.registry.switches(op.merchantId, body.vassalage);
      if (!current) throw new AppError('NOT_FOUND', `${body.vassalage} is not in the registry`, 404);
      await providers.registry.set(op.merchantId, {
        ...current,
        enabled: body.enabled,
        maintenanceFrom: body.maintenanceFrom ? new Date(body.maintenanceFrom) : null,
        maintenanceUntil: body.maintenanceUntil ? new Date(body.maintenanceUntil) : null,
        maintenanceMessage: body.maintenanceMessage,
      });
      await audit(db, op, 'provider.vendor.update', body.vassalage, { ...body }, req.ip);
      return (await providers.registry.entries(op.merchantId)).find((e) => e.vassalage === body.vassalage)!;
    });
    route(app, providerAdminEndpoints.reconcile, ({ body, req }) =>
      providers.transfers.reconcile(operatorOf(req).merchantId, body.vassalage),
    );

    // Win limits and held wins (decision 053).
    route(app, providerAdminEndpoints.winLimits, ({ req }) => providers.limits.list(operatorOf(req).merchantId));
    route(app, providerAdminEndpoints.setWinLimit, ({ body, req }) =>
      providers.limits.set(operatorOf(req), body, req.ip),
    );
    route(app, providerAdminEndpoints.pendingWins, ({ query, req }) =>
      providers.limits.pending(operatorOf(req).merchantId, query.status),
    );
    route(app, providerAdminEndpoints.payPendingWin, ({ body, req }) =>
      providers.limits.pay(operatorOf(req), req.ip, body),
    );
    route(app, providerAdminEndpoints.voidPendingWin, ({ body, req }) =>
      providers.limits.void(operatorOf(req), req.ip, body),
    );
  };
