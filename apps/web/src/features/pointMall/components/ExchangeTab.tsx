import type { PointsExchangeRate } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useConvert } from '../api/points.ts';
import type { PointsT } from '../hooks/usePointsText.ts';
import { errorText } from './parts.tsx';
import { usePointsFormat } from '../hooks/usePointsFormat.ts';
import { PasswordNote } from './RedeemTab.tsx';

/** The rate row for `points`: the largest minimum not above it (decision 067); null below every minimum. */
export const rateFor = (rates: readonly PointsExchangeRate[], points: number) =>
  rates.filter((r) => r.minPoints <= points).sort((a, b) => b.minPoints - a.minPoints)[0] ?? null;

/**
 * What `points` are worth at the table with the member's VIP bonus (basis points), in minor units
 * ("0" below every minimum): `points × rate / 100 × (1 + bonus / 10 000)`, rounded down as the
 * server pays it (decision 074).
 */
export const worthOf = (rates: readonly PointsExchangeRate[], points: number, bonusBp = 0) => {
  const rate = rateFor(rates, points);
  return rate ? String((BigInt(points) * BigInt(rate.amountPer100) * BigInt(10_000 + bonusBp)) / 1_000_000n) : '0';
};

/** The exchange table by VIP level (points config's `vip`): every level's bonus, the member's level. */
export interface VipExchange {
  level: number;
  levels: { level: number; name: string; bonusBp: number }[];
}

interface Props {
  t: PointsT;
  rates: PointsExchangeRate[];
  vip: VipExchange;
  balance: number;
  hasPaymentPassword: boolean;
}

/** "+5%" in the reader's number style; "—" for no bonus. */
const useBonusFormat = () => {
  const { locale } = useBrandMoney();
  return (bp: number) =>
    bp > 0
      ? new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'always', maximumFractionDigits: 2 }).format(
          bp / 10_000,
        )
      : '—';
};

/**
 * The rate table by VIP level (decision 074): a row per level (members without one first) with its
 * conversion bonus and the cash per 100 points at each tier, bonus included; the member's row is
 * marked, and in it the tier the points typed reach.
 */
