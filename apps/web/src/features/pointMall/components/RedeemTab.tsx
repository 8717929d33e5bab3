import type { PointsItem } from '@app/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Input, Modal, buttonClass } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useRedeem } from '../api/points.ts';
import type { PointsT } from '../hooks/usePointsText.ts';
import { errorText, useItemName } from './parts.tsx';
import { usePointsFormat } from '../hooks/usePointsFormat.ts';

interface Props {
  t: PointsT;
  items: PointsItem[];
  balance: number;
  turnover: string;
  requirementDays: number;
  hasPaymentPassword: boolean;
}

/** The mall's items: picture, points needed, stock, requirement, and a redeem behind the payment password. */
export function RedeemTab({ t, items, balance, turnover, requirementDays, hasPaymentPassword }: Props) {
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const nameOf = useItemName();
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  const m = (minor: string) => formatMoney(minor, money);
  if (!items.length)
    return <EmptyState icon="gift" title={t('pm_items_none')} description={t('pm_items_none_info')} headingLevel={2} />;
  return (
    <>
      {!hasPaymentPassword ? <PasswordNote t={t} /> : null}
      <ul className="pm-items">
        {items.map((item) => {
          const missingPoints = item.pointsCost - balance;
          const missingTurnover = BigInt(item.amountRequirement) - BigInt(turnover);
          const blocked = item.stock <= 0 || missingPoints > 0 || missingTurnover > 0n || !hasPaymentPassword;
          return (
            <li key={item.id} className="pm-item" data-testid="points-item" data-kind={item.kind}>
              <div className="pm-item__art">
                {item.image ? <img src={item.image} alt="" loading="lazy" width={160} height={120} /> : null}
                <span className={`pm-kind pm-kind--${item.kind}`}>{t(`pm_kind_${item.kind}`)}</span>
              </div>
              <div className="pm-item__body">
                <h3 className="pm-item__name">{nameOf(item.name)}</h3>
                <p className="pm-item__what">
                  {item.kind === 'cash'
                    ? t('pm_credits', { amount: m(item.cashAmount) })
                    : item.kind === 'bonus'
                      ? t('pm_credits_bonus', { amount: m(item.cashAmount), times: item.wageringMultiple })
                      : t('pm_ships')}
                </p>
                <p className="pm-item__cost" data-testid="points-item-cost">
                  {t('pm_points_n', { n: pts(item.pointsCost) })}
                </p>
                <p className={`pm-item__meta${item.stock <= 0 ? ' pm-item__meta--warn' : ''}`}>
                  {item.stock > 0 ? t('pm_stock', { n: pts(item.stock) }) : t('pm_out_of_stock')}
                </p>
                {item.amountRequirement !== '0' ? (
                  <p className={`pm-item__meta${missingTurnover > 0n ? ' pm-item__meta--warn' : ''}`}>
                    {t('pm_requirement', { amount: m(item.amountRequirement), days: requirementDays })}
                  </p>
                ) : null}
              </div>
              <div className="pm-item__foot">
                {item.stock > 0 && missingPoints > 0 ? (
                  <span className="pm-item__why">{t('pm_need_more', { n: pts(missingPoints) })}</span>
                ) : item.stock > 0 && missingTurnover > 0n ? (
                  <span className="pm-item__why">{t('pm_need_turnover', { amount: m(String(missingTurnover)) })}</span>
                ) : null}
                <Button
                  size="sm"
                  disabled={blocked}
                  onClick={() => setChosen(item)}
                  data-testid="points-redeem"
                  aria-label={`${t('pm_redeem')}: ${nameOf(item.name)}`}
                >
                  {t('pm_redeem')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {chosen ? <RedeemDialog t={t} item={chosen} balance={balance} onClose={() => setChosen(null)} /> : null}
    </>
  );
}

export function PasswordNote({ t }: { t: PointsT }) {
  return (
    <p className="pm-note" data-testid="points-no-password">
      {t('pm_no_payment_password')}{' '}
      <Link to="/member?page=securityCenter" className={buttonClass('ghost', 'sm')}>
        {t('pm_go_security')}
      </Link>
    </p>
  );
}

/** Quantity, what it costs and gives, and the payment password. */
function RedeemDialog({
  t,
  item,
  balance,
  onClose,
}: {
  t: PointsT;
  item: PointsItem;
  balance: number;
  onClose: () => void;
}) {
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const nameOf = useItemName();
  const redeem = useRedeem();
  const [quantity, setQuantity] = useState(1);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const most = Math.max(1, Math.min(10, item.stock, Math.floor(balance / item.pointsCost)));
  const name = nameOf(item.name);
  const amount = String(BigInt(item.cashAmount) * BigInt(quantity));
  const submit = () => {
    if (!password) return setError(t('pm_err_PAYMENT_PASSWORD_INCORRECT'));
    setError(null);
    redeem.mutate(
      { itemId: item.id, quantity, paymentPassword: password },
      {
        onSuccess: () => {
          showToast(
            item.kind === 'goods'
              ? t('pm_done_goods')
              : t(item.kind === 'cash' ? 'pm_done_cash' : 'pm_done_bonus', { amount: formatMoney(amount, money) }),
            'success',
          );
          onClose();
        },
        onError: (err) => setError(errorText(t, err)),
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('pm_redeem_title', { name })}
      testId="points-redeem-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('pm_cancel')}
          </Button>
          <Button loading={redeem.isPending} onClick={submit} data-testid="points-redeem-confirm">
            {t('pm_confirm')}
          </Button>
        </>
      }
    >
      <form
        className="pm-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <div className="pm-form__item">
          {item.image ? <img src={item.image} alt="" width={80} height={60} /> : null}
          <div>
            <p className="pm-item__name">{name}</p>
            <p className="pm-item__meta">{t('pm_points_n', { n: pts(item.pointsCost) })}</p>
          </div>
        </div>
        {most > 1 ? (
          <label className="pm-select">
            <span className="pm-select__label">{t('pm_quantity')}</span>
            <select
              value={quantity}
              onChange={(e) => setQuantity(Number(e.target.value))}
              data-testid="points-quantity"
            >
              {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="pm-form__sum" data-testid="points-redeem-total">
          {t('pm_total', { n: pts(item.pointsCost * quantity) })}
          {item.kind !== 'goods' ? (
            <>
              <br />
              {t('pm_you_get', { amount: formatMoney(amount, money) })}
            </>
          ) : null}
        </p>
        <Input
          label={t('pm_payment_password')}
          hint={t('pm_payment_password_hint')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          revealable
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error ?? undefined}
          data-testid="points-password"
        />
      </form>
    </Modal>
  );
}
