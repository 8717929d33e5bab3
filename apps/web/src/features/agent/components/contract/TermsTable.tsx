import { TIER_RATES, TIER_THRESHOLDS, type ContractTerms } from '@app/contract';
import { formatRate } from '../../hooks/rates.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Money } from '../Bits.tsx';

const MONEY_FIELDS = new Set(['periodValidBet', 'periodProfitLoss', 'betAmount', 'singleBetAmount']);

export const fieldLabelKey = (kind: string, field: string) =>
  (field === 'betAmount' ? `ag_f_betAmount_${kind}` : `ag_f_${field}`) as never;

/** A contract's terms: its threshold and one row per tier (rates as percentages). */
export function TermsTable({ terms, highlight }: { terms: ContractTerms; highlight?: number | null }) {
  const { t, language } = useAgentText();
  const fields = [...TIER_THRESHOLDS[terms.kind], ...TIER_RATES[terms.kind]] as string[];
  return (
    <div className="ag-terms">
      <p className="ag-terms__meta">
        {terms.kind === 'dividend' ? (
          <span>
            {t('ag_f_periodType')}: <strong>{t(`ag_period_type_${terms.periodType}` as never)}</strong>
          </span>
        ) : null}
        {'activeThreshold' in terms ? (
          <span>
            {t('ag_f_activeThreshold')}:{' '}
            <strong>
              <Money value={terms.activeThreshold} />
            </strong>
          </span>
        ) : null}
      </p>
      <div className="ag-table-wrap">
        <table className="ag-table ag-table--compact">
          <caption className="visually-hidden">{t('ag_ct_tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ag_ct_tier')}</th>
              {fields.map((f) => (
                <th key={f} scope="col" className="ag-num">
                  {t(fieldLabelKey(terms.kind, f))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(terms.tiers as Record<string, string | number>[]).map((tier, i) => (
              <tr key={i} className={highlight === i ? 'ag-row--hit' : undefined}>
                <td data-label={t('ag_ct_tier')}>{i + 1}</td>
                {fields.map((f) => (
                  <td key={f} data-label={t(fieldLabelKey(terms.kind, f))} className="ag-num">
                    {MONEY_FIELDS.has(f) ? (
                      <Money value={String(tier[f])} />
                    ) : f.toLowerCase().includes('rate') ? (
                      formatRate(Number(tier[f]), language)
                    ) : (
                      tier[f]
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
