import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../../lib/system/index.ts';

/** Spec §9: start between 20,000,000 and 21,000,000; every 3, 4 or 5 s add 100 to 500. */
const START_MIN = 20_000_000;
const START_SPAN = 1_000_000;
const STEP_DELAYS = [3000, 4000, 5000] as const;

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export function JackpotCounter() {
  const { t, i18n } = useTranslation();
  const { currencySymbol } = useWhitelabel();
  const [amount, setAmount] = useState(() => START_MIN + Math.random() * START_SPAN);

  useEffect(() => {
    let timer = 0;
    const tick = () => {
      timer = window.setTimeout(
        () => {
          setAmount((value) => value + randomInt(100, 500) + Math.random());
          tick();
        },
        STEP_DELAYS[randomInt(0, STEP_DELAYS.length - 1)],
      );
    };
    tick();
    return () => window.clearTimeout(timer);
  }, []);

  const formatted = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );

  return (
    <div className="jackpot">
      <span className="jackpot__label">{t('jackpot')}</span>
      <span className="jackpot__amount">
        <span className="jackpot__currency">{currencySymbol}</span>
        {formatted}
      </span>
    </div>
  );
}
