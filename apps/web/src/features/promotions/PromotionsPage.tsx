import { PROMOTION_TYPES, type PublicPromotion } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  Button,
  EmptyState,
  Modal,
  PageHeader,
  SimpleMarkup,
  Skeleton,
  Tabs,
  buttonClass,
} from '../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../lib/money/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { openModal, showToast } from '../../lib/ui/index.ts';
import { useClaim, useJoin, usePromotions } from './api/promotions.ts';
import { ApplyForm } from './components/ApplyForm.tsx';
import { Countdown, PromotionFacts, StatusChip, useNow } from './components/parts.tsx';
import { RafflePanel } from './components/RafflePanel.tsx';
import { usePromotionsText, type PromotionsT } from './hooks/usePromotionsText.ts';
import './promotions.css';

type Tab = 'ALL' | (typeof PROMOTION_TYPES)[number];
const isType = (v: string): v is (typeof PROMOTION_TYPES)[number] => (PROMOTION_TYPES as readonly string[]).includes(v);

/**
 * /promotions (spec §2): the brand's promotions by type, cards with artwork and countdowns, and the
 * detail of one at `#id` with its terms, the member's status and action. `#TYPE` opens a type's tab.
 */
export function PromotionsPage() {
  const { t: tg } = useTranslation();
  const { t, ready } = usePromotionsText();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const promotions = usePromotions();
  const list = promotions.data ?? [];
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  const selectedId = /^\d+$/.test(key) ? Number(key) : null;
  const [tab, setTab] = useState<Tab>(isType(key) ? key : 'ALL');
  useEffect(() => {
    if (isType(key)) setTab(key);
  }, [key]);
  const now = useNow(list.some((p) => p.state === 'scheduled' || p.endsAt));
  const types = PROMOTION_TYPES.filter((ty) => list.some((p) => p.type === ty));
  const shown = tab === 'ALL' ? list : list.filter((p) => p.type === tab);
  const selected = selectedId === null ? null : (list.find((p) => p.id === selectedId) ?? null);

  return (
    <div className="promotions">
      <PageHeader title={tg('promotions_title')} subtitle={tg('promotions_intro')} icon="gift" />
      {promotions.isPending || !ready ? (
        <div className="promotions__list" aria-busy="true">
          <Skeleton height={260} radius={16} />
          <Skeleton height={260} radius={16} />
        </div>
      ) : promotions.error ? (
        <p className="field__error" role="alert">
          {t('pr_load_error')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void promotions.refetch()}>
            {t('pr_retry')}
          </Button>
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon="gift" title={tg('in_no_data')} description={tg('promotions_none')} />
      ) : (
        <>
          <Tabs<Tab>
            items={[
              { id: 'ALL', label: t('pr_tab_all') },
              ...types.map((ty) => ({ id: ty as Tab, label: tg(`promo_type_${ty}`) })),
            ]}
            value={tab}
            onChange={setTab}
            label={tg('promotions_title')}
            className="promotions__tabs"
          />
          <ul className="promotions__list" data-testid="promotion-list">
            {shown.map((p) => (
              <PromotionCard key={p.id} p={p} now={now} t={t} on={p.id === selectedId} />
            ))}
          </ul>
        </>
      )}
      {selected && ready ? (
        <Modal
          open
          onClose={() => void navigate('/promotions', { replace: true })}
          title={selected.title}
          size="lg"
          testId="promotion-detail"
        >
          <PromotionDetail p={selected} now={now} t={t} />
        </Modal>
      ) : null}
    </div>
  );
}

/** A promotion's card on /promotions (and in the console's preview). */
export function PromotionCard({
  p,
  now,
  t,
  on = false,
}: {
  p: PublicPromotion;
  now: number;
  t: PromotionsT;
  on?: boolean;
}) {
  const { t: tg } = useTranslation();
  return (
    <li
      id={`promo-${p.id}`}
      className={`promotion-card${on ? ' promotion-card--on' : ''}`}
      data-testid="promotion-card"
      data-promotion-id={p.id}
    >
      {p.artwork ? <img className="promotion-card__art" src={p.artwork} alt="" loading="lazy" /> : null}
      <div className="promotion-card__head">
        <h2 className="promotion-card__title">{p.title}</h2>
        <span className="promotion-card__type">{tg(`promo_type_${p.type}`)}</span>
      </div>
      <p className="promotion-card__body">{p.description}</p>
      <div className="promotion-card__foot">
        {p.myStatus ? <StatusChip status={p.myStatus} t={t} /> : null}
        {p.trigger === 'info' ? (
          <span className="promo-countdown promo-countdown--open">{t('pr_info_only')}</span>
        ) : (
          <Countdown p={p} now={now} t={t} />
        )}
        <Link
          to={`/promotions#${p.id}`}
          className={buttonClass('secondary', 'sm', { className: 'promotion-card__more' })}
          data-testid="promotion-details"
        >
          {t('pr_details')}
        </Link>
      </div>
    </li>
  );
}

