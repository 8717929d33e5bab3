import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useAdjustBalance } from '../api/adjustBalance.ts';
import { useFindMember } from '../api/findMember.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';

const newId = () =>
  (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 32);

/** A balance correction with a reason: a ledger transaction, never an edit (finance role). */
export function AdjustPanel({ t }: { t: ConsoleT }) {
  const money = useBrandMoney();
  const find = useFindMember();
  const adjust = useAdjustBalance();
  const [username, setUsername] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(newId);
  const [error, setError] = useState<string | null>(null);
  const member = find.data;

  return (
    <section className="console-card console-adjust" aria-label={t('cs_adjust')}>
      <form
        className="console-row"
        onSubmit={(e) => {
          e.preventDefault();
          adjust.reset();
          find.mutate(username.trim());
        }}
      >
        <Input
          label={t('cs_member')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          data-testid="adjust-username"
        />
        <Button type="submit" variant="secondary" loading={find.isPending} data-testid="adjust-find">
          {t('cs_find')}
        </Button>
      </form>
      {find.error ? (
        <p className="field__error" role="alert">
          {find.error.message}
        </p>
      ) : null}
      {member ? (
        <form
          className="console-form"
          onSubmit={(e) => {
            e.preventDefault();
            const minor = parseMoney(amount, money, { signed: true });
            if (!minor) return setError(t('cs_amount_invalid'));
            setError(null);
            adjust.mutate(
              { memberId: member.id, amount: minor, reason: reason.trim(), requestId },
              {
                onSuccess: () => {
                  setRequestId(newId());
                  setAmount('');
                  setReason('');
                  find.mutate(member.username);
                },
              },
            );
          }}
        >
          <p data-testid="adjust-member">
            <strong>{member.username}</strong> · {t('cs_balance')}:{' '}
            <span data-testid="adjust-balance">{formatMoney(member.balance, money)}</span>
          </p>
          <Input
            label={t('cs_adjust_amount')}
            hint={t('cs_adjust_hint')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={error ?? adjust.error?.fields.amount}
            required
            data-testid="adjust-amount"
          />
          <Input
            label={t('cs_reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={300}
            error={adjust.error?.fields.reason}
            required
            data-testid="adjust-reason"
          />
          {adjust.error && !Object.keys(adjust.error.fields).length ? (
            <p className="field__error" role="alert">
              {adjust.error.message}
            </p>
          ) : null}
          {adjust.data ? (
            <p className="console-ok" role="status">
              {t('cs_adjust_done', { balance: formatMoney(adjust.data.balance, money) })}
            </p>
          ) : null}
          <Button
            type="submit"
            loading={adjust.isPending}
            disabled={reason.trim().length < 3}
            data-testid="adjust-submit"
          >
            {t('cs_adjust_submit')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
