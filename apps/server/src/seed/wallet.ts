import type { AppContext } from '../context.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';

/** The demo brand's deposit channels (an operator changes them in the console). */
export const DEMO_CHANNELS = {
  bank: {
    code: 'PIX_BANK',
    kind: 'bank' as const,
    name: 'PIX / transferência bancária',
    enabled: true,
    minAmount: 1_000n,
    maxAmount: 5_000_000n,
    sort: 1,
    bank: {
      bankName: 'Banco Lotus S.A. (999)',
      accountName: 'LOTUS GAMING LTDA',
      accountNumber: '12345-6',
      branch: '0001',
      pixKey: 'pagamentos@lotus88.example',
      instructions: 'Use your username as the transfer description.',
    },
    gateway: null,
  },
  sandbox: {
    code: 'SANDBOX_PAY',
    kind: 'gateway' as const,
    name: 'Sandbox Pay (instant)',
    enabled: true,
    minAmount: 500n,
    maxAmount: 2_000_000n,
    sort: 0,
    bank: null,
    gateway: 'sandbox',
  },
};

/**
 * Deposit channels, and a first deposit for the demo player made the way a member makes one: a
 * bank transfer of R$ 500,00, confirmed (so the balance, history, profit and a message exist).
 */
export const seedWallet = async ({
  merchants,
  deposits,
  withdrawals,
  accounts,
}: Pick<AppContext, 'merchants' | 'deposits' | 'withdrawals' | 'accounts'>) => {
  const merchantId = await merchants.resolveId(undefined);
  const bank = await deposits.addChannel({ merchantId, ...DEMO_CHANNELS.bank });
  // The sandbox gateway exists in demo mode only (decision 051).
  if (deposits.sandbox) await deposits.addChannel({ merchantId, ...DEMO_CHANNELS.sandbox });
  const demo = await accounts.findByUsername(merchantId, DEMO_ACCOUNTS.member.username);
  if (!demo) return;
  const member = { merchantId, memberId: demo.id };
  const { deposit } = await deposits.create(member, {
    channelId: bank.id,
    amount: '50000',
    requestId: 'demo-first-deposit',
    reference: 'PIX demo01',
  });
  await deposits.credit(deposit.id);
  await withdrawals.addBankAccount(member, {
    bankName: 'Nubank (260)',
    accountName: 'Demo Player',
    accountNumber: '9876543-2',
  });
};
