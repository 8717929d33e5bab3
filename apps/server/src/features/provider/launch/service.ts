import type { LaunchValue, LiveChatValue, LiveTableModel } from '@app/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, notFound, unauthenticated } from '../../../http/errors.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import type { Actor } from '../../../http/auth.ts';
import type { CatalogService } from '../../catalog/service.ts';
import type { LobbyService } from '../../lobby/service.ts';
import * as data from './data.ts';
import type { Registry } from '../registry.ts';
import type { Transfers } from '../transfers/service.ts';
import type { ProtectionService } from '../../protection/service.ts';

/** Vassalages that open their own lottery pages instead of a vendor's game (spec §4). */
export const LOTTERY_ROUTES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

export interface LaunchInput {
  nodeId: number;
  language?: string | undefined;
  demo: boolean;
  /** The brand's time zone, passed on to the vendor's launch link. */
  timeZone?: string | undefined;
}

export interface LauncherDeps {
  db: Db;
  catalog: Pick<CatalogService, 'findGame'>;
  lobby: Pick<LobbyService, 'recordRecentGame'>;
  registry: Registry;
  transfers: Pick<Transfers, 'moveAllIn'>;
  /** Player protection: a restricted member or one past a limit starts no real-money game (issue 24). */
  protection: Pick<ProtectionService, 'assertMayPlay'>;
  /** PROVIDER_LAUNCH_TOKEN_SECONDS: how long a launch link can be used. */
  launchTokenSeconds: number;
  /** PUBLIC_BASE_URL: the lobby the vendor sends the player back to. */
  publicBaseUrl: string;
}

/**
 * Starting a game (spec §4): the game must be listed and its vendor available; real money needs a
 * real (non-trial, verified) account; a free trial (supportPlay 0) needs nothing and never touches
 * the ledger. Every launch by a member is recorded as a recent game.
 */
