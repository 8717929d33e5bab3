import {
  LANGUAGES,
  PATTERN_IDS,
  VERIFICATION_METHODS,
  type AccountSettings,
  type BrandSettings,
  type Language,
  type PatternId,
  type RegisterSetting,
  type Theme,
} from '@app/contract';
import { useState, type CSSProperties } from 'react';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { useAccountSettings, useBrandSettings, useSetAccountSettings, useSetBrandSettings } from '../api/site.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { useSiteDeskText, type SiteDeskT } from '../hooks/useSiteDeskText.ts';
import { ImageField } from './ImageField.tsx';
import { DeskCard, ErrorLine, SaveOutcome, Select } from './parts.tsx';

const THEME_KEYS = [
  'primary',
  'primaryContrast',
  'accent',
  'background',
  'surface',
  'surfaceRaised',
  'text',
  'textMuted',
  'success',
  'danger',
] as const satisfies readonly (keyof Theme)[];

/** The site's look as the theme's CSS variables: the preview wears the colours being edited. */
const previewStyle = (theme: Theme) =>
  ({
    '--pv-primary': theme.primary,
    '--pv-primary-contrast': theme.primaryContrast,
    '--pv-bg': theme.background,
    '--pv-surface': theme.surface,
    '--pv-raised': theme.surfaceRaised,
    '--pv-text': theme.text,
    '--pv-muted': theme.textMuted,
    '--pv-accent': theme.accent,
  }) as CSSProperties;

function LookCard({ current, t, st }: { current: BrandSettings; t: ConsoleT; st: SiteDeskT }) {
  const save = useSetBrandSettings();
  const [f, setF] = useState(() => ({
    siteName: current.siteName,
    logoUrl: current.logoUrl,
    faviconUrl: current.faviconUrl,
    languages: current.languages,
    defaultLanguage: current.defaultLanguage,
    currencySymbol: current.currencySymbol,
    theme: current.theme,
  }));
  const err = (k: string) => save.error?.fields[k];
  const toggle = (l: Language, on: boolean) =>
    setF((x) => ({
      ...x,
      languages: on ? LANGUAGES.filter((y) => y === l || x.languages.includes(y)) : x.languages.filter((y) => y !== l),
    }));
  return (
    <DeskCard id="brand-look" title={st('sd_brand_look')} hint={st('sd_brand_look_hint')} testId="brand-look">
      <form
        className="console-form console-form--wide"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(f);
        }}
      >
        <div className="site-editor">
          <div className="site-editor__fields">
            <div className="console-fields">
              <Input
                label={st('sd_site_name')}
                value={f.siteName}
                onChange={(e) => setF((x) => ({ ...x, siteName: e.target.value }))}
                error={err('siteName')}
                data-testid="brand-site-name"
              />
              <Input
                label={st('sd_currency_symbol')}
                value={f.currencySymbol}
                maxLength={8}
                onChange={(e) => setF((x) => ({ ...x, currencySymbol: e.target.value }))}
                error={err('currencySymbol')}
                hint={st('sd_currency_fixed', { currency: current.currency, digits: current.currencyExponent })}
                data-testid="brand-currency-symbol"
              />
            </div>
            <ImageField
              label={st('sd_logo')}
              value={f.logoUrl}
              onChange={(v) => setF((x) => ({ ...x, logoUrl: v }))}
              error={err('logoUrl')}
              st={st}
              testId="brand-logo"
            />
            <ImageField
              label={st('sd_favicon')}
              value={f.faviconUrl}
              onChange={(v) => setF((x) => ({ ...x, faviconUrl: v }))}
              error={err('faviconUrl')}
              st={st}
              testId="brand-favicon"
            />
            <fieldset className="console-checks">
              <legend className="field__label">{st('sd_languages')}</legend>
              {LANGUAGES.map((l) => (
                <Checkbox
                  key={l}
                  label={l}
                  checked={f.languages.includes(l)}
                  onChange={(e) => toggle(l, e.target.checked)}
                  data-testid={`brand-language-${l}`}
                />
              ))}
            </fieldset>
            {err('languages') ? <p className="field__error">{err('languages')}</p> : null}
            <Select
              label={st('sd_default_language')}
              value={f.defaultLanguage}
              values={f.languages.length ? f.languages : LANGUAGES}
              name={(l) => l}
              onChange={(v) => setF((x) => ({ ...x, defaultLanguage: v }))}
              testId="brand-default-language"
            />
            {err('defaultLanguage') ? <p className="field__error">{err('defaultLanguage')}</p> : null}
            <fieldset className="site-colours">
              <legend className="field__label">{st('sd_colours')}</legend>
              {THEME_KEYS.map((k) => (
                <label key={k} className="site-colour">
                  <input
                    type="color"
                    value={f.theme[k]}
                    onChange={(e) => setF((x) => ({ ...x, theme: { ...x.theme, [k]: e.target.value } }))}
                    data-testid={`brand-colour-${k}`}
                  />
                  <span>{st(`sd_colour_${k}`)}</span>
                  <code>{f.theme[k]}</code>
                </label>
              ))}
            </fieldset>
          </div>
          <figure className="site-preview" aria-label={st('sd_preview')} data-testid="brand-preview">
            <figcaption className="field__label">{st('sd_preview')}</figcaption>
            <div className="site-preview__site" style={previewStyle(f.theme)}>
              <div className="site-preview__header">
                {f.logoUrl ? <img src={f.logoUrl} alt="" height={28} width={96} /> : null}
                <strong>{f.siteName}</strong>
                <span className="site-preview__balance">{f.currencySymbol} 1.250,00</span>
              </div>
              <div className="site-preview__body">
                <div className="site-preview__tile">
                  <span>{st('sd_pv_game')}</span>
                  <small>{st('sd_pv_vendor')}</small>
                </div>
                <div className="site-preview__tile site-preview__tile--raised">
                  <span className="site-preview__accent">{st('sd_pv_hot')}</span>
                </div>
                <span className="site-preview__cta">{st('sd_pv_deposit')}</span>
              </div>
            </div>
          </figure>
        </div>
        <div className="console-actions">
          <Button type="submit" loading={save.isPending} data-testid="brand-look-save">
            {t('cs_save')}
          </Button>
          <SaveOutcome save={save} t={t} />
        </div>
      </form>
    </DeskCard>
  );
}

