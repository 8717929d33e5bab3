import {
  AGENT_CHILD_TYPES,
  checkFieldRule,
  registerDownlineBody,
  ruleMessageEn,
  type FieldIssue,
  type FieldRule,
} from '@app/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input } from '../../../../components/ui/index.ts';
import { textFor } from '../../../../lib/forms/amount.ts';
import { contractResolver } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { useSystemStatus } from '../../../../lib/system/index.ts';
import { useAffiliateLinks } from '../../api/affiliateLinks.ts';
import { useDownlines } from '../../api/downlines.ts';
import { useRegisterDownline } from '../../api/registerDownline.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, Section } from '../Bits.tsx';
import { CopyButton } from '../Copy.tsx';
import { OneTimePassword } from '../OneTimePassword.tsx';
import { QrCode } from '../QrCode.tsx';
import { QueryView, errorText } from '../QueryView.tsx';

const { shape } = registerDownlineBody;
/**
 * The register-downline body from the form's text fields and selects: an empty nickname or upline
 * is left out, and the username follows the brand's username rule.
 */
const registerDownlineForm = (rule: FieldRule | undefined, issueText: (issue: FieldIssue) => string) =>
  z
    .object({
      username: textFor(shape.username, z.string().trim().min(1, 'field_required')),
      type: textFor(shape.type, z.string(), Number),
      nickname: textFor(shape.nickname, z.string(), (text) => text.trim() || undefined),
      uplineId: textFor(shape.uplineId, z.string(), (text) => text || undefined),
    })
    .superRefine((v, ctx) => {
      // An empty username already has its message; the brand's rule speaks about the rest.
      const broken = rule && v.username ? checkFieldRule(rule, v.username) : null;
      if (broken)
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: issueText({
            key: broken.key,
            params: { min: broken.min, max: broken.max },
            message: ruleMessageEn(broken),
          }),
        });
    });

function CreateDownline({ mine }: { mine: number[] }) {
  const { t } = useAgentText();
  const { t: tg } = useTranslation();
  const { register: registerSetting } = useSystemStatus();
  const rule = registerSetting.fields.find((f) => f.field === 'username')?.rule;
  const mutation = useRegisterDownline();
  const [created, setCreated] = useState<{
    account: string;
    password: string;
    expiresAt: string;
    type: number;
    upline: string;
  } | null>(null);
  const formMessages = useFormMessages();
  const resolver = useMemo(
    () => contractResolver(registerDownlineForm(rule, formMessages.issue), formMessages.message),
    [rule, formMessages],
  );
  const form = useForm({ resolver, defaultValues: { username: '', type: '0', nickname: '', uplineId: '' } });
  const { errors } = form.formState;
  // Create it under me, or under one of the agents of my team.
  const agents = useDownlines({ scope: 'team', type: 'agent', pageSize: 100 });
  const uplineId = form.watch('uplineId');
  const chosen = agents.data?.list.find((a) => String(a.id) === uplineId);
  const creatable = chosen ? [0, ...(AGENT_CHILD_TYPES[chosen.type] ?? [])] : mine;

  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await mutation.mutateAsync({
        body: v,
      });
      setCreated({
        account: r.account,
        password: r.oneTimePassword,
        expiresAt: r.oneTimePasswordExpiresAt,
        type: r.type,
        upline: r.upline,
      });
      const { type, uplineId: upline } = form.getValues();
      form.reset({ username: '', type, nickname: '', uplineId: upline });
      void agents.refetch();
    } catch (err) {
      const e = err as { fields?: Record<string, string> };
      if (e.fields?.username) form.setError('username', { message: errorText(t, err) });
      else form.setError('root', { message: errorText(t, err) });
    }
  });

  return (
    <Section title={t('ag_reg_title')} testId="ag-register">
      <form className="ag-form" onSubmit={submit} noValidate>
        <Input
          label={t('ag_reg_username')}
          autoComplete="off"
          required
          error={errors.username?.message}
          hint={
            rule ? tg(`pattern_${rule.patternId}` as never, { min: rule.minLength, max: rule.maxLength }) : undefined
          }
          data-testid="ag-reg-username"
          {...form.register('username')}
        />
        {agents.data?.list.length ? (
          <label className="ag-select">
            <span className="ag-select__label">{t('ag_reg_upline')}</span>
            <select
              data-testid="ag-reg-upline"
              {...form.register('uplineId', { onChange: () => form.setValue('type', '0') })}
            >
              <option value="">{t('ag_reg_upline_me')}</option>
              {agents.data.list.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.account}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="ag-select">
          <span className="ag-select__label">{t('ag_reg_type')}</span>
          <select data-testid="ag-reg-type" {...form.register('type')}>
            {creatable.map((type) => (
              <option key={type} value={type}>
                {t(`ag_type_${type}` as never)}
              </option>
            ))}
          </select>
        </label>
        <Input
          label={t('ag_reg_nickname')}
          autoComplete="off"
          maxLength={24}
          data-testid="ag-reg-nickname"
          {...form.register('nickname')}
        />
        {errors.root ? (
          <p className="ag-form__error" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <Button
          type="submit"
          loading={mutation.isPending}
          leadingIcon={<Icon name="user" size={16} />}
          data-testid="ag-reg-submit"
        >
          {t('ag_reg_submit')}
        </Button>
      </form>
      {created ? (
        <div className="ag-success" role="status" data-testid="ag-reg-done">
          <Icon name="check" size={20} />
          <div>
            <p className="ag-success__title">
              {t('ag_reg_done', { account: created.account })}{' '}
              <Badge tone="info">{t(`ag_type_${created.type}` as never)}</Badge>{' '}
              <span className="ag-muted">{t('ag_reg_under', { account: created.upline })}</span>
            </p>
            <OneTimePassword password={created.password} expiresAt={created.expiresAt} />
          </div>
        </div>
      ) : null}
    </Section>
  );
}

/** registerCenter: create downline accounts, and the invitation code and links with QR codes. */
export function RegisterCenterPage() {
  const { t } = useAgentText();
  const links = useAffiliateLinks();
  return (
    <div className="ag-page" data-testid="ag-register-center">
      <QueryView query={links} rows={3}>
        {(v) => (
          <>
            <CreateDownline mine={v.creatableTypes} />
            <Section title={t('ag_reg_links')} testId="ag-links">
              <p className="ag-code">
                <span>{t('ag_reg_code')}</span>
                <strong data-testid="ag-affiliate-code">{v.code}</strong>
                <CopyButton text={v.code} label={t('ag_copy')} />
              </p>
              <ul className="ag-links">
                {v.links.map((l) => (
                  <li key={l.url} className="ag-link">
                    <QrCode
                      text={l.url}
                      size={v.qr.size}
                      margin={v.qr.margin}
                      alt={t('ag_reg_qr_alt', { domain: l.domain })}
                    />
                    <div className="ag-link__text">
                      <span className="ag-link__domain">
                        {l.domain} {l.mirror ? <Badge>{t('ag_reg_mirror')}</Badge> : null}
                      </span>
                      <span className="ag-link__url">{l.url}</span>
                    </div>
                    <CopyButton text={l.url} label={t('ag_reg_copy_link')} />
                  </li>
                ))}
              </ul>
            </Section>
          </>
        )}
      </QueryView>
    </div>
  );
}
