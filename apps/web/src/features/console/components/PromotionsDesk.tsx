import {
  CLAIM_MODES,
  DEPOSIT_TRIGGERS,
  GAME_TYPES,
  LANGUAGES,
  PROMOTION_AUDIENCES,
  PROMOTION_GUARDS,
  PROMOTION_LIMITS,
  PROMOTION_TRIGGERS,
  PROMOTION_TYPES,
  REWARD_FORMULAS,
  type Language,
  type OperatorPromotion,
  type PromotionCreateBody,
  type PromotionGuard,
  type PublicPromotion,
} from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '../../../components/ui/index.ts';
import { fromContractLanguage } from '../../../i18n/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { usePromotionPreview } from '../../../lib/promotionPreview.ts';
import {
  useCreatePromotion,
  useEndPromotion,
  usePromotionDesk,
  usePromotionReport,
  useUpdatePromotion,
} from '../api/promotions.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { ApplicationsDesk } from './ApplicationsDesk.tsx';
import { CheckSet, DeskCard, DeskTable, DoneLine, ErrorLine, LanguageTabs, localInput, Select } from './parts.tsx';
import { PromptModal } from './PromptModal.tsx';
import { RebateDesk } from './RebateDesk.tsx';
import { ReferralDesk } from './ReferralDesk.tsx';
import { TextArea } from './TextArea.tsx';

type Texts = Record<Language, { title: string; description: string; terms: string }>;
const blankTexts = (): Texts =>
  Object.fromEntries(LANGUAGES.map((l) => [l, { title: '', description: '', terms: '' }])) as Texts;

const isDepositTrigger = (trigger: string) => (DEPOSIT_TRIGGERS as readonly string[]).includes(trigger);

const titleOf = (p: OperatorPromotion) => p.texts.PT?.title ?? Object.values(p.texts)[0]?.title ?? `#${p.id}`;

/**
 * The promotions desk (issue 19, decision 065): the brand's promotions with their state, a form to
 * create or edit one in every language (type, window, audience, trigger, reward, wagering, claim
 * mode, limit), End with a reason, a report per promotion, and the activity applications to review
 * (decision 086).
 */
