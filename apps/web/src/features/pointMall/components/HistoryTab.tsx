import { useState } from 'react';
import { EmptyState, Skeleton } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { usePointsRedeems } from '../api/points.ts';
import type { PointsT } from '../hooks/usePointsText.ts';
import { LoadError, Pager, StatusChip, useItemName } from './parts.tsx';
import { usePointsFormat } from '../hooks/usePointsFormat.ts';

/** Redeem history: every request with its status (in process, approved, rejected) and remark. */
export function HistoryTab({ t }: { t: PointsT }) {
  const [page, setPage] = useState(1);
  const q = usePointsRedeems(page);
  const time = useBrandTime();
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const nameOf = useItemName();
  if (q.isPending) return <Skeleton height={160} radius={16} />;
  if (q.isError) return <LoadError t={t} onRetry={() => void q.refetch()} />;
  const { list, totalPages } = q.data;
  if (!list.length)
    return (
      <EmptyState
        icon="history"
        title={t('pm_history_none')}
        description={t('pm_history_none_info')}
        headingLevel={2}
      />
    );
  return (
    <>
      <ul className="pm-rows" data-testid="points-history">
        {list.map((r) => (
          <li key={r.id} className="pm-row" data-testid="points-history-row" data-status={r.status}>
            <div className="pm-row__main">
              <p className="pm-row__title">
                {nameOf(r.itemName)} <span className="pm-row__qty">{t('pm_quantity_n', { n: r.quantity })}</span>
              </p>
              <p className="pm-row__meta">
                {time.local(r.createdAt, 'minutes')}
                {r.amount !== '0' ? ` · ${formatMoney(r.amount, money)}` : ''}
                {r.wageringRequired !== '0'
                  ? ` · ${t('pm_wagering_owed', { amount: formatMoney(r.wageringRequired, money) })}`
                  : ''}
              </p>
              {r.remark ? (
                <p className="pm-row__remark" data-testid="points-remark">
                  {t('pm_remark', { text: r.remark })}
                </p>
              ) : null}
            </div>
            <div className="pm-row__side">
              <span className="pm-row__points pm-row__points--out">−{pts(r.points)}</span>
              <StatusChip status={r.status} t={t} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={totalPages} onPage={setPage} t={t} />
    </>
  );
}
