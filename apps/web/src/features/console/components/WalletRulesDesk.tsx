import type { WalletSettings } from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { useSetWalletRules, useWalletRules } from '../api/walletRules.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { editableAmount, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';

const AMOUNTS = [
  'withdrawMin',
  'withdrawMax',
  'withdrawDailyMax',
  'transferMin',
  'transferMax',
  'transferDailyMax',
] as const;
const COUNTS = ['withdrawDailyCount', 'autoConfirmMinutes', 'turnoverPercent', 'maxBankAccounts'] as const;
type Amount = (typeof AMOUNTS)[number];
type Count = (typeof COUNTS)[number];
const LABELS = {
  withdrawMin: 'cs_withdraw_min',
  withdrawMax: 'cs_withdraw_max',
  withdrawDailyMax: 'cs_withdraw_daily_max',
  withdrawDailyCount: 'cs_withdraw_daily_count',
  autoConfirmMinutes: 'cs_auto_confirm',
  turnoverPercent: 'cs_turnover',
  maxBankAccounts: 'cs_max_banks',
  transferMin: 'cs_transfer_min',
  transferMax: 'cs_transfer_max',
  transferDailyMax: 'cs_transfer_daily_max',
} as const;
const GROUPS: { title: 'cs_rules_withdrawals' | 'cs_rules_transfers'; fields: (Amount | Count)[] }[] = [
  {
    title: 'cs_rules_withdrawals',
    fields: [
      'withdrawMin',
      'withdrawMax',
      'withdrawDailyMax',
      'withdrawDailyCount',
      'autoConfirmMinutes',
      'turnoverPercent',
      'maxBankAccounts',
    ],
  },
  { title: 'cs_rules_transfers', fields: ['transferMin', 'transferMax', 'transferDailyMax'] },
];
const isAmount = (k: Amount | Count): k is Amount => (AMOUNTS as readonly string[]).includes(k);

function RulesForm({ current, isAdmin, t }: { current: WalletSettings; isAdmin: boolean; t: ConsoleT }) {
  const money = useBrandMoney();
  const save = useSetWalletRules();
  const [merchantWallet, setMerchantWallet] = useState(current.merchantWallet);
  const [values, setValues] = useState<Record<Amount | Count, string>>(() => ({
    ...(Object.fromEntries(AMOUNTS.map((k) => [k, editableAmount(current[k], money)])) as Record<Amount, string>),
    ...(Object.fromEntries(COUNTS.map((k) => [k, String(current[k])])) as Record<Count, string>),
  }));
  const [local, setLocal] = useState<Partial<Record<Amount | Count, string>>>({});
  const example = editableAmount('1000', money);

  const submit = () => {
    const errors: Partial<Record<Amount | Count, string>> = {};
    const amounts = {} as Record<Amount, string>;
    for (const k of AMOUNTS) {
      const minor = parseMoney(values[k], money, { zero: true });
      if (minor === null) errors[k] = t('cs_amount_format', { example });
      else amounts[k] = minor;
    }
    const counts = {} as Record<Count, number>;
    for (const k of COUNTS) {
      if (!/^\d{1,7}$/.test(values[k].trim())) errors[k] = t('cs_whole_number');
      else counts[k] = Number(values[k].trim());
    }
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate({ merchantWallet, ...amounts, ...counts });
  };

  return (
    <form
      className="console-panel"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <section className="console-card">
        <Checkbox
          label={t('cs_merchant_wallet')}
          checked={merchantWallet}
          onChange={(e) => setMerchantWallet(e.target.checked)}
          disabled={!isAdmin}
          data-testid="rules-merchantWallet"
        />
      </section>
      {GROUPS.map((g) => (
        <section key={g.title} className="console-card" aria-label={t(g.title)}>
          <h2 className="console-card__title">{t(g.title)}</h2>
          <div className="console-fields">
            {g.fields.map((k) => (
              <Input
                key={k}
                label={t(LABELS[k])}
                inputMode={isAmount(k) ? 'decimal' : 'numeric'}
                value={values[k]}
                onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
                error={local[k] ?? save.error?.fields[k]}
                disabled={!isAdmin}
                {...(isAmount(k)
                  ? {
                      trailing: (
                        <span className="console-unit" aria-hidden="true">
                          {money.symbol}
                        </span>
                      ),
                    }
                  : {})}
                data-testid={`rules-${k}`}
              />
            ))}
          </div>
        </section>
      ))}
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} disabled={!isAdmin} data-testid="rules-save">
          {t('cs_save')}
        </Button>
        {save.error && !Object.keys(save.error.fields).length ? (
          <p className="field__error" role="alert">
            {save.error.message}
          </p>
        ) : null}
        {save.isSuccess ? (
          <p className="console-ok" role="status">
            {t('cs_saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** The brand's wallet rules: the limits members meet when they withdraw or transfer (admin changes them). */
export function WalletRulesDesk({ t }: { t: ConsoleT }) {
  const isAdmin = useOperatorSession()?.role === 'admin';
  const q = useWalletRules();
  if (!q.data)
    return q.error ? (
      <p className="field__error" role="alert">
        {q.error.message}
      </p>
    ) : (
      <p className="console-muted">{t('cs_loading')}</p>
    );
  return (
    <div className="console-panel" aria-label={t('cs_wallet_rules')}>
      {!isAdmin ? <p className="console-muted">{t('cs_settings_admin_only')}</p> : null}
      <RulesForm current={q.data} isAdmin={isAdmin} t={t} />
    </div>
  );
}
