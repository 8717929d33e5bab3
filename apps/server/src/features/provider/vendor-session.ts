import { isTrialType, type BodyOutput, type providerEndpoints } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { WalletService } from '../wallet/service.ts';
import * as data from './data.ts';

type AuthValue = z.input<typeof providerEndpoints.authenticate.response>;

/**
 * The vendor's side of a launch: it exchanges the one-time launch token for a game session token
 * (valid PROVIDER_SESSION_HOURS) and then asks for the balance with it.
 */
export class VendorSessions {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly opts: { sessionHours: number; lobbyUrl: string },
  ) {}

  async authenticate(provider: string, body: BodyOutput<typeof providerEndpoints.authenticate>): Promise<AuthValue> {
    const sessionToken = newToken();
    const launch = await data.consumeLaunch(this.db, {
      provider,
      launchTokenHash: hashToken(body.launchToken),
      sessionTokenHash: hashToken(sessionToken),
      sessionHours: this.opts.sessionHours,
    });
    if (!launch) throw new AppError('INVALID_TOKEN', 'The launch token is unknown, expired or already used', 401);
    const base = {
      sessionToken,
      gameCode: launch.game_code as string,
      vassalage: launch.vassalage as string,
      language: launch.language as string,
      lobbyUrl: this.opts.lobbyUrl,
    };
    const merchant = await data.merchantCurrency(this.db, data.num(launch.merchant_id));
    if (launch.demo === true) {
      return {
        ...base,
        playerId: `demo-${data.num(launch.id)}`,
        currency: merchant?.currency ?? 'XXX',
        currencyExponent: Number(merchant?.currency_exponent ?? 2),
        balance: '0',
        nickname: 'Guest',
        demo: true,
      };
    }
    const memberId = data.num(launch.member_id);
    const m = await data.memberForGame(this.db, memberId);
    if (!m || m.status !== 'active') throw new AppError('ACCOUNT_FROZEN', 'The account is frozen', 403);
    if (isTrialType(data.num(m.type))) throw new AppError('TRIAL_NOT_ALLOWED', 'in_need_true_account', 403);
    const { balance, currency } = await this.wallet.balance(data.num(m.merchant_id), memberId);
    return {
      ...base,
      playerId: String(memberId),
      currency,
      currencyExponent: Number(m.currency_exponent),
      balance: String(balance),
      nickname: ((m.nickname as string | null) || (m.username as string)).slice(0, 40),
      demo: false,
    };
  }

  async balance(provider: string, sessionToken: string) {
    const s = await data.sessionByToken(this.db, provider, hashToken(sessionToken));
    if (!s) throw new AppError('INVALID_TOKEN', 'The game session is unknown or has expired', 401);
    if (s.demo === true || s.member_id === null)
      throw new AppError('DEMO_SESSION', 'A free-trial session has no wallet', 403);
    const { balance, currency } = await this.wallet.balance(data.num(s.merchant_id), data.num(s.member_id));
    return { balance: String(balance), currency };
  }
}
