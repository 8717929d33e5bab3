import { LOTTERY_RESULT_LIMITS, type LotteryFamily, type LotteryPeriod } from '@app/contract';
import { RESULT_SHAPE, isSeaFamily, isVnFamily, sheetTiers } from '@app/contract/lottery-draw';
import { useMemo, useState } from 'react';
import { Skeleton, Tabs } from '../../../components/ui/index.ts';
import { useLotteryResults } from '../api/lottery.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';

type Trend = {
  rows: { numero: string; drawn: number; missing: number[] }[];
  hits: number[];
  maxMiss: number[];
  currentMiss: number[];
};

/** The classic trend grid of one position: oldest draw first, the drawn number, others' missing counts. */
export const trendOf = (draws: LotteryPeriod[], position: number, values: number[]): Trend => {
  const oldestFirst = draws.filter((d) => d.result).reverse();
  const miss = values.map(() => 0);
  const hits = values.map(() => 0);
  const maxMiss = values.map(() => 0);
  const rows = oldestFirst.map((d) => {
    const drawn = d.result![position]!;
    values.forEach((v, i) => {
      if (v === drawn) {
        miss[i] = 0;
        hits[i]!++;
      } else {
        miss[i]!++;
        maxMiss[i] = Math.max(maxMiss[i]!, miss[i]!);
      }
    });
    return { numero: d.numero, drawn, missing: [...miss] };
  });
  return { rows, hits, maxMiss, currentMiss: [...miss] };
};

export function TrendChart({ gameCode, family, t }: { gameCode: string; family: LotteryFamily; t: LotteryT }) {
  const [limit, setLimit] = useState<(typeof LOTTERY_RESULT_LIMITS)[number]>(30);
  const [position, setPosition] = useState(0);
  const results = useLotteryResults(gameCode, limit);
  // A Vietnamese sheet's trend is its đề number's: the tens (đầu) and units (đuôi) of the special.
  const vn = isVnFamily(family);
  // A SEA sheet's trend is its first prize's digits, one position each (decision 072).
  const seaDigits = isSeaFamily(family) ? sheetTiers(family)[0]!.digits : 0;
  const shape = vn
    ? { length: 2, min: 0, max: 9, pad: 1 }
    : seaDigits
      ? { length: seaDigits, min: 0, max: 9, pad: 1 }
      : RESULT_SHAPE[family];
  const draws = useMemo(
    () =>
      (results.data?.list ?? []).map((d) =>
        vn && d.result
          ? { ...d, result: [Math.floor((d.result[0]! % 100) / 10), d.result[0]! % 10] }
          : seaDigits && d.result
            ? { ...d, result: [...String(d.result[0]!).padStart(seaDigits, '0')].map(Number) }
            : d,
      ),
    [results.data, vn, seaDigits],
  );
  const values = useMemo(
    () => Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i),
    [shape.max, shape.min],
  );
  const trend = useMemo(() => trendOf(draws, position, values), [draws, position, values]);
  const ranked = values.map((v, i) => ({ v, hits: trend.hits[i]! })).sort((a, b) => b.hits - a.hits);
  const hot = ranked.slice(0, 3).map((x) => x.v);
  const cold = ranked.slice(-3).map((x) => x.v);
  const pad = (v: number) => String(v).padStart(shape.pad, '0');

  return (
    <div className="lt-trend" data-testid="lt-trend">
      <div className="lt-trend__controls">
        <Tabs
          items={LOTTERY_RESULT_LIMITS.map((n) => ({ id: String(n) as '30', label: String(n) }))}
          value={String(limit) as '30'}
          onChange={(id) => setLimit(Number(id) as 30)}
          label={t('lt_trend_draws')}
        />
        <label className="lt-trend__position">
          {t('lt_trend_position')}
          <select value={position} onChange={(e) => setPosition(Number(e.target.value))}>
            {Array.from({ length: shape.length }, (_, i) => (
              <option key={i} value={i}>
                {vn ? t(i === 0 ? 'lt_row_dau' : 'lt_row_duoi') : t('lt_trend_position_n', { n: i + 1 })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="lt-trend__hotcold">
        <span className="lt-trend__hot">
          {t('lt_hot')}: {hot.map(pad).join(' ')}
        </span>
        <span className="lt-trend__cold">
          {t('lt_cold')}: {cold.map(pad).join(' ')}
        </span>
      </p>
      {results.isLoading ? (
        <Skeleton variant="text" width="100%" />
      ) : (
        <div className="lt-trend__scroll" tabIndex={0} role="region" aria-label={t('lt_tab_trend')}>
          <table className="lt-trend__table">
            <caption>{t('lt_trend_caption', { count: trend.rows.length, n: position + 1 })}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                {values.map((v) => (
                  <th key={v} scope="col">
                    {pad(v)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {trend.rows.map((r) => (
                <tr key={r.numero} data-testid="lt-trend-row">
                  <th scope="row">{r.numero.slice(-4)}</th>
                  {values.map((v, i) => (
                    <td key={v} className={v === r.drawn ? 'lt-trend__hit' : undefined}>
                      {v === r.drawn ? pad(v) : r.missing[i]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              {(
                [
                  ['lt_trend_hits', trend.hits],
                  ['lt_trend_max_miss', trend.maxMiss],
                  ['lt_trend_current_miss', trend.currentMiss],
                ] as const
              ).map(([label, row]) => (
                <tr key={label}>
                  <th scope="row">{t(label)}</th>
                  {row.map((n, i) => (
                    <td key={i}>{n}</td>
                  ))}
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
