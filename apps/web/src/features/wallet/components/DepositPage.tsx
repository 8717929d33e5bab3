import type { ResponseOf, depositEndpoints } from '@app/contract';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Icon, Input } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { isProtectionRefusal, protectionRefusalText } from '../../../lib/protection.ts';
import { useCreateDeposit } from '../api/createDeposit.ts';
import { useDepositChannels } from '../api/depositChannels.ts';
import { useDeposits } from '../api/deposits.ts';
import { formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useRequestId } from '../hooks/useRequestId.ts';
import { useWalletText, type WalletT } from '../hooks/useWalletText.ts';
import { AmountField } from './AmountField.tsx';
import { Card, ErrorNote, Loading, Money, Note, Pager, StatusBadge, shortTime } from './parts.tsx';
import { ProofUpload } from './ProofUpload.tsx';
import './wallet.css';

type Channel = ResponseOf<typeof depositEndpoints.channels>[number];
const QUICK = ['2000', '5000', '10000', '20000', '50000', '100000'];

function CopyRow({ label, value, t }: { label: string; value: string; t: WalletT }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('wl_copied'), 'success');
    } catch {
      showToast(value);
    }
  };
  return (
    <div className="wallet-copy">
      <span className="wallet-copy__label">{label}</span>
      <span className="wallet-copy__value">{value}</span>
      <button
        type="button"
        className="wallet-copy__btn"
        onClick={() => void copy()}
        aria-label={`${t('wl_copy')} ${label}`}
      >
        <Icon name="copy" size={16} />
      </button>
    </div>
  );
}

function DepositForm({ channel, t }: { channel: Channel; t: WalletT }) {
  const money = useBrandMoney();
  const { t: shared } = useTranslation();
  const brandTime = useBrandTime();
  const create = useCreateDeposit();
  const [requestId, renew] = useRequestId();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const [error, setError] = useState<{ amount?: string; form?: string }>({});
  // The gateway deposit this form started, until the member has paid it (then the records show it).
  const [started, setStarted] = useState<{ id: number; payUrl: string } | null>(null);
  const recent = useDeposits({ page: 1, pageSize: 5, status: 'ALL' });
  const startedStatus = started ? recent.data?.list.find((d) => d.id === started.id)?.status : undefined;
  const waiting = started && (startedStatus ?? 'pending') === 'pending' ? started.payUrl : null;

  const submit = () => {
    const minor = parseMoney(amount, money);
    if (!minor) return setError({ amount: t('wl_amount_invalid') });
    if (BigInt(minor) < BigInt(channel.minAmount) || BigInt(minor) > BigInt(channel.maxAmount)) {
      return setError({
        amount: t('wl_amount_limits', {
          min: formatMoney(channel.minAmount, money),
          max: formatMoney(channel.maxAmount, money),
        }),
      });
    }
    setError({});
    // Opened now, inside the click, so the browser does not block it; filled when the payment starts.
    const payWindow = channel.kind === 'gateway' ? window.open('', '_blank') : null;
    create.mutate(
      {
        body: {
          channelId: channel.id,
          amount: minor,
          requestId,
          ...(channel.kind === 'bank' && reference.trim() ? { reference: reference.trim() } : {}),
          ...(channel.kind === 'bank' && proof ? { proofUploadId: proof } : {}),
        },
      },
      {
        onSuccess: (r) => {
          renew();
          setAmount('');
          setReference('');
          if (r.payUrl) {
            if (payWindow) payWindow.location.href = r.payUrl;
            setStarted({ id: r.deposit.id, payUrl: r.payUrl });
          } else {
            showToast(t('wl_deposit_submitted'), 'success');
          }
        },
        onError: (e) => {
          payWindow?.close();
          setError(
            e.fields.amount
              ? { amount: e.fields.amount }
              : {
                  form: isProtectionRefusal(e.code)
                    ? protectionRefusalText(e, shared, money, brandTime.dateTime)
                    : e.message,
                },
          );
        },
      },
    );
  };

  return (
    <form
      className="wallet-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      {channel.kind === 'bank' && channel.bank ? (
        <Card title={t('wl_send_to')} icon="wallet" className="wallet-card--sunken" testId="bank-details">
          <CopyRow label={t('wl_bank')} value={channel.bank.bankName} t={t} />
          <CopyRow label={t('wl_account_name')} value={channel.bank.accountName} t={t} />
          <CopyRow label={t('wl_account_number')} value={channel.bank.accountNumber} t={t} />
          {channel.bank.branch ? <CopyRow label={t('wl_branch')} value={channel.bank.branch} t={t} /> : null}
          {channel.bank.pixKey ? <CopyRow label={t('wl_pix_key')} value={channel.bank.pixKey} t={t} /> : null}
          {channel.bank.instructions ? <p className="wallet-muted">{channel.bank.instructions}</p> : null}
        </Card>
      ) : (
        <Note icon="shield">{t('wl_gateway_note')}</Note>
      )}
      <AmountField
        value={amount}
        onChange={setAmount}
        min={channel.minAmount}
        max={channel.maxAmount}
        quick={QUICK}
        error={error.amount}
        t={t}
      />
      {channel.kind === 'bank' ? (
        <>
          <Input
            label={t('wl_reference')}
            hint={t('wl_reference_hint')}
            value={reference}
            maxLength={60}
            onChange={(e) => setReference(e.target.value)}
            data-testid="deposit-reference"
          />
          <ProofUpload purpose="deposit_proof" onUploaded={setProof} t={t} testId="deposit-proof" />
        </>
      ) : null}
      {error.form ? <ErrorNote message={error.form} t={t} /> : null}
      {waiting ? (
        <Note icon="clock" tone="info">
          {t('wl_waiting_payment')}{' '}
          <a href={waiting} target="_blank" rel="noopener" data-testid="pay-link">
            {t('wl_open_payment')}
          </a>
        </Note>
      ) : null}
      <Button type="submit" block size="lg" loading={create.isPending} data-testid="deposit-submit">
        {channel.kind === 'gateway' ? t('wl_pay_now') : t('wl_submit_deposit')}
      </Button>
    </form>
  );
}

