import { useTranslation } from 'react-i18next';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { Modal, Spinner } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useBetRound } from '../api/betRound.ts';
import { useVendorNames } from '../api/vendors.ts';
import { RoundOutcome } from './RoundOutcome.tsx';

/** One round reopened from the bet history: what was bet, what came out, every transaction. */
export function RoundDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const brandTime = useBrandTime();
  const brandMoney = useBrandMoney();
  const round = useBetRound(id);
  const vendorNames = useVendorNames();
  const money = (v: string | null) => (v === null ? '—' : formatMoney(v, brandMoney));
  const r = round.data;
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={r ? r.gameName : t('bh_round')}
      description={r ? `${t('bh_round')} ${r.roundId}` : undefined}
      size="lg"
      testId="round-detail"
    >
      {!r ? (
        <Spinner />
      ) : (
        <div className="round-detail">
          <RoundOutcome detail={r.detail} />
          <dl className="round-detail__facts">
            <div>
              <dt>{t('bh_bet')}</dt>
              <dd>{money(r.bet)}</dd>
            </div>
            <div>
              <dt>{t('bh_win')}</dt>
              <dd data-testid="round-win">{money(r.win)}</dd>
            </div>
            <div>
              <dt>{t('bh_profit')}</dt>
              <dd className={BigInt(r.profit) >= 0n ? 'positive' : 'negative'}>{money(r.profit)}</dd>
            </div>
            <div>
              <dt>{t('bh_balance_before')}</dt>
              <dd>{money(r.balanceBefore)}</dd>
            </div>
            <div>
              <dt>{t('bh_balance_after')}</dt>
              <dd>{money(r.balanceAfter)}</dd>
            </div>
            <div>
              <dt>{t('bh_started')}</dt>
              <dd>{brandTime.dateTime(r.startedAt)}</dd>
            </div>
            <div>
              <dt>{t('bh_ended')}</dt>
              <dd>{r.endedAt ? brandTime.dateTime(r.endedAt) : '—'}</dd>
            </div>
            <div>
              <dt>{t('bh_vendor')}</dt>
              <dd data-testid="round-vendor">{vendorNames.nameOf(r.vassalage)}</dd>
            </div>
          </dl>
          <h3>{t('bh_transactions')}</h3>
          <table className="bet-history__table">
            <thead>
              <tr>
                <th>{t('bh_time')}</th>
                <th>{t('bh_kind')}</th>
                <th>{t('bh_amount')}</th>
                <th>{t('bh_tx_id')}</th>
              </tr>
            </thead>
            <tbody>
              {r.transactions.map((x) => (
                <tr key={x.transactionId}>
                  <td>{brandTime.dateTime(x.createdAt)}</td>
                  <td>{t(`bh_tx_${x.kind === 'rollback' ? 'rollback' : x.kind === 'win' ? 'win' : 'bet'}`)}</td>
                  <td>{money(x.amount)}</td>
                  <td className="mono">{x.transactionId}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
