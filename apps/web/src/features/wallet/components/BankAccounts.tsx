import type { ResponseOf, withdrawalEndpoints } from '@app/contract';
import { useState } from 'react';
import { Button, Icon, Input } from '../../../components/ui/index.ts';
import { useAddBankAccount } from '../api/addBankAccount.ts';
import { useRemoveBankAccount } from '../api/removeBankAccount.ts';
import type { WalletT } from '../hooks/useWalletText.ts';
import { Note } from './parts.tsx';

type Info = ResponseOf<typeof withdrawalEndpoints.info>;

const BANKS = [
  'Banco do Brasil (001)',
  'Bradesco (237)',
  'Caixa Econômica (104)',
  'Itaú (341)',
  'Santander (033)',
  'Nubank (260)',
  'Inter (077)',
  'C6 Bank (336)',
];

/** The member's bound bank accounts: choose one for a withdrawal, add one, remove one. */
export function BankAccounts({
  info,
  selected,
  onSelect,
  t,
}: {
  info: Info;
  selected: number | null;
  onSelect: (id: number) => void;
  t: WalletT;
}) {
  const add = useAddBankAccount();
  const remove = useRemoveBankAccount();
  const [adding, setAdding] = useState(info.bankAccounts.length === 0);
  const [form, setForm] = useState({ bankName: '', accountName: info.payeeName ?? '', accountNumber: '', branch: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    add.mutate(
      {
        body: {
          bankName: form.bankName,
          accountName: form.accountName,
          accountNumber: form.accountNumber,
          ...(form.branch ? { branch: form.branch } : {}),
        },
      },
      {
        onSuccess: (a) => {
          setAdding(false);
          setErrors({});
          setForm({ ...form, bankName: '', accountNumber: '', branch: '' });
          onSelect(a.id);
        },
        onError: (e) => setErrors(Object.keys(e.fields).length ? e.fields : { form: e.message }),
      },
    );
  };

  return (
    <div className="wallet-banks" data-testid="bank-accounts">
      {info.bankAccounts.length ? (
        <div className="wallet-channels" role="radiogroup" aria-label={t('wl_bank_accounts')}>
          {info.bankAccounts.map((b) => (
            <div key={b.id} className={`wallet-bank${selected === b.id ? ' wallet-bank--on' : ''}`}>
              <button
                type="button"
                role="radio"
                aria-checked={selected === b.id}
                className="wallet-bank__pick"
                onClick={() => onSelect(b.id)}
                data-testid={`bank-${b.id}`}
              >
                <Icon name="receipt" size={20} />
                <span className="wallet-bank__name">{b.bankName}</span>
                <span className="wallet-bank__number">
                  {b.accountName} · {b.accountNumberMasked}
                </span>
              </button>
              <button
                type="button"
                className="wallet-bank__remove"
                onClick={() => remove.mutate({ params: { id: b.id } })}
                aria-label={`${t('wl_remove')} ${b.bankName} ${b.accountNumberMasked}`}
              >
                <Icon name="close" size={16} />
              </button>
            </div>
          ))}
        </div>
      ) : null}
      {adding ? (
        <form
          className="wallet-form wallet-form--inset"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
          data-testid="bank-form"
        >
          {info.payeeName ? <Note>{t('wl_payee_rule', { name: info.payeeName })}</Note> : null}
          <Input
            label={t('wl_bank')}
            list="wallet-bank-names"
            value={form.bankName}
            onChange={(e) => setForm({ ...form, bankName: e.target.value })}
            error={errors.bankName}
            required
            data-testid="bank-name"
          />
          <datalist id="wallet-bank-names">
            {BANKS.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
          <Input
            label={t('wl_account_name')}
            value={form.accountName}
            onChange={(e) => setForm({ ...form, accountName: e.target.value })}
            error={errors.accountName}
            required
            data-testid="bank-holder"
          />
          <Input
            label={t('wl_account_number')}
            value={form.accountNumber}
            inputMode="text"
            onChange={(e) => setForm({ ...form, accountNumber: e.target.value })}
            error={errors.accountNumber}
            required
            data-testid="bank-number"
          />
          <Input
            label={t('wl_branch')}
            value={form.branch}
            onChange={(e) => setForm({ ...form, branch: e.target.value })}
            error={errors.branch}
          />
          {errors.form ? (
            <p className="field__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="wallet-actions">
            <Button type="submit" loading={add.isPending} data-testid="bank-save">
              {t('wl_bind_account')}
            </Button>
            {info.bankAccounts.length ? (
              <Button variant="ghost" onClick={() => setAdding(false)}>
                {t('wl_cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : info.bankAccounts.length < info.maxBankAccounts ? (
        <Button
          variant="secondary"
          size="sm"
          leadingIcon={<Icon name="edit" size={16} />}
          onClick={() => setAdding(true)}
          data-testid="bank-add"
        >
          {t('wl_add_account')}
        </Button>
      ) : null}
    </div>
  );
}
