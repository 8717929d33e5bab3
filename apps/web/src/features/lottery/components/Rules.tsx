import type { LotteryGameState } from '@app/contract';
import { isSeaFamily, isVnFamily } from '@app/contract/lottery-draw';
import { vnLines } from '@app/contract/lottery-vn';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { betTypesFor } from './BetBoard.tsx';
import { prizeList, textOf } from './names.ts';

const ruleKey = (id: string) =>
  id.endsWith('_group3')
    ? 'lt_rule_group3'
    : id.endsWith('_group6')
      ? 'lt_rule_group6'
      : /^lo\d$/.test(id)
        ? 'lt_rule_lo'
        : /^xien\d$/.test(id)
          ? 'lt_rule_xien'
          : `lt_rule_${id}`;

/** Every bet type of the game, how it wins, and its prize at the game's prize group. */
export function Rules({ state, t }: { state: LotteryGameState; t: LotteryT }) {
  const money = useBrandMoney();
  const fmt = (v: string | bigint) => formatMoney(v, money);
  const family = state.game.family;
  const vn = isVnFamily(family);
  const ruleText = (id: string) => {
    const n = Number(id.slice(-1));
    const anyK = /^x5_any(\d)$/.exec(id);
    if (anyK) return t(Number(anyK[1]) <= 5 ? 'lt_rule_x5_any' : 'lt_rule_x5_any_all', { k: Number(anyK[1]) });
    return vn && /^lo\d$/.test(id)
      ? t('lt_rule_lo', { digits: n, lines: vnLines(family, n) })
      : /^xien\d$/.test(id)
        ? t('lt_rule_xien', { k: n })
        : textOf(t, ruleKey(id));
  };
  return (
    <div className="lt-rules" data-testid="lt-rules">
      {isSeaFamily(family) ? (
        <>
          <p>
            {t('lt_rules_vn_intro', { minutes: Math.round(state.game.closeSeconds / 60) })}{' '}
            {textOf(t, `lt_sea_schedule_${family}`)}
          </p>
          <p>{t('lt_rules_vn_official')}</p>
        </>
      ) : vn ? (
        <>
          <p>{t('lt_rules_vn_intro', { minutes: Math.round(state.game.closeSeconds / 60) })}</p>
          {state.game.official ? <p>{t('lt_rules_vn_official')}</p> : <p>{t('lt_rules_vn_house')}</p>}
        </>
      ) : (
        <p>{t('lt_rules_intro', { group: state.prizeGroup })}</p>
      )}
      <p>{t('lt_rule_units', { min: fmt(state.minBet), max: fmt(state.maxBet), period: fmt(state.maxPeriod) })}</p>
      <dl className="lt-rules__list">
        {betTypesFor(family).map((d) => (
          <div key={d.id} className="lt-rules__item">
            <dt>
              {textOf(t, `lt_type_${d.id}`)}
              <span className="lt-rules__prize">
                {prizeList(
                  t,
                  d.prizeKeys
                    .map((k) => state.prizes[k])
                    .filter((v): v is string => Boolean(v))
                    .map((v) => BigInt(v)),
                  fmt,
                )}
              </span>
            </dt>
            <dd>{ruleText(d.id)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
