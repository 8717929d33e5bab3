import { Button } from '../../../components/ui/index.ts';
import type { WalletT } from '../hooks/useWalletText.ts';

export interface Range {
  from: string;
  to: string;
}

/** Today in a time zone as yyyy-MM-dd. */
export const dayIn = (timeZone: string, offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  } catch {
    return d.toISOString().slice(0, 10);
  }
};

export const presetRange = (preset: 'today' | 'week' | 'month', timeZone: string): Range => ({
  from: dayIn(timeZone, preset === 'today' ? 0 : preset === 'week' ? -6 : -29),
  to: dayIn(timeZone),
});

/** From/to days with presets (the server allows up to 93 days). */
export function DateRange({
  value,
  onChange,
  timeZone,
  t,
}: {
  value: Range;
  onChange: (r: Range) => void;
  timeZone: string;
  t: WalletT;
}) {
  return (
    <div className="wallet-range">
      <div className="wallet-range__presets" role="group" aria-label={t('wl_period')}>
        {(['today', 'week', 'month'] as const).map((p) => {
          const r = presetRange(p, timeZone);
          const active = r.from === value.from && r.to === value.to;
          return (
            <Button
              key={p}
              size="sm"
              variant={active ? 'primary' : 'secondary'}
              aria-pressed={active}
              onClick={() => onChange(r)}
            >
              {t(`wl_preset_${p}`)}
            </Button>
          );
        })}
      </div>
      <div className="wallet-range__days">
        <label className="wallet-range__day">
          <span>{t('wl_from')}</span>
          <input
            type="date"
            value={value.from}
            max={value.to}
            onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
          />
        </label>
        <label className="wallet-range__day">
          <span>{t('wl_to')}</span>
          <input
            type="date"
            value={value.to}
            min={value.from}
            onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
          />
        </label>
      </div>
    </div>
  );
}
