import { walletEndpoints, walletOperatorEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberOf, operatorOf } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import type { Db } from '../../db/client.ts';
import type { AccountService } from '../identity/members/service.ts';
import type { MerchantService } from '../merchant/service.ts';
import { audit } from '../operator/service.ts';
import type { WalletHistory } from './history/service.ts';
import type { WalletOperator } from './operator.ts';
import { rulesView, turnoverView, type Rules, type WalletRules } from './rules/service.ts';
import type { WalletService } from './service.ts';

const idParam = (req: FastifyRequest) => {
  const r = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).safeParse(req.params);
  if (!r.success) throw notFound('No such record');
  return r.data.id;
};

export interface WalletRoutesDeps {
  db: Db;
  wallet: WalletService;
  walletRules: WalletRules;
  walletHistory: WalletHistory;
  walletOperator: WalletOperator;
  merchants: Pick<MerchantService, 'brand'>;
  accounts: Pick<AccountService, 'findById'>;
  /** What the member's pending withdrawals hold (the consolidated funds show it). */
  withdrawals: { heldFor(merchantId: number, memberId: number): Promise<bigint> };
}

export const walletRoutes =
  ({
    db,
    wallet,
    walletRules,
    walletHistory: history,
    walletOperator,
    merchants,
    accounts,
    withdrawals,
  }: WalletRoutesDeps) =>
  async (app: FastifyInstance) => {
    route(app, walletEndpoints.balance, async ({ req }) => {
      const m = memberOf(req);
      const { merchant } = await merchants.brand(m.merchantId);
      const money = { currencySymbol: merchant.currencySymbol, currencyExponent: merchant.currencyExponent };
      if (m.isTrial) {
        // Trial accounts play with play money kept on the account (issue 3), never in the ledger.
        const row = await accounts.findById(m.merchantId, m.memberId);
        return { balance: String(row?.playBalance ?? 0n), currency: 'PLAY', playMoney: true, ...money };
      }
      const { balance, currency } = await wallet.balance(m.merchantId, m.memberId);
      return { balance: String(balance), currency, playMoney: false, ...money };
    });

    route(app, walletEndpoints.merchantWallet, async ({ req }) => {
      const { merchant } = await merchants.brand(req.merchantId);
      const rules = await walletRules.rules(req.merchantId);
      return {
        hasMerchantWallet: rules.merchantWallet,
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        currencyExponent: merchant.currencyExponent,
      };
    });

    route(app, walletEndpoints.funds, async ({ req }) => {
      const m = memberOf(req);
      const { merchant } = await merchants.brand(m.merchantId);
      // Spec §6: made only for logged-in, non-trial users when the agent policy setting is on.
      if (!merchant.features.agentPolicy)
        throw new AppError('FEATURE_DISABLED', 'Consolidated funds are not offered here', 403);
      const [{ balance, currency }, pending, games, turnover] = await Promise.all([
        wallet.balance(m.merchantId, m.memberId),
        withdrawals.heldFor(m.merchantId, m.memberId),
        wallet.gameWallets(m.merchantId, m.memberId),
        walletRules.turnover(m.merchantId, m.memberId),
      ]);
      const inGames = games.reduce((s, g) => s + g.balance, 0n);
      return {
        main: String(balance),
        pendingWithdrawal: String(pending),
        gameWallets: games.map((g) => ({ ...g, balance: String(g.balance) })),
        total: String(balance + pending + inGames),
        currency,
        turnover: turnoverView(turnover),
      };
    });

    route(app, walletEndpoints.transactions, ({ query, req }) => {
      const m = memberOf(req);
      return history.transactions(m.merchantId, m.memberId, query);
    });
    route(app, walletEndpoints.transaction, ({ req }) => {
      const m = memberOf(req);
      return history.transaction(m.merchantId, m.memberId, idParam(req));
    });
    route(app, walletEndpoints.profit, ({ query, req }) => {
      const m = memberOf(req);
      return history.profit(m.merchantId, m.memberId, query);
    });

    // Operator side.
    route(app, walletOperatorEndpoints.findMember, ({ query, req }) =>
      walletOperator.findMember(operatorOf(req), query.username),
    );
    route(app, walletOperatorEndpoints.adjust, ({ body, req }) => walletOperator.adjust(operatorOf(req), body, req.ip));
    route(app, walletOperatorEndpoints.settings, async ({ req }) =>
      rulesView(await walletRules.rules(operatorOf(req).merchantId)),
    );
    route(app, walletOperatorEndpoints.setSettings, async ({ body, req }) => {
      const op = operatorOf(req);
      const rules: Rules = {
        ...body,
        withdrawMin: BigInt(body.withdrawMin),
        withdrawMax: BigInt(body.withdrawMax),
        withdrawDailyMax: BigInt(body.withdrawDailyMax),
        transferMin: BigInt(body.transferMin),
        transferMax: BigInt(body.transferMax),
        transferDailyMax: BigInt(body.transferDailyMax),
      };
      await walletRules.save(op.merchantId, rules);
      await audit(db, op, 'wallet.settings', String(op.merchantId), { ...body }, req.ip);
      return rulesView(rules);
    });
    route(app, walletOperatorEndpoints.ledgerCheck, () => walletOperator.ledgerReport());
  };
