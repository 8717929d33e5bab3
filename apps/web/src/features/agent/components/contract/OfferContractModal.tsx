import {
  TIER_RATES,
  TIER_THRESHOLDS,
  contractKind,
  contractTerms,
  offerBody,
  type ContractKind,
  type ContractPeriodType,
  type ContractTerms,
} from '@app/contract';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Icon, Input, Modal } from '../../../../components/ui/index.ts';
import { isApiError } from '../../../../lib/api/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useOfferContract } from '../../api/offerContract.ts';
import { bpsToPercent, percentToBps } from '../../hooks/rates.ts';
import { contractResolver } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { editableAmount, parseMoney, useBrandMoney, type Money as BrandMoney } from '../../../../lib/money/index.ts';
import { useAgentText, type AgentT } from '../../hooks/useAgentText.ts';
import { KindLabel } from '../Bits.tsx';
import { errorText } from '../QueryView.tsx';
import { fieldLabelKey } from './TermsTable.tsx';

const MONEY = new Set(['periodValidBet', 'periodProfitLoss', 'betAmount', 'singleBetAmount']);
const fieldsOf = (kind: ContractKind) => [...TIER_THRESHOLDS[kind], ...TIER_RATES[kind]] as string[];

/**
 * The offer body as the agent edits it: amounts as money text, rates as percentages, counts as
 * text. Each is read (lib/money for amounts), then the terms go through the contract's own schema
 * (tier order, caps), whose issues land on the same fields. A dividend keeps the agent's own period.
 */
const offerForm = (money: Pick<BrandMoney, 'exponent' | 'locale'>, periodType: ContractPeriodType | undefined) =>
  z
    .object({
      kind: contractKind,
      activeThreshold: z.string(),
      tiers: z.array(z.record(z.string(), z.string())),
      note: offerBody.shape.note,
    })
    .transform((v, ctx) => {
      const unreadable = (path: (string | number)[]) =>
        ctx.addIssue({ code: 'custom', path, message: 'ag_err_number' });
      const tiers = v.tiers.map((row, i) =>
        Object.fromEntries(
          fieldsOf(v.kind).map((f) => {
            const text = row[f] ?? '';
            if (MONEY.has(f)) {
              const minor = parseMoney(text, money, { zero: true });
              if (minor === null) unreadable(['tiers', i, f]);
              return [f, minor ?? '0'];
            }
            if (f === 'activeMemberCount') {
              if (!/^\d{1,7}$/.test(text.trim())) unreadable(['tiers', i, f]);
              return [f, Number(text)];
            }
            const bps = percentToBps(text);
            if (bps === null) unreadable(['tiers', i, f]);
            return [f, bps ?? 0];
          }),
        ),
      );
      const threshold = v.kind === 'realtime' ? '0' : parseMoney(v.activeThreshold, money, { zero: true });
      if (threshold === null) unreadable(['activeThreshold']);
      if (ctx.issues.length) return z.NEVER;
      const terms = contractTerms.safeParse({
        kind: v.kind,
        tiers,
        ...(v.kind === 'realtime' ? {} : { activeThreshold: threshold }),
        ...(v.kind === 'dividend' && periodType ? { periodType } : {}),
      });
      if (!terms.success) {
        for (const issue of terms.error.issues) {
          const onField = issue.path[0] === 'tiers' || issue.path[0] === 'activeThreshold';
          ctx.addIssue({ code: 'custom', path: onField ? issue.path : ['root'], message: issue.message });
        }
        return z.NEVER;
      }
      return { terms: terms.data, note: v.note };
    });
type FormValues = z.input<ReturnType<typeof offerForm>>;

/** Translates the terms schema's and the server's rule messages into the reader's language. */
const ruleMessage = (t: AgentT, message: string): string => {
  const cap = /own rate of (\d+)/.exec(message);
  if (cap) return t('ag_err_rate_cap', { rate: bpsToPercent(Number(cap[1])) });
  if (message.includes('ask at least as much')) return t('ag_err_tier_thresholds');
  if (message.includes('lower rate')) return t('ag_err_tier_rates');
  if (message.includes('same thresholds')) return t('ag_err_tier_same');
  if (message.includes('active threshold')) return t('ag_err_active_threshold');
  if (message.includes('your own period')) return t('ag_err_dividend_period');
  if (message.includes('kind you do not hold')) return t('ag_err_kind_not_held');
  return message;
};

/**
 * Offer a direct downline agent a contract. It starts from the agent's own terms of that kind (an
 * offer may never pay more than what the agent itself receives) and lets it lower them.
 */
