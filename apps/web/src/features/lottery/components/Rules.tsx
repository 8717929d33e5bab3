import type { LotteryGameState } from '@app/contract';
import { SSC_BET_TYPES } from '@app/contract/lottery-bets';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { textOf } from './names.ts';

const ruleKey = (id: string) =>
  (id.endsWith('_group3')
    ? 'lt_rule_group3'
    : id.endsWith('_group6')
      ? 'lt_rule_group6'
      : `lt_rule_${id}`) as 'lt_rule_star5';

/** Every bet type of the game, how it wins, and its prize at the game's prize group. */
export function Rules({ state, t }: { state: LotteryGameState; t: LotteryT }) {
  const money = useBrandMoney();
  const fmt = (v: string) => formatMoney(v, money);
  return (
    <div className="lt-rules" data-testid="lt-rules">
      <p>{t('lt_rules_intro', { group: state.prizeGroup })}</p>
      <p>{t('lt_rule_units', { min: fmt(state.minBet), max: fmt(state.maxBet), period: fmt(state.maxPeriod) })}</p>
      <dl className="lt-rules__list">
        {SSC_BET_TYPES.map((d) => (
          <div key={d.id} className="lt-rules__item">
            <dt>
              {textOf(t, `lt_type_${d.id}`)}
              <span className="lt-rules__prize">
                {d.prizeKeys
                  .map((k) => state.prizes[k])
                  .filter((v): v is string => Boolean(v))
                  .map(fmt)
                  .join(' / ')}
              </span>
            </dt>
            <dd>{t(ruleKey(d.id))}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
