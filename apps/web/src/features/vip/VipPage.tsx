import type { VipBonusView, VipLevelView, VipOverview } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, PageHeader, Skeleton } from '../../components/ui/index.ts';
import { useBrandTime } from '../../lib/format/useBrandTime.ts';
import { formatMoney, useBrandMoney } from '../../lib/money/index.ts';
import { useVip } from './api/vip.ts';
import { useVipText, type VipT } from './hooks/useVipText.ts';
import './vip.css';

/** 150 basis points → "1.5%" in the reader's language. */
const percent = (bp: number, language: string) =>
  `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bp / 100)}%`;

/** A level's SVG drawing as an image (never inlined into the page). */
export function LevelIcon({ icon, size = 40 }: { icon: string; size?: number }) {
  if (!icon)
    return <span className="vip-icon vip-icon--empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <img
      className="vip-icon"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon)}`}
      width={size}
      height={size}
      alt=""
    />
  );
}

/**
 * /vip (spec §2 side menu VIP, decision 074): the member's level, the progress to the next with the
 * exact amounts missing, every level's perks in a table, the rules and the VIP bonus history.
 */
export function VipPage() {
  const { t, ready } = useVipText();
  const q = useVip();
  return (
    <div className="vip-page" data-testid="vip-page">
      <PageHeader title={ready ? t('vp_title') : 'VIP'} icon="crown" />
      {!ready || q.isPending ? (
        <Skeleton height={220} radius={16} />
      ) : q.isError ? (
        <p className="field__error" role="alert">
          {t('vp_error')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void q.refetch()}>
            {t('vp_retry')}
          </Button>
        </p>
      ) : !q.data.enabled || !q.data.levels.length ? (
        <EmptyState icon="crown" title={t('vp_title')} description={t('vp_off')} headingLevel={2} />
      ) : (
        <Club data={q.data} t={t} />
      )}
    </div>
  );
}

function Club({ data, t }: { data: VipOverview; t: VipT }) {
  const money = useBrandMoney();
  const m = (minor: string) => formatMoney(minor, money);
  const current = data.levels[data.level - 1];
  const next = data.next;
  return (
    <>
      <section className="vip-hero" aria-labelledby="vip-current">
        <LevelIcon icon={current?.icon ?? ''} size={72} />
        <div className="vip-hero__text">
          <h2 id="vip-current" className="vip-hero__label">
            {t('vp_current')}
          </h2>
          <p className="vip-hero__name" data-testid="vip-level-name">
            {current?.name ?? t('vp_none')}
          </p>
          <p className="vip-hero__window">{t('vp_window', { days: data.windowDays })}</p>
        </div>
        <dl className="vip-hero__figures">
          <div>
            <dt>{t('vp_deposits')}</dt>
            <dd data-testid="vip-deposits">{m(data.deposits)}</dd>
          </div>
          <div>
            <dt>{t('vp_turnover')}</dt>
            <dd data-testid="vip-turnover">{m(data.turnover)}</dd>
          </div>
        </dl>
      </section>

      <section className="vip-panel" aria-labelledby="vip-next" data-testid="vip-progress">
        {next ? (
          <>
            <div className="vip-next__head">
              <LevelIcon icon={data.levels[next.level - 1]?.icon ?? ''} size={32} />
              <h2 id="vip-next" className="vip-panel__title">
                {t('vp_next', { name: next.name })}
              </h2>
              <span className="vip-next__percent">{next.percent}%</span>
            </div>
            <div
              className="vip-bar"
              role="progressbar"
              aria-label={t('vp_progress', { name: next.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={next.percent}
            >
              <span className="vip-bar__fill" style={{ width: `${next.percent}%` }} />
            </div>
            <ul className="vip-missing">
              {BigInt(data.levels[next.level - 1]!.depositMin) > 0n ? (
                <li data-testid="vip-missing-deposit" data-met={next.depositMissing === '0'}>
                  <span>{t('vp_deposits')}</span>
                  <strong>
                    {next.depositMissing === '0'
                      ? t('vp_met')
                      : t('vp_missing_deposit', { amount: m(next.depositMissing) })}
                  </strong>
                </li>
              ) : null}
              {BigInt(data.levels[next.level - 1]!.turnoverMin) > 0n ? (
                <li data-testid="vip-missing-turnover" data-met={next.turnoverMissing === '0'}>
                  <span>{t('vp_turnover')}</span>
                  <strong>
                    {next.turnoverMissing === '0'
                      ? t('vp_met')
                      : t('vp_missing_turnover', { amount: m(next.turnoverMissing) })}
                  </strong>
                </li>
              ) : null}
            </ul>
            <p className="vip-panel__note">{data.match === 'all' ? t('vp_match_all') : t('vp_match_any')}</p>
          </>
        ) : (
          <p className="vip-panel__note" id="vip-next">
            {t('vp_top')}
          </p>
        )}
      </section>

      <section className="vip-panel" aria-labelledby="vip-perks">
        <h2 id="vip-perks" className="vip-panel__title">
          {t('vp_perks')}
        </h2>
        <PerksTable levels={data.levels} current={data.level} match={data.match} t={t} />
      </section>

      <section className="vip-panel" aria-labelledby="vip-history">
        <h2 id="vip-history" className="vip-panel__title">
          {t('vp_history')}
        </h2>
        {data.history.length ? (
          <History list={data.history} levels={data.levels} t={t} />
        ) : (
          <p className="vip-panel__note">{t('vp_history_none')}</p>
        )}
      </section>

      <section className="vip-panel" aria-labelledby="vip-rules">
        <h2 id="vip-rules" className="vip-panel__title">
          {t('vp_rules')}
        </h2>
        <ul className="vip-rules">
          <li>{t('vp_rule_count', { days: data.windowDays })}</li>
          <li>{t('vp_rule_upgrade')}</li>
          <li>{t('vp_rule_bonus')}</li>
          <li>{t('vp_rule_keep')}</li>
        </ul>
      </section>
    </>
  );
}

function PerksTable({
  levels,
  current,
  match,
  t,
}: {
  levels: VipLevelView[];
  current: number;
  match: 'all' | 'any';
  t: VipT;
}) {
  const { i18n } = useTranslation();
  const money = useBrandMoney();
  const m = (minor: string) => formatMoney(minor, money);
  const bonus = (minor: string) => (minor === '0' ? '—' : m(minor));
  const columns = [
    t('vp_col_requirement'),
    t('vp_col_upgrade'),
    t('vp_col_weekly'),
    t('vp_col_monthly'),
    t('vp_col_birthday'),
    t('vp_col_withdraw'),
    t('vp_col_rebate'),
    t('vp_col_points'),
  ];
  return (
    <div className="vip-table-wrap" tabIndex={0} role="region" aria-label={t('vp_perks')}>
      <table className="vip-table" data-testid="vip-perks">
        <thead>
          <tr>
            <th scope="col">{t('vp_col_level')}</th>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((l) => {
            const parts = [
              BigInt(l.depositMin) > 0n ? t('vp_req_deposit', { amount: m(l.depositMin) }) : null,
              BigInt(l.turnoverMin) > 0n ? t('vp_req_turnover', { amount: m(l.turnoverMin) }) : null,
            ].filter((p): p is string => p !== null);
            const top = Math.max(0, ...l.rebate.map((r) => r.rateBp));
            const mine = l.level === current;
            return (
              <tr
                key={l.level}
                className={mine ? 'vip-table__row--current' : undefined}
                aria-current={mine ? 'true' : undefined}
                data-testid="vip-perk-row"
                data-level={l.level}
              >
                <th scope="row">
                  <span className="vip-table__level">
                    <LevelIcon icon={l.icon} size={28} />
                    <span>
                      {l.name}
                      {mine ? <small className="vip-table__you">{t('vp_you')}</small> : null}
                    </span>
                  </span>
                </th>
                <td className="vip-table__req">
                  {parts.map((p, i) => (
                    <span key={p}>
                      {i > 0 ? ` ${match === 'all' ? t('vp_req_and') : t('vp_req_or')} ` : null}
                      <span className="vip-nowrap">{p}</span>
                    </span>
                  ))}
                </td>
                <td className="vip-num">{bonus(l.upgradeBonus)}</td>
                <td className="vip-num">{bonus(l.weeklyBonus)}</td>
                <td className="vip-num">{bonus(l.monthlyBonus)}</td>
                <td className="vip-num">{bonus(l.birthdayBonus)}</td>
                <td>
                  {l.withdrawDailyMax
                    ? t('vp_withdraw_value', { amount: m(l.withdrawDailyMax), count: l.withdrawDailyCount ?? '—' })
                    : t('vp_standard')}
                </td>
                <td>{top > 0 ? t('vp_up_to', { rate: percent(top, i18n.language) }) : '—'}</td>
                <td className="vip-num">{l.pointsBonusBp > 0 ? `+${percent(l.pointsBonusBp, i18n.language)}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function History({ list, levels, t }: { list: VipBonusView[]; levels: VipLevelView[]; t: VipT }) {
  const money = useBrandMoney();
  const time = useBrandTime();
  return (
    <ul className="vip-history" data-testid="vip-history">
      {list.map((b) => (
        <li key={b.id} className="vip-history__item" data-testid="vip-history-item" data-kind={b.kind}>
          <div>
            <p className="vip-history__title">
              {t(`vp_kind_${b.kind}`, { name: levels[b.level - 1]?.name ?? String(b.level) })}
            </p>
            <p className="vip-history__meta">{time.local(b.createdAt, 'minutes')}</p>
          </div>
          <strong className="vip-history__amount">+{formatMoney(b.amount, money)}</strong>
        </li>
      ))}
    </ul>
  );
}
