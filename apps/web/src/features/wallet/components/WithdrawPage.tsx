import { useState } from 'react';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { Link } from 'react-router';
import { Button, Input, buttonClass } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useRequestWithdrawal } from '../api/requestWithdrawal.ts';
import { useWithdrawalInfo } from '../api/withdrawalInfo.ts';
import { useWithdrawals } from '../api/withdrawals.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useRequestId } from '../hooks/useRequestId.ts';
import { useWalletText, type WalletT } from '../hooks/useWalletText.ts';
import { AmountField } from './AmountField.tsx';
import { BankAccounts } from './BankAccounts.tsx';
import { Card, ErrorNote, Loading, Money, Note, Pager, Stat, StatusBadge, shortTime } from './parts.tsx';
import { ReceiptModal } from './ReceiptModal.tsx';
import './wallet.css';

function Turnover({
  turnover,
  t,
}: {
  turnover: { required: string; achieved: string; remaining: string; met: boolean };
  t: WalletT;
}) {
  const money = useBrandMoney();
  const required = BigInt(turnover.required);
  const pct = required === 0n ? 100 : Number((BigInt(turnover.achieved) * 100n) / required);
  return (
    <div className="wallet-turnover" data-testid="turnover">
      <div className="wallet-turnover__head">
        <span>{t('wl_turnover')}</span>
        <span>
          {turnover.met
            ? t('wl_turnover_met')
            : t('wl_turnover_left', { amount: formatMoney(turnover.remaining, money) })}
        </span>
      </div>
      <div
        className="wallet-progress"
        role="progressbar"
        aria-label={t('wl_turnover')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, pct)}
      >
        <span style={{ width: `${Math.min(100, pct)}%` }} />
      </div>
      {required > 0n ? (
        <p className="wallet-muted">
          {formatMoney(turnover.achieved, money)} / {formatMoney(turnover.required, money)}
        </p>
      ) : null}
    </div>
  );
}

