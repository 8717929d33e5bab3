import type { RebateOverview, RebatePayout } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, EmptyState, Skeleton, buttonClass } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useClaimRebate, useRebate } from '../api/rebate.ts';
import { usePromotionsText, type PromotionsT } from '../hooks/usePromotionsText.ts';
import '../promotions.css';

/** 80 basis points → "0.80%". */
const percent = (bp: number, language: string) =>
  `${new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bp / 100)}%`;

/**
 * manualRebate (spec §2, decision 071): each game type's rebate accrued since its last payment at
 * the member's rate, the Claim button for all of it, the rules and the history of payments.
 */
export function ManualRebatePage() {
  const { t, ready } = usePromotionsText();
  const q = useRebate();
  if (!ready || q.isPending) return <Skeleton height={160} radius={16} />;
  if (q.isError)
    return (
      <p className="field__error" role="alert">
        {t('pr_error')}{' '}
        <Button size="sm" variant="ghost" onClick={() => void q.refetch()}>
          {t('pr_retry')}
        </Button>
      </p>
    );
  return <Rebate data={q.data} t={t} />;
}

function Rebate({ data, t }: { data: RebateOverview; t: PromotionsT }) {
  const { t: tg, i18n } = useTranslation();
  const money = useBrandMoney();
  const time = useBrandTime();
  const claim = useClaimRebate();
  const m = (minor: string) => formatMoney(minor, money);
  if (data.accruals.length === 0 && data.history.length === 0)
    return (
      <div className="promo-page" data-testid="manual-rebate">
        <section className="promo-panel">
          <EmptyState
            icon="refresh"
            title={t('mr_none')}
            description={t('mr_none_info')}
            compact
            headingLevel={3}
            action={
              <Link to="/promotions" className={buttonClass('secondary', 'sm')}>
                {t('rc_see_promotions')}
              </Link>
            }
          />
        </section>
      </div>
    );
  return (
    <div className="promo-page" data-testid="manual-rebate">
      <section className="promo-panel rebate-total" aria-labelledby="mr-total">
        <div className="rebate-total__main">
          <h3 id="mr-total" className="promo-panel__title">
            {t('mr_total')}
          </h3>
          <p className="rebate-total__amount" data-testid="rebate-total">
            {m(data.total)}
          </p>
        </div>
        <Button
          disabled={data.total === '0'}
          loading={claim.isPending}
          data-testid="rebate-claim"
          onClick={() =>
            claim.mutate(undefined, {
              onSuccess: (done) => showToast(t('pr_paid_ok', { amount: m(done.total) }), 'success'),
              onError: (err) => showToast(err.message || t('pr_error'), 'error'),
            })
          }
        >
          {t('mr_claim')}
        </Button>
        {!data.allowed ? (
          <p className="promo-panel__note" role="status">
            {t('mr_paused')}
          </p>
        ) : data.total === '0' ? (
          <p className="promo-panel__note">{t('mr_nothing_yet')}</p>
        ) : null}
      </section>

      <section className="promo-panel" aria-labelledby="mr-accrued">
        <h3 id="mr-accrued" className="promo-panel__title">
          {t('mr_accrued')}
        </h3>
        <ul className="promo-rows" data-testid="rebate-accruals">
          {data.accruals.map((a) => (
            <li key={a.gameType} className="promo-row" data-testid="rebate-accrual" data-game-type={a.gameType}>
              <div className="promo-row__main">
                <p className="promo-row__title">{tg(`game_${a.gameType}`)}</p>
                <p className="promo-row__meta">
                  {t('mr_turnover', { amount: m(a.turnover), rate: percent(a.rateBp, i18n.language) })}
                </p>
                <p className="promo-row__meta">
                  {a.since ? t('mr_since', { time: time.local(a.since, 'minutes') }) : t('mr_since_start')}
                </p>
              </div>
              <span className="promo-row__amount" data-testid="rebate-accrual-amount">
                {m(a.amount)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="promo-panel" aria-labelledby="mr-rules">
        <h3 id="mr-rules" className="promo-panel__title">
          {t('mr_rules')}
        </h3>
        <ul className="rebate-rules">
          <li>{t('mr_rule_turnover')}</li>
          <li>{t('mr_rule_claim')}</li>
          <li>{data.dailyAuto ? t('mr_rule_daily') : t('mr_rule_manual')}</li>
          <li>{t('mr_rule_protection')}</li>
        </ul>
      </section>

      <section className="promo-panel" aria-labelledby="mr-history">
        <h3 id="mr-history" className="promo-panel__title">
          {t('rc_history')}
        </h3>
        {data.history.length === 0 ? (
          <p className="promo-panel__empty">{t('mr_history_none')}</p>
        ) : (
          <History list={data.history} t={t} />
        )}
      </section>
    </div>
  );
}

function History({ list, t }: { list: RebatePayout[]; t: PromotionsT }) {
  const { t: tg, i18n } = useTranslation();
  const money = useBrandMoney();
  const time = useBrandTime();
  return (
    <ul className="promo-rows" data-testid="rebate-history">
      {list.map((p) => (
        <li key={p.id} className="promo-row" data-testid="rebate-history-item">
          <div className="promo-row__main">
            <p className="promo-row__title">{tg(`game_${p.gameType}`)}</p>
            <p className="promo-row__meta">
              {p.source === 'daily'
                ? t('mr_paid_daily', { day: time.date(`${p.day}T12:00:00Z`) })
                : t('mr_paid_claim', { time: time.local(p.createdAt, 'minutes') })}
            </p>
            <p className="promo-row__meta">
              {t('mr_turnover', {
                amount: formatMoney(p.turnover, money),
                rate: percent(p.rateBp, i18n.language),
              })}
            </p>
          </div>
          <span className="promo-row__amount">{formatMoney(p.amount, money)}</span>
        </li>
      ))}
    </ul>
  );
}