type FieldDraft = {
  field: RegisterSetting['fields'][number]['field'];
  enabled: boolean;
  required: boolean;
  patternId: PatternId;
  minLength: string;
  maxLength: string;
};

function RegisterCard({ current, t, st }: { current: RegisterSetting; t: ConsoleT; st: SiteDeskT }) {
  const save = useSetBrandSettings();
  const [s, setS] = useState(() => ({
    mobileRegistration: current.mobileRegistration,
    usernameRegistration: current.usernameRegistration,
    smsVerification: current.smsVerification,
    captcha: current.captcha,
    smsExpiredMinutes: String(current.smsExpiredMinutes),
  }));
  const [fields, setFields] = useState<FieldDraft[]>(() =>
    current.fields.map((f) => ({
      field: f.field,
      enabled: f.enabled,
      required: f.required,
      patternId: f.rule.patternId,
      minLength: String(f.rule.minLength),
      maxLength: String(f.rule.maxLength),
    })),
  );
  const [local, setLocal] = useState<Record<string, string>>({});
  const err = (k: string) => local[k] ?? save.error?.fields[`register.${k}`];
  const setField = (i: number, v: Partial<FieldDraft>) =>
    setFields((l) => l.map((x, j) => (j === i ? { ...x, ...v } : x)));
  const fixed = (f: FieldDraft) => f.field === 'username' || f.field === 'password';

  const submit = () => {
    const bad: Record<string, string> = {};
    const whole = (v: string, k: string) => {
      if (!/^\d{1,3}$/.test(v.trim())) bad[k] = t('cs_whole_number');
      return Number(v.trim());
    };
    const body = {
      mobileRegistration: s.mobileRegistration,
      usernameRegistration: s.usernameRegistration,
      smsVerification: s.smsVerification,
      captcha: s.captcha,
      smsExpiredMinutes: whole(s.smsExpiredMinutes, 'smsExpiredMinutes'),
      fields: fields.map((f, i) => ({
        field: f.field,
        enabled: f.enabled || f.required,
        required: f.required,
        patternId: f.patternId,
        minLength: whole(f.minLength, `fields.${i}.minLength`),
        maxLength: whole(f.maxLength, `fields.${i}.maxLength`),
      })),
    };
    setLocal(bad);
    if (!Object.keys(bad).length) save.mutate({ register: body });
  };

  const shown = fields.filter((f) => f.enabled || f.required);
  return (
    <DeskCard id="brand-register" title={st('sd_register')} hint={st('sd_register_hint')} testId="brand-register">
      <form
        className="console-form console-form--wide"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="console-fields">
          {(['mobileRegistration', 'usernameRegistration', 'smsVerification', 'captcha'] as const).map((k) => (
            <Checkbox
              key={k}
              label={st(`sd_reg_${k}`)}
              checked={s[k]}
              onChange={(e) => setS((x) => ({ ...x, [k]: e.target.checked }))}
              error={err(k)}
              data-testid={`register-setting-${k}`}
            />
          ))}
          <Input
            label={st('sd_reg_sms_minutes')}
            inputMode="numeric"
            value={s.smsExpiredMinutes}
            onChange={(e) => setS((x) => ({ ...x, smsExpiredMinutes: e.target.value }))}
            error={err('smsExpiredMinutes')}
          />
        </div>
        <div className="console-table-wrap">
          <table className="console-table console-table--compact" data-testid="register-fields">
            <caption className="visually-hidden">{st('sd_register_fields')}</caption>
            <thead>
              <tr>
                <th scope="col">{st('sd_reg_field')}</th>
                <th scope="col">{st('sd_reg_shown')}</th>
                <th scope="col">{st('sd_reg_required')}</th>
                <th scope="col">{st('sd_reg_pattern')}</th>
                <th scope="col">{st('sd_reg_min')}</th>
                <th scope="col">{st('sd_reg_max')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f, i) => (
                <tr key={f.field} data-testid="register-field" data-field={f.field}>
                  <th scope="row">{st(`sd_field_${f.field}`)}</th>
                  <td>
                    <Checkbox
                      label={st('sd_reg_shown')}
                      className="site-cell-check"
                      checked={f.enabled || f.required}
                      disabled={fixed(f)}
                      onChange={(e) =>
                        setField(i, { enabled: e.target.checked, ...(e.target.checked ? {} : { required: false }) })
                      }
                      data-testid={`register-${f.field}-shown`}
                    />
                  </td>
                  <td>
                    <Checkbox
                      label={st('sd_reg_required')}
                      className="site-cell-check"
                      checked={f.required}
                      disabled={fixed(f)}
                      onChange={(e) => setField(i, { required: e.target.checked })}
                      data-testid={`register-${f.field}-required`}
                    />
                  </td>
                  <td>
                    <Select<PatternId>
                      label={st('sd_reg_pattern')}
                      value={f.patternId}
                      values={PATTERN_IDS}
                      name={(p) => st(`sd_pattern_${p}`)}
                      onChange={(v) => setField(i, { patternId: v })}
                      testId={`register-${f.field}-pattern`}
                      hideLabel
                    />
                  </td>
                  <td>
                    <Input
                      label={st('sd_reg_min')}
                      hideLabel
                      inputMode="numeric"
                      className="site-num-input"
                      value={f.minLength}
                      onChange={(e) => setField(i, { minLength: e.target.value })}
                      error={err(`fields.${i}.minLength`)}
                      data-testid={`register-${f.field}-min`}
                    />
                  </td>
                  <td>
                    <Input
                      label={st('sd_reg_max')}
                      hideLabel
                      inputMode="numeric"
                      className="site-num-input"
                      value={f.maxLength}
                      onChange={(e) => setField(i, { maxLength: e.target.value })}
                      error={err(`fields.${i}.maxLength`)}
                      data-testid={`register-${f.field}-max`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <figure className="site-preview" aria-label={st('sd_preview')} data-testid="register-preview">
          <figcaption className="field__label">{st('sd_preview')}</figcaption>
          <ul className="site-preview__form">
            {shown.map((f) => (
              <li key={f.field}>
                <span>
                  {st(`sd_field_${f.field}`)}
                  {f.required ? ' *' : ''}
                </span>
                <small>
                  {st(`sd_pattern_${f.patternId}`)} · {f.minLength}–{f.maxLength}
                </small>
              </li>
            ))}
          </ul>
        </figure>
        <div className="console-actions">
          <Button type="submit" loading={save.isPending} data-testid="register-setting-save">
            {t('cs_save')}
          </Button>
          <ErrorLine error={save.error} />
          {save.isSuccess ? (
            <p className="console-ok" role="status" data-testid="register-setting-saved">
              {t('cs_saved')}
            </p>
          ) : null}
        </div>
      </form>
    </DeskCard>
  );
}

function SecurityCard({ current, t, st }: { current: AccountSettings; t: ConsoleT; st: SiteDeskT }) {
  const save = useSetAccountSettings();
  const [f, setF] = useState(() => ({ ...current, days: String(current.passwordExpiry.days) }));
  return (
    <DeskCard id="brand-security" title={st('sd_security')} hint={st('sd_security_hint')} testId="brand-security">
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            passwordExpiry: { enabled: f.passwordExpiry.enabled, days: Number(f.days) || 0 },
            extraVerification: f.extraVerification,
            trialPlayMoney: f.trialPlayMoney,
          });
        }}
      >
        <Checkbox
          label={st('sd_password_expiry')}
          checked={f.passwordExpiry.enabled}
          onChange={(e) => setF((x) => ({ ...x, passwordExpiry: { ...x.passwordExpiry, enabled: e.target.checked } }))}
          data-testid="security-expiry"
        />
        <Input
          label={st('sd_password_days')}
          inputMode="numeric"
          value={f.days}
          onChange={(e) => setF((x) => ({ ...x, days: e.target.value }))}
          error={save.error?.fields['passwordExpiry.days']}
          disabled={!f.passwordExpiry.enabled}
        />
        <Checkbox
          label={st('sd_extra_verification')}
          checked={f.extraVerification.enabled}
          onChange={(e) =>
            setF((x) => ({ ...x, extraVerification: { ...x.extraVerification, enabled: e.target.checked } }))
          }
          data-testid="security-extra"
        />
        <fieldset className="console-checks" disabled={!f.extraVerification.enabled}>
          <legend className="field__label">{st('sd_extra_methods')}</legend>
          {VERIFICATION_METHODS.map((m) => (
            <Checkbox
              key={m}
              label={st(`sd_method_${m}`)}
              checked={f.extraVerification.methods.includes(m)}
              onChange={(e) =>
                setF((x) => ({
                  ...x,
                  extraVerification: {
                    ...x.extraVerification,
                    methods: e.target.checked
                      ? VERIFICATION_METHODS.filter((y) => y === m || x.extraVerification.methods.includes(y))
                      : x.extraVerification.methods.filter((y) => y !== m),
                  },
                }))
              }
            />
          ))}
        </fieldset>
        <p className="console-muted">{st('sd_captcha_note')}</p>
        <div className="console-actions">
          <Button type="submit" loading={save.isPending} data-testid="security-save">
            {t('cs_save')}
          </Button>
          <SaveOutcome save={save} t={t} />
        </div>
      </form>
    </DeskCard>
  );
}

/**
 * The brand desk (issue 21, decision 082), for administrators: the site's name, logo, languages,
 * currency symbol and colours with a live preview; the registration form's fields and rules; the
 * password expiry and the extra verification. Saved changes reach every server instance at once.
 */
export function BrandDesk({ t }: { t: ConsoleT }) {
  const { t: st, ready } = useSiteDeskText();
  const brand = useBrandSettings(true);
  const account = useAccountSettings(true);
  if (!ready) return <p className="console-muted">{t('cs_loading')}</p>;
  return (
    <div className="console-panel" data-testid="brand-desk">
      <ErrorLine error={brand.error ?? account.error} />
      {/* Each form starts from the first answer and keeps its own state after a save (the list refreshes under it). */}
      {brand.data ? (
        <>
          <LookCard current={brand.data} t={t} st={st} />
          <RegisterCard current={brand.data.register} t={t} st={st} />
        </>
      ) : null}
      {account.data ? <SecurityCard current={account.data} t={t} st={st} /> : null}
      {!brand.data && !brand.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
    </div>
  );
}
