import {
  OPTIONAL_REGISTER_FIELDS,
  SIGN_UP_LIMITS,
  REGISTER_SMS_COUNTDOWN_SECONDS,
  registerBody,
  validateRegistration,
  type FieldIssue,
  type LoginValue,
  type OptionalRegisterField,
  type RegisterMode,
  type RegisterSetting,
} from '@app/contract';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Input, type IconName } from '../../../components/ui/index.ts';
import { parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useRegister } from '../api/register.ts';
import { useSendRegisterCode } from '../api/smsRegister.ts';
import { useAuthMessages } from '../hooks/messages.ts';
import { usePasswordRuleHint } from '../hooks/passwordHint.ts';
import { applyApiError } from '../../../lib/forms/applyApiError.ts';
import { addFieldIssues, contractResolver } from '../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { CountryCodeSelect, useDefaultDialingCode } from './CountryCodeSelect.tsx';
import { InvitationCodeField } from './InvitationCodeField.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';

type TextField =
  'username' | 'password' | 'confirmPassword' | 'mobileNum' | 'verificationCode' | 'birthday' | OptionalRegisterField;
const TEXT_FIELDS: readonly TextField[] = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'birthday',
  ...OPTIONAL_REGISTER_FIELDS,
];
type LimitField = keyof typeof SIGN_UP_LIMITS;
const LIMIT_FIELDS = Object.keys(SIGN_UP_LIMITS) as LimitField[];
const LIMIT_LABEL = {
  depositLimitDay: 'rg_per_day',
  depositLimitWeek: 'rg_per_week',
  depositLimitMonth: 'rg_per_month',
} as const;

/**
 * The register body's fields the form shows, checked against the brand's setting by the rules the
 * server applies (contract validateRegistration), each issue in the reader's words.
 */
const registerForm = (
  setting: RegisterSetting,
  mode: RegisterMode,
  context: { countryDialingCode: string; referralCode: string },
  issueText: (issue: FieldIssue) => string,
) =>
  registerBody
    .pick({
      ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, true])) as Record<TextField, true>),
      agreeTerms: true,
      ageConfirmed: true,
    })
    .superRefine((values, ctx) =>
      addFieldIssues(ctx, validateRegistration(setting, { ...values, ...context }, mode), issueText),
    );

const FIELD_META: Record<
  OptionalRegisterField,
  { label: string; icon: IconName; type?: string; inputMode?: 'numeric' | 'email' }
> = {
  payeeName: { label: 'payee_name', icon: 'user' },
  email: { label: 'email', icon: 'mail', type: 'email', inputMode: 'email' },
  qqNum: { label: 'qq_num', icon: 'message', inputMode: 'numeric' },
  line: { label: 'line_id', icon: 'message' },
  whatsapp: { label: 'whatsapp', icon: 'phone', inputMode: 'numeric' },
  facebook: { label: 'facebook', icon: 'globe' },
  wechat: { label: 'wechat', icon: 'message' },
  idNumber: { label: 'id_number', icon: 'receipt' },
  recommenderId: { label: 'recommender_id', icon: 'users' },
  affiliateCode: { label: 'affiliate_code', icon: 'gift' },
  paymentPassword: { label: 'payment_password', icon: 'key', type: 'password', inputMode: 'numeric' },
  captcha: { label: 'captcha', icon: 'shield' },
};

export interface RegisterFormProps {
  mode: RegisterMode;
  setting: RegisterSetting;
  referralCode?: string | undefined;
  onRegistered: (login: LoginValue | null) => void;
}

/**
 * One registration tab (spec §3, §5): the fields the brand's setting shows, each checked by the
 * same rules the server applies (contract validateRegistration), the message from the rule's
 * patternId with min and max; 18+ confirmation and terms.
 */
