import { isTrialType, type BodyOutput, type providerEndpoints } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { hashToken, newToken } from '../../../lib/tokens.ts';
import type { WalletService } from '../../wallet/service.ts';
import * as data from './data.ts';

type AuthValue = z.input<typeof providerEndpoints.authenticate.response>;

export interface VendorSessionDeps {
  db: Db;
  wallet: Pick<WalletService, 'balance'>;
  /** PROVIDER_SESSION_HOURS: how long a game session token lives. */
  sessionHours: number;
  /** Where the vendor sends the player back to (PUBLIC_BASE_URL). */
  lobbyUrl: string;
}

/**
 * The vendor's side of a launch: it exchanges the one-time launch token for a game session token
 * (valid PROVIDER_SESSION_HOURS) and then asks for the balance with it.
 */
export const createVendorSessions = ({ db, wallet, sessionHours, lobbyUrl }: VendorSessionDeps) => ({
  async authenticate(provider: string, body: BodyOutput<typeof providerEndpoints.authenticate>): Promise<AuthValue> {
    const sessionToken = newToken();
    const launch = await data.consumeLaunch(db, {
      provider,
      launchTokenHash: hashToken(body.launchToken),
      sessionTokenHash: hashToken(sessionToken),
      sessionHours,
    });
    if (!launch) throw new AppError('INVALID_TOKEN', 'The launch token is unknown, expired or already used', 401);
    const base = {
      sessionToken,
      gameCode: launch.gameCode,
      vassalage: launch.vassalage,
      language: launch.language,
      lobbyUrl,
    };
    const merchant = await data.merchantCurrency(db, launch.merchantId);
    if (launch.demo) {
      return {
        ...base,
        playerId: `demo-${launch.id}`,
        currency: merchant?.currency ?? 'XXX',
        currencyExponent: merchant?.currencyExponent ?? 2,
        balance: '0',
        nickname: 'Guest',
        demo: true,
      };
    }
    const { memberId } = launch;
    const m = memberId === null ? null : await data.memberForGame(db, memberId);
    if (memberId === null || !m || m.status !== 'active')
      throw new AppError('ACCOUNT_FROZEN', 'The account is frozen', 403);
    if (isTrialType(m.type)) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
    const { balance, currency } = await wallet.balance(m.merchantId, memberId);
    return {
      ...base,
      playerId: String(memberId),
      currency,
      currencyExponent: m.currencyExponent,
      balance: String(balance),
      nickname: (m.nickname || m.username).slice(0, 40),
      demo: false,
    };
  },

  async balance(provider: string, sessionToken: string) {
    const s = await data.sessionByToken(db, provider, hashToken(sessionToken));
    if (!s) throw new AppError('INVALID_TOKEN', 'The game session is unknown or has expired', 401);
    if (s.demo || s.memberId === null) throw new AppError('DEMO_SESSION', 'A free-trial session has no wallet', 403);
    const { balance, currency } = await wallet.balance(s.merchantId, s.memberId);
    return { balance: String(balance), currency };
  },
});

export type VendorSessions = ReturnType<typeof createVendorSessions>;