export function PromotionsDesk({ t }: { t: ConsoleT }) {
  const { t: tg } = useTranslation();
  const q = usePromotionDesk();
  const end = useEndPromotion();
  const money = useBrandMoney();
  const [editing, setEditing] = useState<OperatorPromotion | null>(null);
  const [ending, setEnding] = useState<OperatorPromotion | null>(null);
  const [reportOf, setReportOf] = useState<OperatorPromotion | null>(null);
  const [done, setDone] = useState('');
  const order = { live: 0, scheduled: 1, ended: 2 } as const;
  const list = [...(q.data ?? [])].sort((a, b) => order[a.state] - order[b.state]);

  return (
    <div className="console-panel" data-testid="promotions-desk">
      <DeskCard id="promotions-list" title={t('cs_promotions')} hint={t('cs_pr_list_hint')} testId="promotions-card">
        <ErrorLine error={q.error} />
        {q.isPending && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
        <DoneLine text={done} testId="promotions-done" />
        {q.data ? (
          <DeskTable
            testId="promotions-table"
            caption={t('cs_promotions')}
            columns={[
              { label: '#', numeric: true },
              { label: t('cs_pr_title'), wide: true },
              { label: t('cs_pr_type') },
              { label: t('cs_pr_trigger') },
              { label: t('cs_pr_state') },
              { label: t('cs_pr_window') },
              { label: t('cs_pr_actions') },
            ]}
            empty={!list.length}
            emptyText={t('cs_pr_empty')}
            compact
            t={t}
          >
            {list.map((p) => (
              <tr key={p.id} data-testid="promotion-row" data-state={p.state}>
                <td className="console-num">{p.id}</td>
                <td>
                  <strong className="console-name">{titleOf(p)}</strong>
                </td>
                <td>{tg(`promo_type_${p.type}`)}</td>
                <td>{t(`cs_pr_trigger_${p.trigger}`)}</td>
                <td>{t(`cs_pr_state_${p.state}`)}</td>
                <td className="console-muted">
                  {new Date(p.startsAt).toLocaleString()}
                  {p.endsAt ? ` – ${new Date(p.endsAt).toLocaleString()}` : ''}
                </td>
                <td>
                  <div className="console-actions">
                    {p.state !== 'ended' ? (
                      <Button size="sm" variant="ghost" onClick={() => setEditing(p)} data-testid="promotion-edit">
                        {t('cs_pr_edit_button')}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => setReportOf(p)} data-testid="promotion-report">
                      {t('cs_pr_report')}
                    </Button>
                    {p.state !== 'ended' ? (
                      <Button size="sm" variant="danger" onClick={() => setEnding(p)} data-testid="promotion-end">
                        {t('cs_pr_end')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>

      <ApplicationsDesk t={t} />

      {reportOf ? <Report p={reportOf} t={t} money={money} /> : null}

      <DeskCard
        id="promotions-form"
        title={editing ? t('cs_pr_edit', { id: editing.id }) : t('cs_pr_new')}
        hint={t('cs_pr_form_hint')}
        testId="promotion-form-card"
      >
        <PromotionForm
          key={editing?.id ?? 'new'}
          current={editing}
          t={t}
          onDone={(p, created) => {
            setDone(t(created ? 'cs_pr_created' : 'cs_pr_saved', { id: p.id }));
            setEditing(null);
          }}
          onCancel={editing ? () => setEditing(null) : null}
        />
      </DeskCard>

      <RebateDesk t={t} />
      <ReferralDesk t={t} />

      {ending ? (
        <PromptModal
          title={t('cs_pr_end_title', { title: titleOf(ending) })}
          label={t('cs_pr_end_reason')}
          busy={end.isPending}
          error={end.error?.message ?? null}
          onClose={() => setEnding(null)}
          onSubmit={(reason) =>
            end.mutate(
              { id: ending.id, reason },
              {
                onSuccess: (p) => {
                  setDone(t('cs_pr_ended', { id: p.id }));
                  setEnding(null);
                },
              },
            )
          }
          t={t}
        />
      ) : null}
    </div>
  );
}

function Report({ p, t, money }: { p: OperatorPromotion; t: ConsoleT; money: ReturnType<typeof useBrandMoney> }) {
  const r = usePromotionReport(p.id);
  const m = (minor: string) => formatMoney(minor, money);
  return (
    <DeskCard
      id="promotions-report"
      title={t('cs_pr_report_title', { title: titleOf(p) })}
      hint={t('cs_pr_report_hint')}
      testId="promotion-report-card"
    >
      <ErrorLine error={r.error} />
      {r.data ? (
        <dl className="console-figures" data-testid="promotion-report-figures">
          <div>
            <dt>{t('cs_pr_takers')}</dt>
            <dd data-testid="promotion-report-takers">
              {r.data.takers} · {t('cs_pr_members_entries', { count: r.data.members })}
            </dd>
          </div>
          <div>
            <dt>{t('cs_pr_cost')}</dt>
            <dd data-testid="promotion-report-cost">{m(r.data.cost)}</dd>
          </div>
          <div>
            <dt>{t('cs_pr_paid')}</dt>
            <dd>{r.data.paid}</dd>
          </div>
          <div>
            <dt>{t('cs_pr_waiting')}</dt>
            <dd>
              {r.data.waiting} · {m(r.data.waitingAmount)}
            </dd>
          </div>
          <div>
            <dt>{t('cs_pr_returned')}</dt>
            <dd>
              {r.data.forfeited} · {m(r.data.returned)}
            </dd>
          </div>
          <div>
            <dt>{t('cs_pr_play_turnover')}</dt>
            <dd data-testid="promotion-report-play-turnover">{m(r.data.playTurnover)}</dd>
          </div>
          <div>
            <dt>{t('cs_pr_ggr')}</dt>
            <dd data-testid="promotion-report-ggr">{m(r.data.ggr)}</dd>
          </div>
          <div>
            <dt>{t('cs_pr_net')}</dt>
            <dd
              data-testid="promotion-report-net"
              className={r.data.netOfBonus.startsWith('-') ? 'console-negative' : undefined}
            >
              {m(r.data.netOfBonus)}
            </dd>
          </div>
          <div>
            <dt>{t('cs_pr_turnover')}</dt>
            <dd data-testid="promotion-report-turnover">{m(r.data.turnover)}</dd>
          </div>
        </dl>
      ) : (
        <p className="console-muted">{t('cs_loading')}</p>
      )}
    </DeskCard>
  );
}

type MoneyKey = 'minDeposit' | 'amount' | 'cap' | 'threshold' | 'randomMin' | 'randomMax';

function PromotionForm({
  current,
  t,
  onDone,
  onCancel,
}: {
  current: OperatorPromotion | null;
  t: ConsoleT;
  onDone: (p: OperatorPromotion, created: boolean) => void;
  onCancel: (() => void) | null;
}) {
  const { t: tg } = useTranslation();
  const money = useBrandMoney();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const save = current ? update : create;
  const [lang, setLang] = useState<Language>('PT');
  const [texts, setTexts] = useState<Texts>(() => {
    const base = blankTexts();
    for (const [l, v] of Object.entries(current?.texts ?? {})) if (v) base[l as Language] = { ...v };
    return base;
  });
  const [f, setF] = useState(() => ({
    type: current?.type ?? 'DEPOSIT',
    artwork: current?.artwork ?? '',
    startsAt: localInput(current?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(current?.endsAt ?? null),
    audience: current?.audience ?? 'all',
    audienceIds: (current?.audienceIds ?? []).join(', '),
    trigger: current?.trigger ?? 'manual',
    minDeposit: editableAmount(current?.minDeposit ?? '0', money),
    threshold: editableAmount(current?.threshold ?? '0', money),
    tiers: (current?.tiers ?? [])
      .map((x) => `${editableAmount(x.from, money)} = ${editableAmount(x.amount, money)}`)
      .join('\n'),
    randomMin: editableAmount(current?.randomMin ?? '0', money),
    randomMax: editableAmount(current?.randomMax ?? '0', money),
    guards: new Set<PromotionGuard>(current?.guards ?? []),
    formula: current?.formula ?? 'fixed',
    amount: editableAmount(current?.amount ?? '0', money),
    percent: String((current?.percentBp ?? 0) / 100),
    cap: editableAmount(current?.cap ?? '0', money),
    wageringMultiple: String(current?.wageringMultiple ?? 0),
    gameTypes: new Set(current?.gameTypes ?? []),
    claimMode: current?.claimMode ?? 'claim',
    limit: current?.limit ?? 'once',
    sort: String(current?.sort ?? 0),
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const example = editableAmount('1000', money);
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const fieldError = (k: string) => local[k] ?? save.error?.fields[k];

  const submit = () => {
    const errors: Record<string, string> = {};
    const amount = (k: MoneyKey) => {
      const minor = parseMoney(f[k], money, { zero: true });
      if (minor === null) errors[k] = t('cs_amount_format', { example });
      return minor ?? '0';
    };
    const tiers =
      f.formula !== 'tiers'
        ? []
        : f.tiers
            .split('\n')
            .filter((l) => l.trim())
            .map((line) => {
              const [from, pays] = line.split('=').map((x) => parseMoney(x.trim(), money, { zero: true }));
              if (!from || !pays || line.split('=').length !== 2) errors.tiers = t('cs_pr_tiers_format');
              return { from: from ?? '0', amount: pays ?? '0' };
            });
    const ids = f.audienceIds.split(/[\s,;]+/).filter(Boolean);
    if (ids.some((x) => !/^\d{1,9}$/.test(x))) errors.audienceIds = t('cs_whole_number');
    const whole = (k: 'wageringMultiple' | 'sort') => {
      if (!/^-?\d{1,5}$/.test(f[k].trim())) errors[k] = t('cs_whole_number');
      return Number(f[k].trim());
    };
    const percent = Number(f.percent.replace(',', '.'));
    if (!Number.isFinite(percent) || percent < 0 || percent > 1000) errors.percentBp = t('cs_whole_number');
    const filled = Object.fromEntries(
      LANGUAGES.filter((l) => texts[l].title.trim() || texts[l].description.trim()).map((l) => [l, texts[l]]),
    );
    const body: PromotionCreateBody = {
      type: f.type,
      texts: filled,
      artwork: f.artwork.trim() || null,
      startsAt: f.startsAt ? new Date(f.startsAt).toISOString() : '',
      endsAt: f.endsAt ? new Date(f.endsAt).toISOString() : null,
      audience: f.audience,
      audienceIds: ids.map(Number),
      trigger: f.trigger,
      minDeposit: amount('minDeposit'),
      threshold: amount('threshold'),
      formula: f.formula,
      amount: amount('amount'),
      percentBp: Math.round(percent * 100),
      cap: amount('cap'),
      tiers,
      randomMin: amount('randomMin'),
      randomMax: amount('randomMax'),
      guards: PROMOTION_GUARDS.filter((g) => f.guards.has(g)),
      wageringMultiple: whole('wageringMultiple'),
      gameTypes: GAME_TYPES.filter((g) => f.gameTypes.has(g)),
      claimMode: f.claimMode,
      limit: f.limit,
      sort: whole('sort'),
    };
    setLocal(errors);
    if (Object.keys(errors).length) return;
    const opts = { onSuccess: (p: OperatorPromotion) => onDone(p, !current) };
    if (current) update.mutate({ id: current.id, ...body }, opts);
    else create.mutate(body, opts);
  };

  const select = <T extends string>(
    k: 'type' | 'audience' | 'trigger' | 'formula' | 'claimMode' | 'limit',
    label: string,
    values: readonly T[],
    name: (v: T) => string,
  ) => (
    <Select<T>
      label={label}
      value={f[k] as T}
      values={values}
      name={name}
      onChange={(v) => set(k, v as never)}
      testId={`promotion-${k}`}
    />
  );

  const moneyField = (k: MoneyKey, label: string) => (
    <Input
      label={label}
      inputMode="decimal"
      value={f[k]}
      onChange={(e) => set(k, e.target.value)}
      error={fieldError(k)}
      trailing={
        <span className="console-unit" aria-hidden="true">
          {money.symbol}
        </span>
      }
      data-testid={`promotion-${k}`}
    />
  );

  // The preview: the form as players would see it now, in the language of the tab (decision 089).
  const Preview = usePromotionPreview();
  const minor = (v: string) => parseMoney(v, money, { zero: true }) ?? '0';
  const shownTexts = texts[lang].title.trim() ? texts[lang] : texts.PT.title.trim() ? texts.PT : texts[lang];
  const previewed: PublicPromotion = {
    id: current?.id ?? 0,
    type: f.type,
    title: shownTexts.title || t('cs_pr_title'),
    description: shownTexts.description,
    terms: shownTexts.terms,
    artwork: f.artwork.trim() || null,
    startsAt: f.startsAt ? new Date(f.startsAt).toISOString() : new Date().toISOString(),
    endsAt: f.endsAt ? new Date(f.endsAt).toISOString() : null,
    state: f.startsAt && new Date(f.startsAt).getTime() > Date.now() ? 'scheduled' : 'live',
    trigger: f.trigger,
    formula: f.formula,
    amount: minor(f.amount),
    percentBp: Math.round((Number(f.percent.replace(',', '.')) || 0) * 100),
    cap: minor(f.cap),
    minDeposit: minor(f.minDeposit),
    threshold: minor(f.threshold),
    tiers: [],
    randomMin: minor(f.randomMin),
    randomMax: minor(f.randomMax),
    wageringMultiple: Number(f.wageringMultiple) || 0,
    gameTypes: GAME_TYPES.filter((g) => f.gameTypes.has(g)),
    claimMode: f.claimMode,
    limit: f.limit,
    guards: PROMOTION_GUARDS.filter((g) => f.guards.has(g)),
    audience: f.audience,
    myStatus: null,
    entryId: null,
    application: null,
  };

  return (
    <>
      <form
        className="console-form console-form--wide"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="promotion-form"
      >
        <LanguageTabs value={lang} onChange={setLang} t={t} />
        <div className="console-fields">
          <Input
            label={`${t('cs_pr_title')} (${lang})`}
            value={texts[lang].title}
            onChange={(e) => setTexts((x) => ({ ...x, [lang]: { ...x[lang], title: e.target.value } }))}
            error={save.error?.fields[`texts.${lang}.title`] ?? save.error?.fields.texts}
            maxLength={120}
            data-testid="promotion-title"
          />
          <TextArea
            label={`${t('cs_pr_description')} (${lang})`}
            value={texts[lang].description}
            onChange={(e) => setTexts((x) => ({ ...x, [lang]: { ...x[lang], description: e.target.value } }))}
            error={save.error?.fields[`texts.${lang}.description`]}
            maxLength={2000}
            rows={2}
            data-testid="promotion-description"
          />
          <TextArea
            label={`${t('cs_pr_terms')} (${lang})`}
            value={texts[lang].terms}
            onChange={(e) => setTexts((x) => ({ ...x, [lang]: { ...x[lang], terms: e.target.value } }))}
            maxLength={5000}
            rows={5}
            data-testid="promotion-terms"
          />
        </div>
        <div className="console-fields">
          {select('type', t('cs_pr_type'), PROMOTION_TYPES, (v) => tg(`promo_type_${v}`))}
          <Input
            label={t('cs_pr_artwork')}
            value={f.artwork}
            onChange={(e) => set('artwork', e.target.value)}
            error={fieldError('artwork')}
            spellCheck={false}
            data-testid="promotion-artwork"
          />
          <Input
            label={t('cs_pr_starts')}
            type="datetime-local"
            value={f.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
            error={fieldError('startsAt')}
            data-testid="promotion-starts"
          />
          <Input
            label={t('cs_pr_ends')}
            type="datetime-local"
            value={f.endsAt}
            onChange={(e) => set('endsAt', e.target.value)}
            error={fieldError('endsAt')}
            data-testid="promotion-ends"
          />
          {select('audience', t('cs_pr_audience'), PROMOTION_AUDIENCES, (v) => t(`cs_pr_audience_${v}`))}
          {f.audience === 'vip' || f.audience === 'team' || f.audience === 'list' ? (
            <Input
              label={t('cs_pr_audience_ids')}
              inputMode="numeric"
              value={f.audienceIds}
              onChange={(e) => set('audienceIds', e.target.value)}
              error={fieldError('audienceIds')}
              data-testid="promotion-audience-ids"
            />
          ) : null}
          {select('trigger', t('cs_pr_trigger'), PROMOTION_TRIGGERS, (v) => t(`cs_pr_trigger_${v}`))}
          {isDepositTrigger(f.trigger) ? moneyField('minDeposit', t('cs_pr_min_deposit')) : null}
          {f.trigger === 'turnover' || f.trigger === 'loss' ? moneyField('threshold', t('cs_pr_threshold')) : null}
          {f.trigger !== 'info' ? (
            <>
              {select('formula', t('cs_pr_formula'), REWARD_FORMULAS, (v) => t(`cs_pr_formula_${v}`))}
              {f.formula === 'fixed' ? moneyField('amount', t('cs_pr_amount')) : null}
              {f.formula === 'random' ? (
                <>
                  {moneyField('randomMin', t('cs_pr_random_min'))}
                  {moneyField('randomMax', t('cs_pr_random_max'))}
                </>
              ) : null}
              {f.formula === 'tiers' ? (
                <TextArea
                  label={t('cs_pr_tiers')}
                  value={f.tiers}
                  onChange={(e) => set('tiers', e.target.value)}
                  error={fieldError('tiers')}
                  rows={4}
                  data-testid="promotion-tiers"
                />
              ) : null}
              {f.formula === 'percent' || f.formula === 'percent_loss' ? (
                <>
                  <Input
                    label={t('cs_pr_percent')}
                    inputMode="decimal"
                    value={f.percent}
                    onChange={(e) => set('percent', e.target.value)}
                    error={fieldError('percentBp')}
                    trailing={
                      <span className="console-unit" aria-hidden="true">
                        %
                      </span>
                    }
                    data-testid="promotion-percent"
                  />
                  {moneyField('cap', t('cs_pr_cap'))}
                </>
              ) : null}
              <Input
                label={t('cs_pr_wagering')}
                inputMode="numeric"
                value={f.wageringMultiple}
                onChange={(e) => set('wageringMultiple', e.target.value)}
                error={fieldError('wageringMultiple')}
                data-testid="promotion-wagering"
              />
              {select('claimMode', t('cs_pr_claim'), CLAIM_MODES, (v) => t(`cs_pr_claim_${v}`))}
              {select('limit', t('cs_pr_limit'), PROMOTION_LIMITS, (v) => t(`cs_pr_limit_${v}`))}
            </>
          ) : null}
          <Input
            label={t('cs_pr_sort')}
            inputMode="numeric"
            value={f.sort}
            onChange={(e) => set('sort', e.target.value)}
            error={fieldError('sort')}
            data-testid="promotion-sort"
          />
        </div>
        {f.trigger !== 'info' ? (
          <CheckSet
            legend={t('cs_pr_guards')}
            values={PROMOTION_GUARDS}
            chosen={f.guards}
            onChange={(next) => set('guards', next)}
            name={(g) => t(`cs_pr_guard_${g}`)}
            testId={(g) => `promotion-guard-${g}`}
          />
        ) : null}
        {f.trigger !== 'info' && Number(f.wageringMultiple) > 0 ? (
          <CheckSet
            legend={t('cs_pr_games')}
            values={GAME_TYPES}
            chosen={f.gameTypes}
            onChange={(next) => set('gameTypes', next)}
            name={(g) => tg(`game_${g}`)}
          />
        ) : null}
        <div className="console-actions">
          <Button type="submit" loading={save.isPending} data-testid="promotion-save">
            {current ? t('cs_pr_save') : t('cs_pr_create')}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('cs_pr_cancel_edit')}
            </Button>
          ) : null}
          <ErrorLine error={save.error} />
        </div>
      </form>
      {Preview ? (
        <section className="console-preview" aria-labelledby="promotion-preview-title" data-testid="promotion-preview">
          <h3 id="promotion-preview-title" className="console-preview__title">
            {t('cs_pr_preview')} · {lang}
          </h3>
          <p className="console-muted">{t('cs_pr_preview_hint')}</p>
          <Preview promotion={previewed} language={fromContractLanguage(lang)} />
        </section>
      ) : null}
    </>
  );
}
