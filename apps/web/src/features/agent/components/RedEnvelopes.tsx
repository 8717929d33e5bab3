import { redEnvelopeBody } from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Checkbox, Icon, Input, Modal, Spinner } from '../../../components/ui/index.ts';
import { isApiError } from '../../../lib/api/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useDownlines } from '../api/downlines.ts';
import { useRedEnvelope } from '../api/redEnvelope.ts';
import { useRedEnvelopes } from '../api/redEnvelopes.ts';
import { useSendRedEnvelope } from '../api/sendRedEnvelope.ts';
import { textFor, typedAmount } from '../../../lib/forms/amount.ts';
import { contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { useBrandMoney, type Money as BrandMoney } from '../../../lib/money/index.ts';
import { useAgentText } from '../hooks/useAgentText.ts';
import { Badge, Money, Section, When, newRequestId } from './Bits.tsx';
import { DataTable } from './DataTable.tsx';
import { Pager } from './Pager.tsx';
import { QueryView, errorText } from './QueryView.tsx';

/**
 * The red-envelope body as the agent fills it in: the total as money text, the share count and the
 * hours as typed or chosen, and whether it goes to every direct downline (else to the ticked ones).
 */
const redEnvelopeForm = (money: Pick<BrandMoney, 'exponent' | 'locale'>) =>
  redEnvelopeBody.pick({ split: true, message: true, paymentPassword: true }).extend({
    totalAmount: typedAmount(money, redEnvelopeBody.shape.totalAmount, 'ag_err_amount'),
    shareCount: textFor(redEnvelopeBody.shape.shareCount, z.string().regex(/^0*[1-9]\d*$/, 'ag_err_number')),
    expiresInHours: textFor(redEnvelopeBody.shape.expiresInHours),
    everyone: z.boolean(),
  });
type FormField = keyof z.input<ReturnType<typeof redEnvelopeForm>>;

const TONE = { open: 'good', finished: 'info', expired: 'neutral' } as const;

/** Send a red envelope to direct downlines: equal or random shares, claimed once each. */
export function SendRedEnvelopeModal({ onClose }: { onClose: () => void }) {
  const { t } = useAgentText();
  const money = useBrandMoney();
  const send = useSendRedEnvelope();
  const direct = useDownlines({ scope: 'direct', pageSize: 100 });
  const [requestId] = useState(newRequestId);
  const [chosen, setChosen] = useState<number[]>([]);
  const formMessages = useFormMessages();
  const { exponent, locale } = money;
  const resolver = useMemo(
    () => contractResolver(redEnvelopeForm({ exponent, locale }), formMessages.message),
    [exponent, locale, formMessages],
  );
  const form = useForm({
    resolver,
    defaultValues: {
      totalAmount: '',
      shareCount: '1',
      split: 'random',
      message: '',
      expiresInHours: '24',
      everyone: true,
      paymentPassword: '',
    },
  });
  const { errors } = form.formState;
  const everyone = form.watch('everyone');
  const submit = form.handleSubmit(async (v) => {
    if (!everyone && !chosen.length) return form.setError('root', { message: t('ag_re_choose') });
    try {
      await send.mutateAsync({
        body: {
          totalAmount: v.totalAmount,
          shareCount: v.shareCount,
          split: v.split,
          message: v.message,
          expiresInHours: v.expiresInHours,
          paymentPassword: v.paymentPassword,
          requestId,
          ...(everyone ? {} : { recipients: chosen }),
        },
      });
      showToast(t('ag_re_sent'), 'success');
      onClose();
    } catch (err) {
      const field = isApiError(err) ? Object.keys(err.fields)[0] : undefined;
      if (field && field !== 'everyone' && field in form.getValues())
        form.setError(field as FormField, { message: errorText(t, err) });
      else form.setError('root', { message: errorText(t, err) });
    }
  });
  return (
    <Modal open onClose={onClose} size="md" testId="ag-re-modal" title={t('ag_re_send')}>
      <form className="ag-form" onSubmit={submit} noValidate>
        <div className="ag-form__row">
          <Input
            label={t('ag_re_total')}
            inputMode="decimal"
            required
            error={errors.totalAmount?.message}
            data-testid="ag-re-total"
            {...form.register('totalAmount')}
          />
          <Input
            label={t('ag_re_count')}
            inputMode="numeric"
            required
            error={errors.shareCount?.message}
            data-testid="ag-re-count"
            {...form.register('shareCount')}
          />
        </div>
        <fieldset className="ag-radio">
          <legend>{t('ag_re_split')}</legend>
          <label>
            <input type="radio" value="random" {...form.register('split')} /> {t('ag_re_split_random')}
          </label>
          <label>
            <input type="radio" value="fixed" {...form.register('split')} /> {t('ag_re_split_fixed')}
          </label>
        </fieldset>
        <div className="ag-form__row">
          <Input label={t('ag_re_message')} maxLength={100} {...form.register('message')} />
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_re_expires')}</span>
            <select {...form.register('expiresInHours')}>
              {[1, 6, 12, 24, 48, 72, 168].map((h) => (
                <option key={h} value={h}>
                  {t('ag_hours', { count: h })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Checkbox
          label={t('ag_re_all_direct')}
          checked={everyone}
          onChange={(e) => form.setValue('everyone', e.target.checked)}
        />
        {!everyone ? (
          direct.isPending ? (
            <Spinner />
          ) : (
            <fieldset className="ag-recipients">
              <legend>{t('ag_re_recipients')}</legend>
              {(direct.data?.list ?? []).map((d) => (
                <Checkbox
                  key={d.id}
                  label={d.account}
                  checked={chosen.includes(d.id)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, d.id] : c.filter((x) => x !== d.id)))}
                />
              ))}
            </fieldset>
          )
        ) : null}
        <Input
          label={t('ag_payment_password')}
          type="password"
          revealable
          autoComplete="off"
          required
          error={errors.paymentPassword?.message}
          data-testid="ag-re-password"
          {...form.register('paymentPassword')}
        />
        {errors.root ? (
          <p className="ag-form__error" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <div className="ag-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('ag_cancel')}
          </Button>
          <Button
            type="submit"
            loading={send.isPending}
            leadingIcon={<Icon name="gift" size={16} />}
            data-testid="ag-re-submit"
          >
            {t('ag_re_send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function EnvelopeDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useAgentText();
  const q = useRedEnvelope(id);
  return (
    <Modal open onClose={onClose} size="md" title={t('ag_re_detail', { id })}>
      <QueryView query={q} rows={3}>
        {(e) => (
          <>
            <p className="ag-note">{e.message || t('ag_re_no_message')}</p>
            <p>
              {t('ag_re_claimed', { claimed: e.claimedCount, count: e.shareCount })} · <Money value={e.claimedAmount} />{' '}
              / <Money value={e.totalAmount} />
            </p>
            {e.refundedAmount !== '0' ? (
              <p>
                {t('ag_re_refunded')} <Money value={e.refundedAmount} />
              </p>
            ) : null}
            {e.claims.length ? (
              <ul className="ag-list">
                {e.claims.map((c, i) => (
                  <li key={i} className="ag-list__row">
                    <span>{c.account}</span>
                    <Money value={c.amount} />
                    <When value={c.claimedAt} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ag-muted">{t('ag_re_no_claims')}</p>
            )}
          </>
        )}
      </QueryView>
    </Modal>
  );
}

/** Red envelopes the agent sent, with what was claimed and what came back. */
export function RedEnvelopeList() {
  const { t } = useAgentText();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const q = useRedEnvelopes({ page, pageSize: 10 });
  return (
    <Section
      title={t('ag_re_list')}
      testId="ag-re-list"
      actions={
        <Button
          size="sm"
          leadingIcon={<Icon name="gift" size={16} />}
          onClick={() => setSending(true)}
          data-testid="ag-re-open"
        >
          {t('ag_re_send')}
        </Button>
      }
    >
      <QueryView query={q} isEmpty={(v) => v.list.length === 0} rows={2}>
        {(v) => (
          <>
            <DataTable
              caption={t('ag_re_list')}
              rows={v.list}
              rowKey={(e) => e.id}
              columns={[
                { key: 'when', label: t('ag_col_time'), render: (e) => <When value={e.createdAt} /> },
                { key: 'total', label: t('ag_re_total'), align: 'end', render: (e) => <Money value={e.totalAmount} /> },
                { key: 'split', label: t('ag_re_split'), render: (e) => t(`ag_re_split_${e.split}`) },
                { key: 'claimed', label: t('ag_re_claimed_col'), render: (e) => `${e.claimedCount}/${e.shareCount}` },
                {
                  key: 'status',
                  label: t('ag_col_status'),
                  render: (e) => <Badge tone={TONE[e.status]}>{t(`ag_re_status_${e.status}`)}</Badge>,
                },
                {
                  key: 'expires',
                  label: t('ag_re_expires_at'),
                  wideOnly: true,
                  render: (e) => <When value={e.expiresAt} />,
                },
                {
                  key: 'open',
                  label: t('ag_col_actions'),
                  render: (e) => (
                    <Button size="sm" variant="ghost" onClick={() => setOpen(e.id)}>
                      {t('ag_details')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
      {open !== null ? <EnvelopeDetail id={open} onClose={() => setOpen(null)} /> : null}
      {sending ? <SendRedEnvelopeModal onClose={() => setSending(false)} /> : null}
    </Section>
  );
}