/** A promotion's detail (the modal at #id, and the console's preview). */
export function PromotionDetail({ p, now, t }: { p: PublicPromotion; now: number; t: PromotionsT }) {
  const { t: tg } = useTranslation();
  return (
    <div className="promotion-detail" data-testid="promotion-detail-view">
      {p.artwork ? <img className="promotion-detail__art" src={p.artwork} alt="" /> : null}
      <div className="promotion-detail__meta">
        <span className="promotion-card__type">{tg(`promo_type_${p.type}`)}</span>
        {p.trigger === 'info' ? null : <Countdown p={p} now={now} t={t} />}
      </div>
      <p className="promotion-detail__lead">{p.description}</p>
      <PromotionFacts p={p} t={t} />
      {p.terms ? (
        <section className="promotion-detail__terms" aria-label={t('pr_terms')}>
          <h3>{t('pr_terms')}</h3>
          <SimpleMarkup text={p.terms} />
        </section>
      ) : null}
      {p.trigger === 'drop' ? <RafflePanel p={p} t={t} /> : <PromotionAction p={p} t={t} />}
    </div>
  );
}

/** The member's status and what they can do now; visitors are asked to log in. */
/** Refusals of a join that the member can act on (decision 080), in the member's language. */
const JOIN_REFUSALS: ReadonlySet<string> = new Set<JoinRefusal>([
  'APP_REQUIRED',
  'TARGET_NOT_REACHED',
  'NO_QUALIFYING_LOSS',
  'LIMIT_REACHED',
  'PAYEE_NAME_REQUIRED',
]);
type JoinRefusal =
  'APP_REQUIRED' | 'TARGET_NOT_REACHED' | 'NO_QUALIFYING_LOSS' | 'LIMIT_REACHED' | 'PAYEE_NAME_REQUIRED';

function PromotionAction({ p, t }: { p: PublicPromotion; t: PromotionsT }) {
  const { isLoggedIn, isTrial } = useSession();
  const money = useBrandMoney();
  const join = useJoin();
  const claim = useClaim();
  const paid = (amount: string) => showToast(t('pr_paid_ok', { amount: formatMoney(amount, money) }), 'success');
  const failed = (e: Error) => {
    const code = 'code' in e ? String(e.code) : '';
    showToast(JOIN_REFUSALS.has(code) ? t(`pr_err_${code as JoinRefusal}`) : e.message || t('pr_error'), 'error');
  };

  if (p.trigger === 'info')
    return (
      <p className="promotion-detail__note" data-testid="promotion-info-only">
        {t('pr_info_only')}
      </p>
    );
  if (!isLoggedIn || isTrial)
    return (
      <div className="promotion-detail__action">
        <Button
          onClick={() => (isTrial ? openModal('trialAccount') : openModal('login', {}))}
          data-testid="promotion-login"
        >
          {t('pr_login')}
        </Button>
      </div>
    );
  const status = p.myStatus;
  const reviewed = p.claimMode === 'application';
  return (
    <div className="promotion-detail__action" data-testid="promotion-action">
      <span className="promotion-detail__status">
        {t('pr_my_status')}: {status ? <StatusChip status={status} t={t} /> : null}
      </span>
      {reviewed && status === 'rejected' && p.application?.reason ? (
        <p className="promotion-detail__note" data-testid="promotion-rejected-reason">
          {t('pr_rejected_note', { reason: p.application.reason })} {t('pr_apply_again')}
        </p>
      ) : null}
      {reviewed && (status === 'join' || status === 'rejected') ? (
        <ApplyForm p={p} t={t} />
      ) : reviewed && status === 'applying' ? (
        <p className="promotion-detail__note" data-testid="promotion-applying-note">
          {t('pr_applying_note')}
        </p>
      ) : reviewed && status === 'issued' ? (
        <p className="promotion-detail__note" data-testid="promotion-approved-note">
          {t('pr_approved_note')}
        </p>
      ) : status === 'join' ? (
        <Button
          loading={join.isPending}
          onClick={() =>
            join.mutate(p.id, {
              onSuccess: (e) => (e.paidAt ? paid(e.amount) : showToast(t('pr_joined_ok'), 'success')),
              onError: failed,
            })
          }
          data-testid="promotion-join"
        >
          {t('pr_join')}
        </Button>
      ) : status === 'claim' && p.entryId ? (
        <Button
          loading={claim.isPending}
          onClick={() => claim.mutate(p.entryId!, { onSuccess: (e) => paid(e.amount), onError: failed })}
          data-testid="promotion-claim"
        >
          {t('pr_claim')}
        </Button>
      ) : status === 'signed' ? (
        <>
          <p className="promotion-detail__note">
            {t(p.trigger === 'first_deposit' ? 'pr_signed_first' : 'pr_signed_deposit', {
              amount: formatMoney(p.minDeposit, money),
            })}
          </p>
          <Link to="/member?page=depositv2" className={buttonClass('primary')}>
            {t('pr_deposit')}
          </Link>
        </>
      ) : status === 'process' ? (
        <Link to="/member?page=bonusDetails" className={buttonClass('secondary')}>
          {t('pr_bonuses')}
        </Link>
      ) : status === 'close' ? (
        <p className="promotion-detail__note">{t('pr_closed_note')}</p>
      ) : null}
    </div>
  );
}
