import { useState } from 'react';
import { Link } from 'react-router';
import { Button, EmptyState, Input, buttonClass } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useTransferUpline } from '../api/transferUpline.ts';
import { useUplineInfo } from '../api/uplineInfo.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useRequestId } from '../hooks/useRequestId.ts';
import { useWalletText } from '../hooks/useWalletText.ts';
import { AmountField } from './AmountField.tsx';
import { Card, ErrorNote, Loading, Money, Note, Stat } from './parts.tsx';
import './wallet.css';

/** transferUpline (spec §6): money to the direct upline, with the payment password and limits. */
export function TransferUplinePage() {
  const { t, ready } = useWalletText();
  const money = useBrandMoney();
  const info = useUplineInfo();
  const transfer = useTransferUpline();
  const [requestId, renew] = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (!ready || info.isPending) return <Loading t={t} />;
  if (info.isError) return <ErrorNote message={info.error.message} onRetry={() => void info.refetch()} t={t} />;
  const i = info.data;
  if (!i.upline) return <EmptyState icon="users" title={t('wl_no_upline')} description={t('wl_no_upline_info')} />;

  const submit = () => {
    const minor = parseMoney(amount, money);
    const e: Record<string, string> = {};
    if (!minor) e.amount = t('wl_amount_invalid');
    if (!password) e.paymentPassword = t('wl_required');
    setErrors(e);
    if (!minor || Object.keys(e).length) return;
    transfer.mutate(
      {
        body: {
          amount: minor,
          paymentPassword: password,
          requestId,
          ...(remark.trim() ? { remark: remark.trim() } : {}),
        },
      },
      {
        onSuccess: (r) => {
          renew();
          setAmount('');
          setPassword('');
          setRemark('');
          showToast(t('wl_transfer_done', { amount: formatMoney(r.amount, money), upline: r.upline }), 'success');
        },
        onError: (err) => setErrors(Object.keys(err.fields).length ? err.fields : { form: err.message }),
      },
    );
  };

  return (
    <div className="wallet-page" data-testid="transfer-upline-page">
      <Card title={t('wl_transfer_to', { upline: i.upline.nickname || i.upline.username })} icon="users">
        <div className="wallet-stats">
          <Stat label={t('wl_balance')}>
            <Money minor={i.balance} />
          </Stat>
          <Stat label={t('wl_today')}>
            {formatMoney(i.today, money)} / {formatMoney(i.limits.dailyMax, money)}
          </Stat>
          <Stat label={t('wl_upline')}>{i.upline.username}</Stat>
        </div>
        {!i.hasPaymentPassword ? (
          <Note tone="warn" icon="lock">
            {t('wl_need_payment_password')}{' '}
            <Link to="/member?page=securityCenter" className={buttonClass('ghost', 'sm')}>
              {t('wl_go_security')}
            </Link>
          </Note>
        ) : null}
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
            testId="transfer-amount"
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
            data-testid="transfer-password"
          />
          <Input
            label={t('wl_remark')}
            value={remark}
            maxLength={100}
            onChange={(e) => setRemark(e.target.value)}
            error={errors.remark}
          />
          {errors.form ? <ErrorNote message={errors.form} t={t} /> : null}
          <Button
            type="submit"
            block
            size="lg"
            loading={transfer.isPending}
            disabled={!i.hasPaymentPassword}
            data-testid="transfer-submit"
          >
            {t('wl_transfer_submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