export const createLauncher = ({
  db,
  catalog,
  lobby,
  registry,
  transfers,
  protection,
  launchTokenSeconds,
  publicBaseUrl,
}: LauncherDeps) => {
  const modelCache = new Map<string, { until: number; tables: Promise<LiveTableModel[]> }>();
  return {
    async launch(merchantId: number, actor: Actor | null, input: LaunchInput, ip: string): Promise<LaunchValue> {
      const game = await catalog.findGame(merchantId, input.nodeId);
      if (!game || !game.enabled) throw notFound('Game not found');
      if (game.isGame === 'VASSALAGE') {
        throw new AppError('VENDOR_ENTRY', 'This entry opens the vendor’s game list', 400, {
          vassalage: game.vassalage,
        });
      }
      const lottery = LOTTERY_ROUTES[game.vassalage];
      if (lottery) {
        throw new AppError('LOTTERY_ROUTE', 'Lottery games open on their own page', 400, {
          route: `${lottery}?gameCode=${encodeURIComponent(game.gameCode)}`,
        });
      }
      const member = actor?.kind === 'member' ? actor : null;
      if (!input.demo) {
        if (!member) throw unauthenticated();
        if (member.isTrial) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
        if (member.pendingVerification)
          throw new AppError('VERIFICATION_REQUIRED', 'Please complete verification first', 403);
        await protection.assertMayPlay({
          merchantId,
          memberId: member.memberId,
          amount: 0n,
          sessionId: member.sessionId,
        });
      } else if (game.supportPlay !== 0) {
        throw new AppError('DEMO_NOT_OFFERED', 'This game has no free trial', 400);
      }
      const vendor = await registry.available(merchantId, game.vassalage, game.gameType);
      const language = (input.language ?? 'PT').slice(0, 2).toUpperCase();
      const token = newToken();
      const expiresAt = new Date(Date.now() + launchTokenSeconds * 1000);
      await data.insertLaunch(db, {
        merchantId,
        memberId: member?.memberId ?? null,
        provider: vendor.integration.code,
        vassalage: game.vassalage,
        gameId: game.id,
        gameCode: game.gameCode,
        gameType: game.gameType,
        demo: input.demo,
        language,
        launchTokenHash: hashToken(token),
        ip,
        launchExpiresAt: expiresAt,
      });
      if (member && !input.demo && vendor.walletModel === 'transfer') {
        await transfers.moveAllIn(merchantId, member.memberId, game.vassalage);
      }
      if (member) await lobby.recordRecentGame(member.memberId, game.id);
      const gameName = game.names[language] ?? game.nodeName;
      return {
        launchPath: `/provider/launch/${token}`,
        gameUrl: vendor.integration.adapter.launchUrl({
          launchToken: token,
          gameCode: game.gameCode,
          gameName,
          vassalage: game.vassalage,
          language,
          demo: input.demo,
          lobbyUrl: publicBaseUrl,
          timeZone: input.timeZone,
        }),
        nodeId: game.id,
        gameName,
        gameCode: game.gameCode,
        gameType: game.gameType,
        vassalage: game.vassalage,
        walletModel: vendor.walletModel,
        demo: input.demo,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Spec §7 launch chat (decision 097): a one-time link to a live table's chat at its vendor. A real
     * member writes there; a visitor or a trial account gets a free-trial launch and reads only. No
     * money moves and no recent game is recorded.
     */
    async launchChat(
      merchantId: number,
      actor: Actor | null,
      input: { nodeId: number; language?: string | undefined; timeZone?: string | undefined },
      ip: string,
    ): Promise<LiveChatValue> {
      const game = await catalog.findGame(merchantId, input.nodeId);
      if (!game || !game.enabled) throw notFound('Game not found');
      if (game.gameType !== 'LIVE' || game.isGame === 'VASSALAGE')
        throw new AppError('NOT_LIVE_TABLE', 'Only a live table has a chat', 400);
      const member = actor?.kind === 'member' ? actor : null;
      const readOnly = !member || member.isTrial;
      const vendor = await registry.available(merchantId, game.vassalage, game.gameType);
      const chatUrl = vendor.integration.adapter.chatUrl;
      if (!chatUrl) throw new AppError('LIVE_NOT_OFFERED', 'This vendor’s tables have no chat here', 400);
      const language = (input.language ?? 'PT').slice(0, 2).toUpperCase();
      const token = newToken();
      const expiresAt = new Date(Date.now() + launchTokenSeconds * 1000);
      await data.insertLaunch(db, {
        merchantId,
        memberId: readOnly ? null : member.memberId,
        provider: vendor.integration.code,
        vassalage: game.vassalage,
        gameId: game.id,
        gameCode: game.gameCode,
        gameType: game.gameType,
        demo: readOnly,
        language,
        launchTokenHash: hashToken(token),
        ip,
        launchExpiresAt: expiresAt,
      });
      const gameName = game.names[language] ?? game.nodeName;
      return {
        chatUrl: chatUrl({
          launchToken: token,
          gameCode: game.gameCode,
          gameName,
          vassalage: game.vassalage,
          language,
          demo: readOnly,
          lobbyUrl: publicBaseUrl,
          timeZone: input.timeZone,
        }),
        nodeId: game.id,
        gameCode: game.gameCode,
        vassalage: game.vassalage,
        readOnly,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Spec §7 live model list: the tables of a live vendor, read from the vendor (house games'
     * GET /api/live/tables), kept two seconds so a busy lobby asks it once per refresh.
     */
    async liveModels(merchantId: number, vassalage: string): Promise<{ vassalage: string; tables: LiveTableModel[] }> {
      const vendor = await registry.available(merchantId, vassalage, 'LIVE');
      const list = vendor.integration.adapter.liveTables;
      if (!list) throw new AppError('LIVE_NOT_OFFERED', 'This vendor has no live tables here', 400);
      const key = vendor.integration.code;
      let entry = modelCache.get(key);
      if (!entry || entry.until <= Date.now()) {
        entry = { until: Date.now() + 2000, tables: list.call(vendor.integration.adapter) };
        modelCache.set(key, entry);
      }
      try {
        return { vassalage, tables: await entry.tables };
      } catch {
        modelCache.delete(key);
        throw new AppError('VENDOR_MAINTENANCE', 'The live tables are not answering; try again shortly', 503, {
          vassalage,
          until: null,
        });
      }
    },

    /** The launch CDN path: sends the browser on to the vendor with the still-unused launch token. */
    async redirect(token: string, timeZone?: string): Promise<string> {
      if (!token || token.length > 100) throw notFound('This game link has expired');
      const l = await data.findUnusedLaunch(db, hashToken(token));
      if (!l) throw notFound('This game link has expired; start the game again');
      const vendor = await registry.available(l.merchantId, l.vassalage);
      const game = await catalog.findGame(l.merchantId, l.gameId);
      const { language } = l;
      return vendor.integration.adapter.launchUrl({
        launchToken: token,
        gameCode: l.gameCode,
        vassalage: l.vassalage,
        language,
        demo: l.demo,
        gameName: game ? (game.names[language] ?? game.nodeName) : l.gameCode,
        lobbyUrl: publicBaseUrl,
        timeZone,
      });
    },
  };
};

export type Launcher = ReturnType<typeof createLauncher>;
