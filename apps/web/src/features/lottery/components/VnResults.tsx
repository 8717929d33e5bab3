import type { LotteryPeriod } from '@app/contract';
import { deriveResult, seedHash, type SheetFamily } from '@app/contract/lottery-draw';
import { EmptyState, Skeleton } from '../../../components/ui/index.ts';
import { formatDateTime } from '../../../lib/format/datetime.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useLotteryResults } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { textOf } from './names.ts';
import { VnSheet, specialKey, specialOf } from './VnSheet.tsx';

/** Whether a house-drawn sheet is the one its revealed seed draws (recomputed here, nothing sent). */
const verified = (family: SheetFamily, gameCode: string, p: LotteryPeriod) =>
  p.seed !== null &&
  seedHash(p.seed) === p.seedHash &&
  JSON.stringify(deriveResult(family, p.seed, gameCode, p.numero)) === JSON.stringify(p.result);

/** The latest sheets of a Vietnamese or South-East Asian game: the newest open, the others one line each and opened on demand. */
export function VnResults({ gameCode, family, t }: { gameCode: string; family: SheetFamily; t: LotteryT }) {
  const results = useLotteryResults(gameCode, 30);
  const { timezone } = useWhitelabel();
  const list = results.data?.list ?? [];
  if (results.isLoading) return <Skeleton variant="text" width="100%" />;
  if (list.length === 0) return <EmptyState icon="ticket" title={t('lt_no_results')} />;
  return (
    <div className="lt-results lt-vn-results" data-testid="lt-results">
      {list.map((p, i) => (
        <details key={p.numero} className="lt-vn-results__item" open={i === 0} data-testid="lt-result">
          <summary>
            <strong>{p.numero}</strong>
            <span>{formatDateTime(p.drawAt, timezone)}</span>
            {p.result ? (
              <span className="lt-vn-results__special">
                {textOf(t, specialKey(family))} <b>{specialOf(family, p.result)}</b>
              </span>
            ) : (
              <span>{t('lt_void')}</span>
            )}
          </summary>
          {p.result ? (
            <>
              <VnSheet family={family} result={p.result} t={t} />
              <p className="lt-period__small" data-testid="lt-source">
                {p.source === 'operator'
                  ? t('lt_source_operator')
                  : p.source === 'feed'
                    ? t('lt_source_feed')
                    : verified(family, gameCode, p)
                      ? t('lt_source_house_ok')
                      : t('lt_verify_result_bad', { numbers: '' })}
              </p>
            </>
          ) : null}
        </details>
      ))}
    </div>
  );
}
