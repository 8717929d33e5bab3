import type { ReferralInvitee, ReferralOverview, ReferralStage } from '@app/contract';
import { Button, EmptyState, Skeleton } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { QR_SIZE, useQrDataUrl } from '../../../lib/qr.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useReferral } from '../api/referral.ts';
import { usePromotionsText, type PromotionsT } from '../hooks/usePromotionsText.ts';
import '../promotions.css';

const STAGE_TONE: Record<ReferralStage, string> = { register: 'wait', first_deposit: 'act', turnover: 'good' };

/**
 * referral (spec §2, decision 071): the member's invitation link and code with a QR code, the
 * rules the operator set, the friends invited with how far each got, and the rewards earned.
 */
export function ReferralPage() {
  const { t, ready } = usePromotionsText();
  const q = useReferral();
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
  if (!q.data.enabled)
    return (
      <div className="promo-page" data-testid="referral">
        <section className="promo-panel">
          <EmptyState icon="users" title={t('rf_off')} description={t('rf_off_info')} compact headingLevel={3} />
        </section>
      </div>
    );
  return <Referral data={q.data} t={t} />;
}

const copy = async (text: string, t: PromotionsT) => {
  try {
    await navigator.clipboard.writeText(text);
    showToast(t('rf_copied'), 'success');
  } catch {
    showToast(text);
  }
};

function Referral({ data, t }: { data: ReferralOverview; t: PromotionsT }) {
  const money = useBrandMoney();
  const time = useBrandTime();
  const m = (minor: string) => formatMoney(minor, money);
  const link = `${window.location.origin}/register?referralCode=${encodeURIComponent(data.code)}`;
  const qr = useQrDataUrl(link);
  const r = data.rules;
  const rules = [
    r.registerReward !== '0' ? t('rf_rule_register', { amount: m(r.registerReward) }) : null,
    r.firstDepositReward !== '0'
      ? r.firstDepositMin !== '0'
        ? t('rf_rule_deposit_min', { amount: m(r.firstDepositReward), min: m(r.firstDepositMin) })
        : t('rf_rule_deposit', { amount: m(r.firstDepositReward) })
      : null,
    r.turnoverReward !== '0'
      ? t('rf_rule_turnover', { amount: m(r.turnoverReward), target: m(r.turnoverTarget) })
      : null,
  ].filter((x): x is string => x !== null);
  return (
    <div className="promo-page" data-testid="referral">
      <section className="promo-panel referral-invite" aria-labelledby="rf-invite">
        <div className="referral-invite__text">
          <h3 id="rf-invite" className="promo-panel__title">
            {t('rf_invite')}
          </h3>
          <p className="promo-panel__note">{t('rf_invite_info')}</p>
          <dl className="referral-invite__fields">
            <div>
              <dt>{t('rf_code')}</dt>
              <dd>
                <strong className="referral-invite__code" data-testid="referral-code">
                  {data.code}
                </strong>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void copy(data.code, t)}
                  data-testid="referral-copy-code"
                >
                  {t('rf_copy_code')}
                </Button>
              </dd>
            </div>
            <div>
              <dt>{t('rf_link')}</dt>
              <dd>
                <span className="referral-invite__link" data-testid="referral-link">
                  {link}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void copy(link, t)}
                  data-testid="referral-copy-link"
                >
                  {t('rf_copy_link')}
                </Button>
              </dd>
            </div>
          </dl>
        </div>
        <figure className="referral-invite__qr" data-testid="referral-qr">
          {qr ? (
            <img src={qr} width={QR_SIZE} height={QR_SIZE} alt={t('rf_qr_alt')} />
          ) : (
            <Skeleton width={QR_SIZE} height={QR_SIZE} radius={8} />
          )}
          <figcaption>{t('rf_scan')}</figcaption>
        </figure>
      </section>

      <section className="promo-panel" aria-labelledby="rf-earned">
        <h3 id="rf-earned" className="promo-panel__title">
          {t('rf_earned')}
        </h3>
        <dl className="referral-figures">
          <div>
            <dt>{t('rf_earned_total')}</dt>
            <dd data-testid="referral-earned">{m(data.earned)}</dd>
          </div>
          <div>
            <dt>{t('rf_invited')}</dt>
            <dd data-testid="referral-count">{data.invitees.length}</dd>
          </div>
        </dl>
      </section>

      <section className="promo-panel" aria-labelledby="rf-friends">
        <h3 id="rf-friends" className="promo-panel__title">
          {t('rf_friends')}
        </h3>
        {data.invitees.length === 0 ? (
          <p className="promo-panel__empty">{t('rf_friends_none')}</p>
        ) : (
          <ul className="promo-rows" data-testid="referral-invitees">
            {data.invitees.map((i) => (
              <Invitee key={`${i.account}-${i.registeredAt}`} i={i} data={data} t={t} />
            ))}
          </ul>
        )}
      </section>

      <section className="promo-panel" aria-labelledby="rf-rewards">
        <h3 id="rf-rewards" className="promo-panel__title">
          {t('rf_rewards')}
        </h3>
        {data.rewards.length === 0 ? (
          <p className="promo-panel__empty">{t('rf_rewards_none')}</p>
        ) : (
          <ul className="promo-rows" data-testid="referral-rewards">
            {data.rewards.map((w) => (
              <li key={w.id} className="promo-row" data-testid="referral-reward">
                <div className="promo-row__main">
                  <p className="promo-row__title">{t(`rf_reward_${w.stage}`, { account: w.account })}</p>
                  <p className="promo-row__meta">{time.local(w.createdAt, 'minutes')}</p>
                </div>
                <span className="promo-row__amount">{m(w.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="promo-panel" aria-labelledby="rf-rules">
        <h3 id="rf-rules" className="promo-panel__title">
          {t('mr_rules')}
        </h3>
        <ul className="rebate-rules" data-testid="referral-rules">
          {rules.length ? rules.map((x) => <li key={x}>{x}</li>) : <li>{t('rf_rule_none')}</li>}
          <li>{t('rf_rule_once')}</li>
          <li>{t('rf_rule_fair')}</li>
        </ul>
      </section>
    </div>
  );
}

function Invitee({ i, data, t }: { i: ReferralInvitee; data: ReferralOverview; t: PromotionsT }) {
  const money = useBrandMoney();
  const time = useBrandTime();
  const m = (minor: string) => formatMoney(minor, money);
  const target = data.rules.turnoverTarget;
  return (
    <li className="promo-row" data-testid="referral-invitee" data-status={i.status}>
      <div className="promo-row__main">
        <p className="promo-row__title">{i.account}</p>
        <p className="promo-row__meta">{t('rf_joined', { time: time.date(i.registeredAt) })}</p>
        {data.rules.turnoverReward !== '0' && i.status !== 'turnover' ? (
          <p className="promo-row__meta">{t('rf_turnover_progress', { amount: m(i.turnover), target: m(target) })}</p>
        ) : null}
      </div>
      <span className={`promo-status promo-status--${STAGE_TONE[i.status]}`} data-testid="referral-invitee-status">
        {t(`rf_status_${i.status}`)}
      </span>
      <span className="promo-row__amount">{m(i.earned)}</span>
    </li>
  );
}
