import { useState } from 'react';
import { EmptyState, Skeleton } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { usePointsEntries } from '../api/points.ts';
import type { PointsT } from '../hooks/usePointsText.ts';
import { LoadError, Pager } from './parts.tsx';
import { usePointsFormat } from '../hooks/usePointsFormat.ts';

/** Points details (spec §3): each change with its reason, the changed points and the balance after. */
export function DetailsTab({ t }: { t: PointsT }) {
  const [page, setPage] = useState(1);
  const q = usePointsEntries(page);
  const time = useBrandTime();
  const pts = usePointsFormat();
  if (q.isPending) return <Skeleton height={160} radius={16} />;
  if (q.isError) return <LoadError t={t} onRetry={() => void q.refetch()} />;
  const { list, totalPages } = q.data;
  if (!list.length)
    return (
      <EmptyState icon="star" title={t('pm_details_none')} description={t('pm_details_none_info')} headingLevel={2} />
    );
  return (
    <>
      <div className="pm-table-wrap">
        <table className="pm-table" data-testid="points-details">
          <thead>
            <tr>
              <th scope="col">{t('pm_col_time')}</th>
              <th scope="col">{t('pm_col_reason')}</th>
              <th scope="col" className="pm-num">
                {t('pm_col_change')}
              </th>
              <th scope="col" className="pm-num">
                {t('pm_col_balance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((e) => (
              <tr key={e.id} data-testid="points-entry" data-reason={e.reason}>
                <td className="pm-table__time">{time.local(e.createdAt, 'minutes')}</td>
                <td>
                  {t(`pm_reason_${e.reason}`)}
                  {e.note ? <span className="pm-table__note">{e.note}</span> : null}
                </td>
                <td className={`pm-num pm-row__points--${e.change > 0 ? 'in' : 'out'}`}>
                  {e.change > 0 ? '+' : '−'}
                  {pts(Math.abs(e.change))}
                </td>
                <td className="pm-num">{pts(e.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={totalPages} onPage={setPage} t={t} />
    </>
  );
}
