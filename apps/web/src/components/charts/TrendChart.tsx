import { useEffect, useRef, useState } from 'react';
import type { Chart as ChartType } from 'chart.js';
import './charts.css';

export interface TrendSeries {
  label: string;
  values: number[];
  /** A comparison series (the previous period): drawn dashed and muted. */
  comparison?: boolean;
}

export interface TrendChartProps {
  kind: 'line' | 'bar';
  /** What the chart shows, for the figure's caption and screen readers. */
  title: string;
  labels: string[];
  series: TrendSeries[];
  /** How a value reads (money in the brand's currency, a count). */
  format: (value: number) => string;
  /** Bars side by side, or stacked (turnover by game type per day). */
  stacked?: boolean;
  testId?: string;
  height?: number;
  /** The least top of the value axis, so an empty or tiny series does not fill the chart with one unit. */
  minScale?: number;
  /** Show the title above the chart (off when the card around it already says it). */
  showTitle?: boolean;
}

const css = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** The palette: the brand's own colours first, then distinct hues for more series. */
const palette = () => [
  css('--color-primary', '#c8102e'),
  css('--color-accent', '#f5a623'),
  css('--color-success', '#2e9d5b'),
  '#4a7bd0',
  '#8e5bd0',
  '#d05b9e',
  '#4ab0b0',
  '#9e9e3a',
];

/**
 * A line or bar chart over time or categories (decision 070). The chart library is loaded when the
 * first chart mounts, not before: pages without charts never download it. Until it is drawn, and
 * for screen readers always, the figures are a table.
 */
export function TrendChart({
  kind,
  title,
  labels,
  series,
  format,
  stacked,
  testId,
  height = 220,
  minScale = 1,
  showTitle = false,
}: TrendChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartType | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // The chart is drawn again when what it shows changes, not when a caller passes new but equal
  // arrays or a new formatting function on each render.
  const formatRef = useRef(format);
  useEffect(() => {
    formatRef.current = format;
  });
  const shape = JSON.stringify({ kind, labels, series, stacked, minScale });

  useEffect(() => {
    const format = (v: number) => formatRef.current(v);
    let cancelled = false;
    import('./chartjs.ts')
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        const colours = palette();
        const text = css('--color-text-muted', '#888');
        const grid = css('--color-border', 'rgba(128,128,128,0.2)');
        let c = 0;
        const datasets = series.map((s) => {
          const colour = s.comparison ? text : colours[c++ % colours.length]!;
          return {
            label: s.label,
            data: s.values,
            borderColor: colour,
            backgroundColor: kind === 'bar' ? colour : `${colour}22`,
            borderDash: s.comparison ? [6, 4] : [],
            borderWidth: 2,
            pointRadius: labels.length > 31 ? 0 : 2,
            tension: 0.25,
            fill: kind === 'line' && !s.comparison,
          };
        });
        chart.current?.destroy();
        chart.current = new Chart(canvas.current, {
          type: kind,
          data: { labels, datasets },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            interaction: { mode: 'index', intersect: false },
            plugins: {
              legend: { labels: { color: text, boxWidth: 12 } },
              tooltip: { callbacks: { label: (i) => `${i.dataset.label ?? ''}: ${format(Number(i.raw))}` } },
            },
            scales: {
              x: {
                stacked: !!stacked,
                ticks: { color: text, maxRotation: 0, autoSkip: true },
                grid: { display: false },
              },
              y: {
                stacked: !!stacked,
                beginAtZero: true,
                suggestedMax: minScale,
                ticks: { color: text, precision: 0, callback: (v) => format(Number(v)) },
                grid: { color: grid },
              },
            },
          },
        });
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
    // `shape` stands for kind, labels, series and stacked.
  }, [shape]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  return (
    <figure className="trend-chart" data-testid={testId} data-ready={ready || undefined}>
      <figcaption className={showTitle ? 'trend-chart__title' : 'visually-hidden'}>{title}</figcaption>
      <div className="trend-chart__canvas" style={{ height }} hidden={failed}>
        <canvas ref={canvas} role="img" aria-label={title} />
      </div>
      {/* A table ignores a 1-pixel width, so the hidden one sits in a hidden box (no page overflow). */}
      <div className={failed ? undefined : 'visually-hidden'}>
        <table className="trend-chart__table">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((l, i) => (
              <tr key={`${l}-${i}`}>
                <th scope="row">{l}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
