import { Input } from '../../../components/ui/index.ts';
import { formatAmount, formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import type { WalletT } from '../hooks/useWalletText.ts';

/**
 * An amount in the brand's currency, typed the way people write money; quick picks within the
 * limits. `value` is the text as typed; the page turns it into minor units with `parseMoney`.
 */
export function AmountField({
  value,
  onChange,
  min,
  max,
  quick = [],
  error,
  t,
  testId = 'amount',
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  min?: string;
  max?: string;
  quick?: string[];
  error?: string | undefined;
  t: WalletT;
  testId?: string;
  label?: string;
}) {
  const money = useBrandMoney();
  const hint =
    min && max ? t('wl_amount_limits', { min: formatMoney(min, money), max: formatMoney(max, money) }) : undefined;
  const picks = quick.filter((q) => (!min || BigInt(q) >= BigInt(min)) && (!max || BigInt(q) <= BigInt(max)));
  return (
    <div className="wallet-amount">
      <Input
        label={label ?? t('wl_amount')}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={hint}
        trailing={<span className="wallet-amount__symbol">{money.symbol}</span>}
        required
        data-testid={testId}
      />
      {picks.length ? (
        <div className="wallet-amount__picks" role="group" aria-label={t('wl_quick_amounts')}>
          {picks.map((q) => (
            <button key={q} type="button" className="wallet-chip" onClick={() => onChange(formatAmount(q, money))}>
              {formatAmount(q, money)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