export function OfferContractModal({
  downline,
  own,
  onClose,
  onOffered,
}: {
  downline: { id: number; account: string };
  own: readonly ContractTerms[];
  onClose: () => void;
  onOffered?: (contractId: number) => void;
}) {
  const { t } = useAgentText();
  const money = useBrandMoney();
  const offer = useOfferContract();
  const [rootError, setRootError] = useState<string | null>(null);
  // Amounts are written with a decimal point, like the percentages beside them; parseMoney reads
  // either mark, so an agent may also type the locale's own.
  const fromTerms = (terms: ContractTerms): FormValues => ({
    kind: terms.kind,
    activeThreshold: 'activeThreshold' in terms ? editableAmount(terms.activeThreshold, money, '.') : '',
    tiers: (terms.tiers as Record<string, string | number>[]).map((tier) =>
      Object.fromEntries(
        fieldsOf(terms.kind).map((f) => [
          f,
          MONEY.has(f)
            ? editableAmount(String(tier[f]), money, '.')
            : f.endsWith('Rate') || f === 'rate'
              ? bpsToPercent(Number(tier[f]))
              : String(tier[f]),
        ]),
      ),
    ),
    note: '',
  });
  const byKind = useMemo(() => new Map(own.map((o) => [o.kind, o])), [own]);
  const formMessages = useFormMessages();
  const ownDividend = byKind.get('dividend');
  const { exponent, locale } = money;
  const resolver = useMemo(
    () =>
      contractResolver(
        offerForm({ exponent, locale }, ownDividend?.kind === 'dividend' ? ownDividend.periodType : undefined),
        (message) => formMessages.message(ruleMessage(t, message)),
      ),
    [exponent, locale, ownDividend, formMessages, t],
  );
  const form = useForm({
    resolver,
    defaultValues: own[0] ? fromTerms(own[0]) : { kind: 'daily', activeThreshold: '', tiers: [], note: '' },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' as never });
  const kind = form.watch('kind');
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setRootError(null);
    try {
      const created = await offer.mutateAsync({ body: { downlineId: downline.id, ...v } });
      showToast(t('ag_ct_sent'), 'success');
      onOffered?.(created.id);
      onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fields).length) {
        for (const [path, message] of Object.entries(err.fields)) {
          const local = path.replace(/^terms\./, '');
          if (local.startsWith('tiers.') || local === 'activeThreshold')
            form.setError(local as never, { message: ruleMessage(t, message) });
          else setRootError(ruleMessage(t, message));
        }
        return;
      }
      setRootError(errorText(t, err));
    }
  });

  const tierError = (i: number, f: string) =>
    (errors.tiers?.[i] as Record<string, { message?: string }> | undefined)?.[f]?.message;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      testId="ag-offer-modal"
      title={t('ag_ct_offer_to', { account: downline.account })}
    >
      {!own.length ? (
        <p className="ag-note" role="status">
          {t('ag_ct_nothing_to_offer')}
        </p>
      ) : (
        <form className="ag-form" onSubmit={submit} noValidate>
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_ct_kind')}</span>
            <select
              data-testid="ag-offer-kind"
              value={kind}
              onChange={(e) => {
                const next = byKind.get(e.target.value as ContractKind);
                if (next) form.reset(fromTerms(next));
              }}
            >
              {own.map((o) => (
                <option key={o.kind} value={o.kind}>
                  {t(`ag_kind_${o.kind}`)}
                </option>
              ))}
            </select>
          </label>
          <p className="ag-note">{t('ag_ct_cap_hint')}</p>
          {kind !== 'realtime' ? (
            <Input
              label={t('ag_f_activeThreshold')}
              inputMode="decimal"
              error={errors.activeThreshold?.message}
              data-testid="ag-offer-threshold"
              {...form.register('activeThreshold')}
            />
          ) : null}
          <fieldset className="ag-tiers">
            <legend>
              {t('ag_ct_tiers')} · <KindLabel kind={kind} />
            </legend>
            {tiers.fields.map((field, i) => (
              <div key={field.id} className="ag-tier" data-testid={`ag-tier-${i}`}>
                <span className="ag-tier__n">{i + 1}</span>
                {fieldsOf(kind).map((f) => (
                  <Input
                    key={f}
                    label={t(fieldLabelKey(kind, f))}
                    inputMode="decimal"
                    error={tierError(i, f)}
                    data-testid={`ag-tier-${i}-${f}`}
                    {...form.register(`tiers.${i}.${f}` as never)}
                  />
                ))}
                {tiers.fields.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    iconOnly
                    aria-label={t('ag_ct_remove_tier', { n: i + 1 })}
                    onClick={() => tiers.remove(i)}
                  >
                    <Icon name="close" size={16} />
                  </Button>
                ) : null}
              </div>
            ))}
            {tiers.fields.length < 20 ? (
              <Button
                variant="outline"
                size="sm"
                leadingIcon={<Icon name="sparkle" size={16} />}
                onClick={() => tiers.append({ ...(form.getValues('tiers').at(-1) ?? {}) } as never)}
              >
                {t('ag_ct_add_tier')}
              </Button>
            ) : null}
          </fieldset>
          <Input label={t('ag_f_note')} maxLength={200} {...form.register('note')} />
          {rootError || errors.root?.message ? (
            <p className="ag-form__error" role="alert">
              {rootError ?? errors.root?.message}
            </p>
          ) : null}
          <div className="ag-actions">
            <Button variant="ghost" onClick={onClose}>
              {t('ag_cancel')}
            </Button>
            <Button type="submit" loading={offer.isPending} data-testid="ag-offer-submit">
              {t('ag_ct_send_offer')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
