import { Button, Icon } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useBalance } from '../api/balance.ts';
import { useFunds } from '../api/funds.ts';
import { useWalletTransfer } from '../api/walletTransfer.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWalletText } from '../hooks/useWalletText.ts';
import { Card, ErrorNote, Loading, Money, Note, Stat } from './parts.tsx';
import './wallet.css';

/**
 * transferFund: the main wallet beside the game wallets of transfer-model vendors, and one button
 * that brings every game wallet's money back (GCS_walletTransfer). Consolidated funds come from the
 * funds call when the brand's agent policy allows it; otherwise the main balance alone.
 */
export function TransferFundPage() {
  const { t, ready } = useWalletText();
  const money = useBrandMoney();
  const balance = useBalance();
  const funds = useFunds();
  const recall = useWalletTransfer();
  if (!ready || balance.isPending) return <Loading t={t} />;
  if (balance.isError)
    return <ErrorNote message={balance.error.message} onRetry={() => void balance.refetch()} t={t} />;
  const f = funds.data;
  const bringBack = () =>
    recall.mutate(
      {},
      {
        onSuccess: (r) => {
          const moved = r.results.filter((x) => x.status === 'succeeded');
          showToast(
            moved.length ? t('wl_recall_done', { count: moved.length }) : t('wl_recall_nothing'),
            moved.length ? 'success' : 'info',
          );
        },
        onError: (e) => showToast(e.message, 'error'),
      },
    );
  return (
    <div className="wallet-page" data-testid="transfer-fund-page">
      <Card title={t('wl_funds')} icon="wallet">
        <div className="wallet-stats">
          <Stat label={t('wl_main_wallet')}>
            <Money minor={balance.data.balance} testId="main-wallet" />
          </Stat>
          {f ? (
            <>
              <Stat label={t('wl_pending_withdrawal')}>
                <Money minor={f.pendingWithdrawal} />
              </Stat>
              <Stat label={t('wl_total')}>
                <Money minor={f.total} />
              </Stat>
            </>
          ) : null}
        </div>
      </Card>
      <Card
        title={t('wl_game_wallets')}
        icon="gamepad"
        actions={
          <Button
            size="sm"
            onClick={bringBack}
            loading={recall.isPending}
            leadingIcon={<Icon name="refresh" size={16} />}
            data-testid="recall-all"
          >
            {t('wl_recall_all')}
          </Button>
        }
      >
        {f?.gameWallets.length ? (
          <ul className="wallet-list">
            {f.gameWallets.map((g) => (
              <li key={g.vassalage} className="wallet-row">
                <span className="wallet-row__title">{g.vassalage}</span>
                <span className="wallet-row__side">
                  {g.status === 'ok' ? formatMoney(g.balance, money) : t('wl_unavailable')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Note>{t('wl_no_game_wallets')}</Note>
        )}
      </Card>
    </div>
  );
}
