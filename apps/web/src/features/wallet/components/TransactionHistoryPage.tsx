import { TX_TYPES, type TxType } from '@app/contract';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useState } from 'react';
import { EmptyState, Modal } from '../../../components/ui/index.ts';
import { useTransaction } from '../api/transaction.ts';
import { useTransactions } from '../api/transactions.ts';
import { useWalletText, type WalletT } from '../hooks/useWalletText.ts';
import { DateRange, presetRange, type Range } from './DateRange.tsx';
import { Card, ErrorNote, Loading, Money, Pager, Stat, shortTime } from './parts.tsx';
import './wallet.css';

function Detail({ id, onClose, t }: { id: number | null; onClose: () => void; t: WalletT }) {
  const { timeZone: timezone, language } = useBrandTime();
  const q = useTransaction(id);
  if (id === null) return null;
  return (
    <Modal open onClose={onClose} title={t('wl_tx_detail')} testId="tx-detail">
      {q.isPending ? (
        <Loading t={t} />
      ) : q.isError ? (
        <ErrorNote message={q.error.message} t={t} />
      ) : (
        <div className="wallet-stats wallet-stats--detail">
          <Stat label={t('wl_type')}>{t(`wl_type_${q.data.type}`)}</Stat>
          <Stat label={t('wl_amount')}>
            <Money minor={q.data.amount} signed />
          </Stat>
          <Stat label={t('wl_balance_after')}>
            <Money minor={q.data.balanceAfter} />
          </Stat>
          <Stat label={t('wl_time')}>{shortTime(q.data.createdAt, timezone, language)}</Stat>
          <Stat label={t('wl_tx_id')}>{q.data.transactionId}</Stat>
          {q.data.reference ? <Stat label={t('wl_reference')}>{q.data.reference}</Stat> : null}
          {q.data.gameType ? <Stat label={t('wl_game_type')}>{q.data.gameType}</Stat> : null}
          {q.data.counterparty ? <Stat label={t('wl_counterparty')}>{q.data.counterparty}</Stat> : null}
          {q.data.note ? <Stat label={t('wl_note')}>{q.data.note}</Stat> : null}
          {q.data.rolledBack ? <Stat label={t('wl_status')}>{t('wl_rolled_back')}</Stat> : null}
        </div>
      )}
    </Modal>
  );
}

/** transactionHistory (spec §2): every movement of the wallet, filtered by type and period, paged. */
export function TransactionHistoryPage() {
  const { t, ready } = useWalletText();
  const { timeZone: timezone, language } = useBrandTime();
  const [type, setType] = useState<'ALL' | TxType>('ALL');
  const [range, setRange] = useState<Range>(() => presetRange('week', timezone));
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const q = useTransactions({ type, from: range.from, to: range.to, page, pageSize: 20 });
  if (!ready) return <Loading t={t} />;
  return (
    <div className="wallet-page" data-testid="history-page">
      <Card>
        <div className="wallet-filters">
          <label className="wallet-select">
            <span>{t('wl_type')}</span>
            <select
              value={type}
              onChange={(e) => {
                setType(e.target.value as 'ALL' | TxType);
                setPage(1);
              }}
              data-testid="history-type"
            >
              <option value="ALL">{t('wl_all')}</option>
              {TX_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`wl_type_${x}`)}
                </option>
              ))}
            </select>
          </label>
          <DateRange
            value={range}
            onChange={(r) => {
              setRange(r);
              setPage(1);
            }}
            timeZone={timezone}
            t={t}
          />
        </div>
      </Card>
      <Card>
        {q.isPending ? (
          <Loading t={t} />
        ) : q.isError ? (
          <ErrorNote message={q.error.message} onRetry={() => void q.refetch()} t={t} />
        ) : !q.data.list.length ? (
          <EmptyState icon="history" title={t('wl_empty')} description={t('wl_empty_info')} compact />
        ) : (
          <>
            <table className="wallet-table" data-testid="history-table">
              <caption className="visually-hidden">{t('wl_history')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('wl_time')}</th>
                  <th scope="col">{t('wl_type')}</th>
                  <th scope="col" className="wallet-num">
                    {t('wl_amount')}
                  </th>
                  <th scope="col" className="wallet-num">
                    {t('wl_balance_after')}
                  </th>
                  <th scope="col">{t('wl_reference')}</th>
                </tr>
              </thead>
              <tbody>
                {q.data.list.map((r) => (
                  <tr key={r.id} data-type={r.type} data-kind={r.kind}>
                    <td data-label={t('wl_time')}>{shortTime(r.createdAt, timezone, language)}</td>
                    <td data-label={t('wl_type')}>
                      <button type="button" className="wallet-link" onClick={() => setOpen(r.transactionId)}>
                        {t(`wl_type_${r.type}`)}
                      </button>
                    </td>
                    <td data-label={t('wl_amount')} className="wallet-num">
                      <Money minor={r.amount} signed />
                    </td>
                    <td data-label={t('wl_balance_after')} className="wallet-num">
                      <Money minor={r.balanceAfter} />
                    </td>
                    <td data-label={t('wl_reference')} className="wallet-ref">
                      {r.reference ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} />
          </>
        )}
      </Card>
      <Detail id={open} onClose={() => setOpen(null)} t={t} />
    </div>
  );
}