function DepositRecords({ t }: { t: WalletT }) {
  const { timeZone: timezone, language } = useBrandTime();
  const [page, setPage] = useState(1);
  const q = useDeposits({ page, pageSize: 5, status: 'ALL' });
  if (q.isPending) return <Loading t={t} />;
  if (q.isError) return <ErrorNote message={q.error.message} onRetry={() => void q.refetch()} t={t} />;
  if (!q.data.list.length) return <p className="wallet-muted">{t('wl_no_deposits')}</p>;
  return (
    <>
      <ul className="wallet-list" data-testid="deposit-records">
        {q.data.list.map((d) => (
          <li key={d.id} className="wallet-row" data-testid={`deposit-${d.id}`}>
            <div className="wallet-row__main">
              <span className="wallet-row__title">{d.channelName}</span>
              <span className="wallet-row__meta">
                {shortTime(d.createdAt, timezone, language)}
                {d.reference ? ` · ${d.reference}` : ''}
                {d.reason ? ` · ${d.reason}` : ''}
              </span>
            </div>
            <div className="wallet-row__side">
              <Money minor={d.amount} />
              <StatusBadge status={d.status} t={t} />
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} />
    </>
  );
}

/** depositv2 (spec §2): choose a channel, pay, and follow the deposit until it is credited. */
export function DepositPage() {
  const { t, ready } = useWalletText();
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<number | null>(null);
  if (!ready || channels.isPending) return <Loading t={t} />;
  if (channels.isError)
    return <ErrorNote message={channels.error.message} onRetry={() => void channels.refetch()} t={t} />;
  if (!channels.data.length)
    return <EmptyState icon="wallet" title={t('wl_no_channels')} description={t('wl_no_channels_info')} />;
  const channel = channels.data.find((c) => c.id === chosen) ?? channels.data[0]!;
  return (
    <div className="wallet-page" data-testid="deposit-page">
      <Card title={t('wl_choose_channel')} icon="wallet">
        <div className="wallet-channels" role="radiogroup" aria-label={t('wl_choose_channel')}>
          {channels.data.map((c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={c.id === channel.id}
              className={`wallet-channel${c.id === channel.id ? ' wallet-channel--on' : ''}`}
              onClick={() => setChosen(c.id)}
              data-testid={`channel-${c.code}`}
            >
              <Icon name={c.kind === 'gateway' ? 'flame' : 'receipt'} size={22} />
              <span className="wallet-channel__name">{c.name}</span>
              <span className="wallet-channel__kind">
                {t(c.kind === 'gateway' ? 'wl_kind_gateway' : 'wl_kind_bank')}
              </span>
            </button>
          ))}
        </div>
        <DepositForm key={channel.id} channel={channel} t={t} />
      </Card>
      <Card title={t('wl_recent_deposits')} icon="history">
        <DepositRecords t={t} />
      </Card>
    </div>
  );
}
