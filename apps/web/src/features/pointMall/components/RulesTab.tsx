import type { PointsEarnRule } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { PointsT } from '../hooks/usePointsText.ts';

/** Points rules: the earning ratio per game type, and that points never expire. */
export function RulesTab({ t, rules }: { t: PointsT; rules: PointsEarnRule[] }) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  return (
    <section className="pm-panel" aria-labelledby="pm-rules-title">
      <h2 id="pm-rules-title" className="visually-hidden">
        {t('pm_col_ratio')}
      </h2>
      <p className="pm-panel__intro">{t('pm_rules_intro')}</p>
      {rules.length ? (
        <div className="pm-table-wrap">
          <table className="pm-table" data-testid="points-rules">
            <thead>
              <tr>
                <th scope="col">{t('pm_col_game')}</th>
                <th scope="col">{t('pm_col_ratio')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.gameType} data-testid="points-rule" data-game-type={r.gameType}>
                  <td>{tg(`game_${r.gameType}`)}</td>
                  <td>{t('pm_rule_line', { amount: formatMoney(r.turnoverPerPoint, money) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="pm-note">{t('pm_rules_none')}</p>
      )}
      {rules.length ? <p className="pm-panel__foot">{t('pm_rules_other')}</p> : null}
    </section>
  );
}