function WithdrawalRecords({ t }: { t: WalletT }) {
  const { timeZone: timezone, language } = useBrandTime();
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<{ id: number; amount: string } | null>(null);
  const q = useWithdrawals({ page, pageSize: 5, status: 'ALL' });
  if (q.isPending) return <Loading t={t} />;
  if (q.isError) return <ErrorNote message={q.error.message} onRetry={() => void q.refetch()} t={t} />;
  if (!q.data.list.length) return <p className="wallet-muted">{t('wl_no_withdrawals')}</p>;
  return (
    <>
      <ul className="wallet-list" data-testid="withdrawal-records">
        {q.data.list.map((w) => (
          <li key={w.id} className="wallet-row wallet-row--stack" data-testid={`withdrawal-${w.id}`}>
            <div className="wallet-row__line">
              <div className="wallet-row__main">
                <span className="wallet-row__title">
                  {w.bank.bankName} · {w.bank.accountNumberMasked}
                </span>
                <span className="wallet-row__meta">{shortTime(w.createdAt, timezone, language)}</span>
              </div>
              <div className="wallet-row__side">
                <Money minor={w.amount} />
                <StatusBadge status={w.caseStatus === 'open' ? 'open' : (w.receipt ?? w.status)} t={t} />
              </div>
            </div>
            {w.reason ? (
              <p className="wallet-muted">
                {t('wl_reason')}: {w.reason}
              </p>
            ) : null}
            {w.receipt === 'partly_received' && w.receivedAmount ? (
              <p className="wallet-muted">
                {t('wl_received_amount')}: <Money minor={w.receivedAmount} /> · {t('wl_remaining_amount')}:{' '}
                <Money minor={w.remainingAmount ?? '0'} />
              </p>
            ) : null}
            {w.resolution ? (
              <p className="wallet-muted">
                {t(`wl_resolution_${w.resolution}`)}
                {w.refundAmount ? (
                  <>
                    {' '}
                    · <Money minor={w.refundAmount} />
                  </>
                ) : null}
              </p>
            ) : null}
            {w.status === 'paid' && !w.receipt ? (
              <div className="wallet-row__actions">
                {w.confirmDeadline ? (
                  <span className="wallet-muted">
                    {t('wl_confirm_before', { time: shortTime(w.confirmDeadline, timezone, language) })}
                  </span>
                ) : null}
                <Button
                  size="sm"
                  onClick={() => setAnswering({ id: w.id, amount: w.amount })}
                  data-testid={`confirm-${w.id}`}
                >
                  {t('wl_confirm_receipt')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} />
      <ReceiptModal withdrawal={answering} onClose={() => setAnswering(null)} t={t} />
    </>
  );
}

/** withdraw (spec §2, §4): bank accounts, limits, turnover, the request, and the receipt. */
export function WithdrawPage() {
  const { t, ready } = useWalletText();
  const money = useBrandMoney();
  const info = useWithdrawalInfo();
  const request = useRequestWithdrawal();
  const [requestId, renew] = useRequestId();
  const [account, setAccount] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!ready || info.isPending) return <Loading t={t} />;
  if (info.isError) return <ErrorNote message={info.error.message} onRetry={() => void info.refetch()} t={t} />;
  const i = info.data;
  const chosen = account ?? i.bankAccounts[0]?.id ?? null;

  const submit = () => {
    const minor = parseMoney(amount, money);
    const e: Record<string, string> = {};
    if (!chosen) e.bankAccountId = t('wl_choose_account');
    if (!minor) e.amount = t('wl_amount_invalid');
    if (!password) e.paymentPassword = t('wl_required');
    setErrors(e);
    if (Object.keys(e).length || !minor || !chosen) return;
    request.mutate(
      { body: { bankAccountId: chosen, amount: minor, paymentPassword: password, requestId } },
      {
        onSuccess: () => {
          renew();
          setAmount('');
          setPassword('');
          showToast(t('wl_withdraw_requested'), 'success');
        },
        onError: (err) => setErrors(Object.keys(err.fields).length ? err.fields : { form: err.message }),
      },
    );
  };

  return (
    <div className="wallet-page" data-testid="withdraw-page">
      <Card title={t('wl_withdraw_title')} icon="download">
        <div className="wallet-stats">
          <Stat label={t('wl_balance')}>
            <Money minor={i.balance} testId="withdraw-balance" />
          </Stat>
          <Stat label={t('wl_today_count')}>
            {i.today.count} / {i.limits.dailyCount}
          </Stat>
          <Stat label={t('wl_today')} wide>
            <span className="wallet-nowrap">{formatMoney(i.today.amount, money)}</span> /{' '}
            <span className="wallet-nowrap">{formatMoney(i.limits.dailyMax, money)}</span>
          </Stat>
        </div>
        <Turnover turnover={i.turnover} t={t} />
      </Card>
      <Card title={t('wl_bank_accounts')} icon="receipt">
        <BankAccounts info={i} selected={chosen} onSelect={setAccount} t={t} />
        {errors.bankAccountId ? (
          <p className="field__error" role="alert">
            {errors.bankAccountId}
          </p>
        ) : null}
      </Card>
      <Card title={t('wl_request_withdrawal')} icon="wallet">
        {!i.hasPaymentPassword ? (
          <Note tone="warn" icon="lock">
            {t('wl_need_payment_password')}{' '}
            <Link to="/member?page=securityCenter" className={buttonClass('ghost', 'sm')}>
              {t('wl_go_security')}
            </Link>
          </Note>
        ) : null}
        {!i.turnover.met ? <Note tone="warn">{t('wl_turnover_block')}</Note> : null}
        <form
          className="wallet-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <AmountField
            value={amount}
            onChange={setAmount}
            min={i.limits.min}
            max={i.limits.max}
            error={errors.amount}
            t={t}
            testId="withdraw-amount"
          />
          <Input
            label={t('wl_payment_password')}
            type="password"
            revealable
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.paymentPassword}
            required
            data-testid="withdraw-password"
          />
          {errors.form ? <ErrorNote message={errors.form} t={t} /> : null}
          <Button
            type="submit"
            block
            size="lg"
            loading={request.isPending}
            disabled={!i.hasPaymentPassword}
            data-testid="withdraw-submit"
          >
            {t('wl_withdraw_submit')}
          </Button>
        </form>
      </Card>
      <Card title={t('wl_recent_withdrawals')} icon="history">
        <WithdrawalRecords t={t} />
      </Card>
    </div>
  );
}
