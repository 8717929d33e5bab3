import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { BALANCE_KEY } from '../api/balance.ts';
import { UNREAD_KEY } from '../api/unreadMessages.ts';
import type { WalletTextKey } from '../i18n/en.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useMemberStream } from '../hooks/useMemberStream.ts';
import { inLanguage } from './messageText.ts';
import { ensureWalletTexts, type WalletT } from '../hooks/useWalletText.ts';

const GOOD = new Set([
  'promotion_application_approved',
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_paid',
  'transfer_received',
  'agent_pay',
  'red_envelope',
]);
const BAD = new Set(['deposit_failed', 'withdrawal_rejected', 'promotion_application_rejected']);

/** Calls whose answers a wallet event makes stale (pages refetch them when shown). */
const walletPaths = [
  '/wps/v2/wallets',
  '/wps/v2/deposits',
  '/wps/v2/withdrawals',
  '/wps/v2/transfers',
  '/wps/v2/messages',
  '/wps/v2/feedback',
  '/wps/relay/GCS_walletTransfer',
];

/**
 * Keeps the wallet live in every open page: a deposit credited or a withdrawal approved shows up
 * as a toast and in the header balance without reloading (spec §4 notifications). Renders nothing.
 */
export function WalletLive() {
  const queryClient = useQueryClient();
  const money = useBrandMoney();
  const { i18n: instance } = useTranslation();
  const stale = () =>
    queryClient.invalidateQueries({
      predicate: (q) => walletPaths.some((p) => String(q.queryKey[1] ?? '').startsWith(p)),
    });

  useMemberStream((e) => {
    if (e.event === 'hello') {
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
      return;
    }
    if (e.event === 'support') return; // the chat room's own (features/support)
    if (e.event === 'balance') {
      void queryClient.invalidateQueries({ queryKey: BALANCE_KEY });
      void stale();
      return;
    }
    void stale();
    const { kind, params, content } = e.data;
    const lang = instance.language;
    void ensureWalletTexts(lang).then(() => {
      const amount = params.amount ? formatMoney(params.amount, money) : '';
      const title = content ? inLanguage(content.title, lang) : '';
      const text = (i18n.t as unknown as WalletT)(`notif_${kind}` as WalletTextKey, { ...params, amount, title });
      showToast(text, GOOD.has(kind) ? 'success' : BAD.has(kind) ? 'error' : 'info');
    });
  });
  return null;
}
