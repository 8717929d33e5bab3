import { PERIOD_PRESETS } from '@app/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Icon } from '../../../components/ui/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';

export type Preset = (typeof PERIOD_PRESETS)[number];
export interface PeriodValue {
  period: Preset;
  from?: string;
  to?: string;
}

/**
 * The period of a report: presets apply at once; custom days apply with the button (both ends
 * included, in the brand's time zone). Extra filters of the page sit beside it.
 */
export function PeriodFilter({
  value,
  onChange,
  children,
  presets = PERIOD_PRESETS,
}: {
  value: PeriodValue;
  onChange: (v: PeriodValue) => void;
  children?: ReactNode;
  presets?: readonly Preset[];
}) {
  const { t } = useAgentText();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [preset, setPreset] = useState<Preset>(value.period);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(preset === 'custom' ? { period: 'custom', from, to } : { period: preset });
  };
  return (
    <form className="ag-filters" onSubmit={submit} aria-label={t('ag_filters')}>
      <label className="ag-select">
        <span className="ag-select__label">{t('ag_period')}</span>
        <select
          value={preset}
          data-testid="ag-period"
          onChange={(e) => {
            const p = e.target.value as Preset;
            setPreset(p);
            if (p !== 'custom') onChange({ period: p });
          }}
        >
          {presets.map((p) => (
            <option key={p} value={p}>
              {t(`ag_period_${p}`)}
            </option>
          ))}
        </select>
      </label>
      {preset === 'custom' ? (
        <>
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_from')}</span>
            <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required data-testid="ag-from" />
          </label>
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_to')}</span>
            <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required data-testid="ag-to" />
          </label>
        </>
      ) : null}
      {children}
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        leadingIcon={<Icon name="search" size={16} />}
        data-testid="ag-apply"
      >
        {t('ag_apply')}
      </Button>
    </form>
  );
}

export const periodQuery = (v: PeriodValue) =>
  v.period === 'custom' ? { period: v.period, from: v.from, to: v.to } : { period: v.period };