export function RegisterForm({ mode, setting, referralCode, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const fallbackDial = useDefaultDialingCode();
  const [dial, setDial] = useState<string | null>(null);
  const dialingCode = dial ?? fallbackDial;
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const money = useBrandMoney();
  // The deposit limits offered at sign-up (issue 24): typed in the brand's money, sent in minor units.
  const [limits, setLimits] = useState<Record<LimitField, string>>({
    depositLimitDay: '',
    depositLimitWeek: '',
    depositLimitMonth: '',
  });
  const [limitErrors, setLimitErrors] = useState<Partial<Record<LimitField, string>>>({});
  const passwordHint = usePasswordRuleHint();
  const fieldOf = (name: string) => setting.fields.find((f) => f.field === name);
  const showMobile = mode === 'mobile' || !!fieldOf('mobileNum')?.enabled;
  // The same rule as the contract's validateRegistration: the mobile is required by the mode or the
  // setting; the SMS code only once there is a mobile to send it to (and SMS verification is on).
  const mobileRequired = mode === 'mobile' || !!(fieldOf('mobileNum')?.enabled && fieldOf('mobileNum')?.required);
  const optional = OPTIONAL_REGISTER_FIELDS.filter((name) =>
    name === 'captcha'
      ? setting.captcha || !!fieldOf(name)?.enabled
      : name === 'affiliateCode'
        ? !!fieldOf(name)?.enabled || !!referralCode
        : !!fieldOf(name)?.enabled,
  );

  const formMessages = useFormMessages();
  const resolver = useMemo(
    () =>
      contractResolver(
        registerForm(
          setting,
          mode,
          { countryDialingCode: dialingCode, referralCode: referralCode ?? '' },
          formMessages.issue,
        ),
        formMessages.message,
      ),
    [setting, dialingCode, referralCode, mode, formMessages],
  );
  const empty = Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextField, string>;
  const form = useForm({
    resolver,
    defaultValues: { ...empty, affiliateCode: referralCode ?? '', agreeTerms: false, ageConfirmed: false },
  });
  const { errors } = form.formState;
  const mobileTyped = (form.watch('mobileNum') ?? '').trim() !== '';
  const register = useRegister(mode);
  const sendCode = useSendRegisterCode();

  const send = async (): Promise<number | null> => {
    setFormError(null);
    if (!(await form.trigger('mobileNum'))) return null;
    try {
      const value = await sendCode.mutateAsync({
        body: { countryDialingCode: dialingCode, mobileNum: (form.getValues('mobileNum') ?? '').trim() },
      });
      return value.expiredMinutes ? value.expiredMinutes * 60 : REGISTER_SMS_COUNTDOWN_SECONDS;
    } catch (error) {
      const placed = messages.fields(error);
      if (placed.mobileNum) form.setError('mobileNum', { type: 'server', message: placed.mobileNum });
      else setFormError(messages.error(error));
      return null;
    }
  };

  const limitValues = () => {
    const out: Partial<Record<LimitField, string>> = {};
    const bad: Partial<Record<LimitField, string>> = {};
    for (const name of LIMIT_FIELDS) {
      const typed = limits[name].trim();
      if (!typed) continue;
      const minor = parseMoney(typed, money);
      if (!minor || /^0+$/.test(minor)) bad[name] = t('rg_invalid_amount');
      else out[name] = minor;
    }
    setLimitErrors(bad);
    return Object.keys(bad).length ? null : out;
  };

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    const limitBody = limitValues();
    if (!limitBody) return;
    const pick = (k: TextField) => (v[k] ? { [k]: v[k] } : {});
    try {
      const value = await register.mutateAsync({
        body: {
          ...pick('username'),
          password: v.password,
          confirmPassword: v.confirmPassword,
          ...(showMobile ? { ...pick('mobileNum'), ...pick('verificationCode') } : {}),
          ...(showMobile && v.mobileNum ? { countryDialingCode: dialingCode } : {}),
          ...Object.assign({}, ...optional.map(pick)),
          ...pick('birthday'),
          ...limitBody,
          ...(referralCode ? { referralCode } : {}),
          domain: window.location.host,
          registerUrl: window.location.href.slice(0, 500),
          registerMethod: 'WEB',
          login: true,
          agreeTerms: v.agreeTerms,
          ageConfirmed: v.ageConfirmed,
        },
      });
      onRegistered(value.login);
    } catch (error) {
      const fields = messages.fields(error);
      const message = messages.error(error);
      const fieldNames = [...TEXT_FIELDS, 'agreeTerms', 'ageConfirmed'] as const;
      const limitFields = LIMIT_FIELDS.filter((name) => fields[name]);
      if (limitFields.length)
        setLimitErrors(Object.fromEntries(limitFields.map((name) => [name, t('rg_above_maximum')])));
      const rest = limitFields.length
        ? null
        : applyApiError(error, fieldNames, form.setError, message, { fields, message });
      if (fields.captcha || messages.wantsCaptcha(error)) {
        form.setValue('captcha', '');
        setCaptchaKey((k) => k + 1);
      }
      setFormError(rest);
    }
  });

  const text = (name: TextField, label: string, icon: IconName, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      key={name}
      label={label}
      icon={icon}
      error={errors[name]?.message}
      data-testid={`register-${name}`}
      {...extra}
      {...form.register(name)}
    />
  );

  return (
    <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate data-testid={`register-form-${mode}`}>
      {formError ? (
        <p className="form-error" role="alert" data-testid="register-error">
          {formError}
        </p>
      ) : null}
      {mode === 'username'
        ? text('username', t('username'), 'user', {
            placeholder: t('username_placeholder'),
            autoComplete: 'username',
            required: true,
          })
        : null}
      {showMobile ? (
        <>
          <div className="auth-phone">
            <CountryCodeSelect value={dialingCode} onChange={setDial} />
            {text('mobileNum', t('mobile'), 'phone', {
              placeholder: t('mobile_placeholder'),
              inputMode: 'numeric',
              autoComplete: 'tel-national',
              required: mobileRequired,
            })}
          </div>
          {setting.smsVerification
            ? text('verificationCode', t('sms_code'), 'key', {
                placeholder: t('sms_code_placeholder'),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 6,
                required: mobileRequired || mobileTyped,
                trailing: <SendCodeButton onSend={send} pending={sendCode.isPending} testId="register-send-code" />,
              })
            : null}
        </>
      ) : null}
      {text('password', t('password'), 'lock', {
        type: 'password',
        autoComplete: 'new-password',
        revealable: true,
        required: true,
        ...(errors.password ? {} : { hint: passwordHint }),
      })}
      {text('confirmPassword', t('confirm_password'), 'lock', {
        type: 'password',
        autoComplete: 'new-password',
        revealable: true,
        required: true,
      })}
      {optional.map((name) => {
        const meta = FIELD_META[name];
        const required = name === 'captcha' ? true : !!fieldOf(name)?.required;
        if (name === 'captcha') {
          return (
            <CaptchaField key={`captcha-${captchaKey}`} error={errors.captcha?.message} {...form.register('captcha')} />
          );
        }
        if (name === 'affiliateCode') {
          return (
            <Controller
              key={name}
              control={form.control}
              name="affiliateCode"
              render={({ field }) => (
                <InvitationCodeField
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors.affiliateCode?.message}
                  required={required}
                  fromLink={!!referralCode}
                />
              )}
            />
          );
        }
        return text(name, t(meta.label as 'email'), meta.icon, {
          required,
          ...(meta.type ? { type: meta.type, revealable: meta.type === 'password' } : {}),
          ...(meta.inputMode ? { inputMode: meta.inputMode } : {}),
          ...(name === 'payeeName' ? { hint: t('payee_name_hint') } : {}),
        });
      })}
      {text('birthday', t('register_birthday'), 'clock', {
        // Typed as the contract reads it, not in the browser's locale (a native date field shows that).
        placeholder: 'yyyy-MM-dd',
        required: true,
        autoComplete: 'bday',
        maxLength: 10,
        hint: t('register_birthday_hint'),
      })}
      <details className="register-limits" data-testid="register-limits">
        <summary>{t('register_limits_title')}</summary>
        <p className="register-limits__intro">{t('register_limits_intro')}</p>
        {LIMIT_FIELDS.map((name) => (
          <Input
            key={name}
            label={`${t('rg_group_deposit')} · ${t(LIMIT_LABEL[name])}`}
            icon="wallet"
            inputMode="decimal"
            placeholder={t('register_limit_none')}
            value={limits[name]}
            error={limitErrors[name]}
            data-testid={`register-${name}`}
            onChange={(e) => setLimits((l) => ({ ...l, [name]: e.target.value }))}
          />
        ))}
      </details>
      <Checkbox
        label={t('age_confirm')}
        error={errors.ageConfirmed?.message}
        data-testid="register-age"
        {...form.register('ageConfirmed')}
      />
      <Checkbox
        label={
          <>
            {t('terms_accept')}{' '}
            <a href="/help#term" target="_blank" rel="noopener" className="text-link">
              {t('help_term')}
            </a>
          </>
        }
        error={errors.agreeTerms?.message}
        data-testid="register-terms"
        {...form.register('agreeTerms')}
      />
      <Button type="submit" size="lg" block loading={register.isPending} data-testid="register-submit">
        {t('register_submit')}
      </Button>
    </form>
  );
}