function RatesByLevel({
  t,
  rates,
  vip,
  points,
}: {
  t: PointsT;
  rates: PointsExchangeRate[];
  vip: VipExchange;
  points: number;
}) {
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const bonus = useBonusFormat();
  const active = rateFor(rates, points)?.minPoints;
  const rows = [{ level: 0, name: t('pm_vip_none'), bonusBp: 0 }, ...vip.levels];
  return (
    // Wider than a phone: the wrapper scrolls, so it takes focus to be scrolled from the keyboard.
    <div className="pm-table-wrap" tabIndex={0} role="region" aria-label={t('pm_col_level')}>
      <table className="pm-table pm-table--levels" data-testid="points-rates" data-by-level="true">
        <thead>
          <tr>
            <th scope="col">{t('pm_col_level')}</th>
            <th scope="col" className="pm-num">
              {t('pm_col_bonus')}
            </th>
            {rates.map((r) => (
              <th key={r.minPoints} scope="col" className="pm-num">
                {t('pm_rate_from', { n: pts(r.minPoints) })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => {
            const mine = l.level === vip.level;
            return (
              <tr
                key={l.level}
                data-testid="points-rate-level"
                data-level={l.level}
                aria-current={mine ? 'true' : undefined}
                className={mine ? 'pm-table__on' : undefined}
              >
                <th scope="row">
                  {l.name}
                  {mine ? <span className="pm-table__note">{t('pm_vip_yours')}</span> : null}
                </th>
                <td className="pm-num" data-testid="points-rate-bonus">
                  {bonus(l.bonusBp)}
                </td>
                {rates.map((r) => (
                  <td
                    key={r.minPoints}
                    className={mine && active === r.minPoints ? 'pm-num pm-table__cell-on' : 'pm-num'}
                  >
                    {formatMoney(String((BigInt(r.amountPer100) * BigInt(10_000 + l.bonusBp)) / 10_000n), money)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The exchange-rate table and the conversion of points to cash, behind the payment password. */
export function ExchangeTab({ t, rates, vip, balance, hasPaymentPassword }: Props) {
  const money = useBrandMoney();
  const pts = usePointsFormat();
  const convert = useConvert();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ points?: string; password?: string } | null>(null);
  const m = (minor: string) => formatMoney(minor, money);
  if (!rates.length) return <p className="pm-note">{t('pm_rates_none')}</p>;
  const points = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0;
  const least = rates[0]!.minPoints;
  // The member's own bonus: the server pays `vipBonusBp`, which is their level's row.
  const bonusBp = vip.levels.find((l) => l.level === vip.level)?.bonusBp ?? 0;
  const worth = worthOf(rates, points, bonusBp);
  const submit = () => {
    if (points < least) return setError({ points: t('pm_convert_below', { n: pts(least) }) });
    if (points > balance) return setError({ points: t('pm_convert_over', { n: pts(balance) }) });
    if (!password) return setError({ password: t('pm_err_PAYMENT_PASSWORD_INCORRECT') });
    setError(null);
    convert.mutate(
      { points, paymentPassword: password },
      {
        onSuccess: (r) => {
          showToast(t('pm_converted', { points: pts(r.points), amount: m(r.amount) }), 'success');
          setText('');
          setPassword('');
        },
        onError: (err) => {
          const msg = errorText(t, err);
          setError(
            /PAYMENT_PASSWORD|RATE_LIMITED/.test((err as { code?: string }).code ?? '')
              ? { password: msg }
              : { points: msg },
          );
        },
      },
    );
  };
  return (
    <div className="pm-exchange">
      <section className="pm-panel" aria-labelledby="pm-rates-title">
        <h2 id="pm-rates-title" className="pm-panel__title">
          {t('pm_tab_exchange')}
        </h2>
        <p className="pm-panel__intro">{t(vip.levels.length ? 'pm_rates_vip_intro' : 'pm_rates_intro')}</p>
        {vip.levels.length ? (
          <RatesByLevel t={t} rates={rates} vip={vip} points={points} />
        ) : (
          <div className="pm-table-wrap">
            <table className="pm-table" data-testid="points-rates">
              <thead>
                <tr>
                  <th scope="col">{t('pm_col_from')}</th>
                  <th scope="col" className="pm-num">
                    {t('pm_col_rate')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rates.map((r) => (
                  <tr
                    key={r.minPoints}
                    data-testid="points-rate"
                    className={rateFor(rates, points)?.minPoints === r.minPoints ? 'pm-table__on' : undefined}
                  >
                    <td>{t('pm_rate_from', { n: pts(r.minPoints) })}</td>
                    <td className="pm-num">{m(r.amountPer100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="pm-panel" aria-labelledby="pm-convert-title">
        <h2 id="pm-convert-title" className="pm-panel__title">
          {t('pm_convert_title')}
        </h2>
        {!hasPaymentPassword ? <PasswordNote t={t} /> : null}
        <form
          className="pm-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Input
            label={t('pm_convert_points')}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 9))}
            error={error?.points}
            hint={t('pm_convert_over', { n: pts(balance) })}
            data-testid="points-convert-points"
          />
          <p className="pm-form__sum" data-testid="points-convert-preview">
            {t('pm_you_get', { amount: m(worth) })}
          </p>
          <Input
            label={t('pm_payment_password')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            revealable
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error?.password}
            data-testid="points-convert-password"
          />
          <Button
            type="submit"
            loading={convert.isPending}
            disabled={!hasPaymentPassword}
            data-testid="points-convert-submit"
          >
            {t('pm_convert')}
          </Button>
        </form>
      </section>
    </div>
  );
}
