import {
  GAME_TYPES,
  LANGUAGES,
  POINTS_ITEM_KINDS,
  POINTS_REDEEM_STATUSES,
  type GameType,
  type Language,
  type PointsDeskRedeem,
  type PointsItem,
  type PointsRedeem,
} from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Tabs } from '../../../components/ui/index.ts';
import { editableAmount, formatMoney, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import {
  useAdjustPoints,
  useDecidePoints,
  usePointsItems,
  usePointsReport,
  usePointsRequests,
  usePointsRules,
  useSavePointsItem,
  useSavePointsRules,
} from '../api/points.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { OnOffSwitch } from './OnOffSwitch.tsx';
import { DeskCard, DeskTable, Pager, SaveOutcome, Segment, Time } from './parts.tsx';
import { PromptModal } from './PromptModal.tsx';

type Section = 'requests' | 'items' | 'rules' | 'adjust' | 'report';
type Money = ReturnType<typeof useBrandMoney>;

const nameOf = (name: Record<string, string>) => name.PT ?? Object.values(name)[0] ?? '';

/**
 * The points mall's desks (issue 20, decisions 066 and 067), for finance: goods requests to approve
 * or reject with a remark (points come back on rejection), the mall's items in every language, the
 * earning ratios per game type with the exchange-rate table, adjustments of a member's points with
 * a reason, and the report of points issued and redeemed.
 */
export function PointsDesk({ t }: { t: ConsoleT }) {
  const [section, setSection] = useState<Section>('requests');
  const money = useBrandMoney();
  return (
    <div className="console-panel" data-testid="points-desk">
      <Tabs<Section>
        label={t('cs_points')}
        value={section}
        onChange={setSection}
        items={[
          { id: 'requests', label: t('cs_pt_requests') },
          { id: 'items', label: t('cs_pt_items') },
          { id: 'rules', label: t('cs_pt_rules') },
          { id: 'adjust', label: t('cs_pt_adjust') },
          { id: 'report', label: t('cs_pt_report') },
        ]}
      />
      {section === 'requests' ? <Requests t={t} money={money} /> : null}
      {section === 'items' ? <Items t={t} money={money} /> : null}
      {section === 'rules' ? <Rules t={t} money={money} /> : null}
      {section === 'adjust' ? <Adjust t={t} /> : null}
      {section === 'report' ? <Report t={t} money={money} /> : null}
    </div>
  );
}

/* ------------------------------------------------------------------ requests */

function Requests({ t, money }: { t: ConsoleT; money: Money }) {
  const { timezone } = useWhitelabel();
  const [status, setStatus] = useState<PointsRedeem['status']>('in_process');
  const [page, setPage] = useState(1);
  const q = usePointsRequests(status, page);
  const decide = useDecidePoints();
  const [deciding, setDeciding] = useState<{ r: PointsDeskRedeem; decision: 'approved' | 'rejected' } | null>(null);
  const [done, setDone] = useState('');
  return (
    <DeskCard id="points-requests" title={t('cs_pt_requests')} hint={t('cs_pt_requests_hint')}>
      <Segment
        label={t('cs_status')}
        options={POINTS_REDEEM_STATUSES.map((s) => ({ value: s, label: t(`cs_pt_status_${s}`) }))}
        value={status}
        onChange={(s) => {
          setStatus(s);
          setPage(1);
        }}
        testId={(s) => `points-filter-${s}`}
      />
      {done ? (
        <p className="console-ok" role="status" data-testid="points-done">
          {done}
        </p>
      ) : null}
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {q.data ? (
        <>
          <DeskTable
            testId="points-requests-table"
            caption={t('cs_pt_requests')}
            columns={[
              { label: '#', numeric: true },
              { label: t('cs_pt_when') },
              { label: t('cs_member') },
              { label: t('cs_pt_item'), wide: true },
              { label: t('cs_pt_points'), numeric: true },
              { label: t('cs_pt_remark') },
              { label: t('cs_pt_actions') },
            ]}
            empty={!q.data.list.length}
            emptyText={t('cs_pt_requests_none')}
            busy={q.isPlaceholderData}
            compact
            t={t}
          >
            {q.data.list.map((r) => (
              <tr key={r.id} data-testid="points-request-row" data-status={r.status}>
                <td className="console-num">{r.id}</td>
                <td className="console-muted">
                  <Time iso={r.createdAt} timeZone={timezone} />
                </td>
                <td>{r.account}</td>
                <td>
                  <strong className="console-name">{nameOf(r.itemName)}</strong> × {r.quantity}
                  <span className="console-muted"> · {t(`cs_pt_kind_${r.kind}`)}</span>
                  {r.amount !== '0' ? <span className="console-muted"> · {formatMoney(r.amount, money)}</span> : null}
                </td>
                <td className="console-num">{r.points}</td>
                <td className="console-muted">{r.remark || '—'}</td>
                <td>
                  {r.status === 'in_process' ? (
                    <div className="console-actions">
                      <Button
                        size="sm"
                        onClick={() => setDeciding({ r, decision: 'approved' })}
                        data-testid="points-approve"
                      >
                        {t('cs_pt_approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setDeciding({ r, decision: 'rejected' })}
                        data-testid="points-reject"
                      >
                        {t('cs_pt_reject')}
                      </Button>
                    </div>
                  ) : (
                    <span className="console-muted">{t(`cs_pt_status_${r.status}`)}</span>
                  )}
                </td>
              </tr>
            ))}
          </DeskTable>
          <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} />
        </>
      ) : null}
      {deciding ? (
        <PromptModal
          title={t(deciding.decision === 'approved' ? 'cs_pt_approve_title' : 'cs_pt_reject_title', {
            id: deciding.r.id,
            account: deciding.r.account,
          })}
          label={t(deciding.decision === 'approved' ? 'cs_pt_remark_optional' : 'cs_pt_reject_remark')}
          required={deciding.decision === 'rejected'}
          busy={decide.isPending}
          error={decide.error?.message ?? null}
          onClose={() => setDeciding(null)}
          onSubmit={(remark) =>
            decide.mutate(
              { id: deciding.r.id, decision: deciding.decision, remark },
              {
                onSuccess: (r) => {
                  setDone(t(r.status === 'approved' ? 'cs_pt_approved' : 'cs_pt_rejected', { id: r.id }));
                  setDeciding(null);
                },
              },
            )
          }
          t={t}
        />
      ) : null}
    </DeskCard>
  );
}

/* --------------------------------------------------------------------- items */

function Items({ t, money }: { t: ConsoleT; money: Money }) {
  const q = usePointsItems();
  const save = useSavePointsItem();
  const [editing, setEditing] = useState<PointsItem | null>(null);
  // A new form after each save (a fresh key), so the next item starts blank.
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState('');
  const toggle = (i: PointsItem, enabled: boolean) =>
    save.mutate({
      id: i.id,
      kind: i.kind,
      name: i.name,
      image: i.image,
      stock: i.stock,
      pointsCost: i.pointsCost,
      cashAmount: i.cashAmount,
      amountRequirement: i.amountRequirement,
      wageringMultiple: i.wageringMultiple,
      enabled,
      sort: i.sort,
    });
  return (
    <>
      <DeskCard id="points-items" title={t('cs_pt_items')} hint={t('cs_pt_items_hint')}>
        {done ? (
          <p className="console-ok" role="status" data-testid="points-item-done">
            {done}
          </p>
        ) : null}
        {q.error ? (
          <p className="field__error" role="alert">
            {q.error.message}
          </p>
        ) : null}
        {q.data ? (
          <DeskTable
            testId="points-items-table"
            caption={t('cs_pt_items')}
            columns={[
              { label: '' },
              { label: t('cs_pt_item'), wide: true },
              { label: t('cs_pt_kind') },
              { label: t('cs_pt_points'), numeric: true },
              { label: t('cs_pt_stock'), numeric: true },
              { label: t('cs_pt_on') },
              { label: t('cs_pt_actions') },
            ]}
            empty={!q.data.length}
            compact
            t={t}
          >
            {q.data.map((i) => (
              <tr key={i.id} data-testid="points-item-row">
                <td>
                  {i.image ? <img src={i.image} alt="" width={48} height={36} className="console-thumb" /> : null}
                </td>
                <td>
                  <strong className="console-name">{nameOf(i.name)}</strong>
                  <span className="console-muted points-item-meta">
                    {[
                      i.kind !== 'goods' ? formatMoney(i.cashAmount, money) : '',
                      i.wageringMultiple ? t('cs_pt_wagering_x', { n: i.wageringMultiple }) : '',
                      i.amountRequirement !== '0'
                        ? t('cs_pt_requirement_short', { amount: formatMoney(i.amountRequirement, money) })
                        : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </td>
                <td>{t(`cs_pt_kind_${i.kind}`)}</td>
                <td className="console-num">{i.pointsCost}</td>
                <td className="console-num">{i.stock}</td>
                <td>
                  <OnOffSwitch
                    label={t('cs_pt_offered', { name: nameOf(i.name) })}
                    checked={i.enabled}
                    onChange={(on) => toggle(i, on)}
                    disabled={save.isPending}
                    t={t}
                  />
                </td>
                <td>
                  <Button size="sm" variant="ghost" onClick={() => setEditing(i)} data-testid="points-item-edit">
                    {t('cs_pt_edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : (
          <p className="console-muted">{t('cs_loading')}</p>
        )}
      </DeskCard>
      <DeskCard
        id="points-item-form"
        title={editing ? t('cs_pt_item_edit', { id: editing.id }) : t('cs_pt_item_new')}
        hint={t('cs_pt_item_hint')}
      >
        <ItemForm
          key={editing ? `edit-${editing.id}` : `new-${formKey}`}
          current={editing}
          money={money}
          t={t}
          onDone={(i, created) => {
            setDone(t(created ? 'cs_pt_item_created' : 'cs_pt_item_saved', { id: i.id }));
            setEditing(null);
            setFormKey((k) => k + 1);
          }}
          onCancel={editing ? () => setEditing(null) : null}
        />
      </DeskCard>
    </>
  );
}

function ItemForm({
  current,
  money,
  t,
  onDone,
  onCancel,
}: {
  current: PointsItem | null;
  money: Money;
  t: ConsoleT;
  onDone: (i: PointsItem, created: boolean) => void;
  onCancel: (() => void) | null;
}) {
  const save = useSavePointsItem();
  const [lang, setLang] = useState<Language>('PT');
  const [names, setNames] = useState<Record<Language, string>>(
    () => Object.fromEntries(LANGUAGES.map((l) => [l, current?.name[l] ?? ''])) as Record<Language, string>,
  );
  const [f, setF] = useState(() => ({
    kind: current?.kind ?? ('goods' as PointsItem['kind']),
    image: current?.image ?? '',
    stock: String(current?.stock ?? 10),
    pointsCost: String(current?.pointsCost ?? 100),
    cashAmount: editableAmount(current?.cashAmount ?? '0', money),
    amountRequirement: editableAmount(current?.amountRequirement ?? '0', money),
    wageringMultiple: String(current?.wageringMultiple ?? 0),
    sort: String(current?.sort ?? 0),
    enabled: current?.enabled ?? true,
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const fieldError = (k: string) => local[k] ?? save.error?.fields[k];
  const example = editableAmount('1000', money);

  const submit = () => {
    const errors: Record<string, string> = {};
    const whole = (k: 'stock' | 'pointsCost' | 'wageringMultiple' | 'sort') => {
      if (!/^-?\d{1,9}$/.test(f[k].trim())) errors[k] = t('cs_whole_number');
      return Number(f[k].trim());
    };
    const amount = (k: 'cashAmount' | 'amountRequirement') => {
      const minor = parseMoney(f[k], money, { zero: true });
      if (minor === null) errors[k] = t('cs_amount_format', { example });
      return minor ?? '0';
    };
    const name = Object.fromEntries(LANGUAGES.filter((l) => names[l].trim()).map((l) => [l, names[l].trim()]));
    if (!Object.keys(name).length) errors.name = t('cs_pt_name_needed');
    const body = {
      ...(current ? { id: current.id } : {}),
      kind: f.kind,
      name,
      image: f.image.trim(),
      stock: whole('stock'),
      pointsCost: whole('pointsCost'),
      cashAmount: f.kind === 'goods' ? '0' : amount('cashAmount'),
      amountRequirement: amount('amountRequirement'),
      wageringMultiple: f.kind === 'bonus' ? whole('wageringMultiple') : 0,
      enabled: f.enabled,
      sort: whole('sort'),
    };
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(body, { onSuccess: (i) => onDone(i, !current) });
  };

  const num = (k: 'stock' | 'pointsCost' | 'wageringMultiple' | 'sort', label: string) => (
    <Input
      label={label}
      inputMode="numeric"
      value={f[k]}
      onChange={(e) => set(k, e.target.value)}
      error={fieldError(k)}
      data-testid={`points-item-${k}`}
    />
  );
  const amountField = (k: 'cashAmount' | 'amountRequirement', label: string, hint?: string) => (
    <Input
      label={label}
      hint={hint}
      inputMode="decimal"
      value={f[k]}
      onChange={(e) => set(k, e.target.value)}
      error={fieldError(k)}
      trailing={
        <span className="console-unit" aria-hidden="true">
          {money.symbol}
        </span>
      }
      data-testid={`points-item-${k}`}
    />
  );

  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="points-item-form"
    >
      <Tabs<Language>
        label={t('cs_pr_language')}
        value={lang}
        onChange={setLang}
        items={LANGUAGES.map((l) => ({ id: l, label: names[l].trim() ? `${l} ✓` : l }))}
      />
      <Input
        label={`${t('cs_pt_name')} (${lang})`}
        value={names[lang]}
        onChange={(e) => setNames((x) => ({ ...x, [lang]: e.target.value }))}
        error={fieldError('name') ?? save.error?.fields[`name.${lang}`]}
        maxLength={80}
        data-testid="points-item-name"
      />
      <div className="console-fields">
        <label className="field">
          <span className="field__label">{t('cs_pt_kind')}</span>
          <select
            className="console-select"
            value={f.kind}
            onChange={(e) => set('kind', e.target.value as PointsItem['kind'])}
            data-testid="points-item-kind"
          >
            {POINTS_ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`cs_pt_kind_${k}`)}
              </option>
            ))}
          </select>
        </label>
        {num('pointsCost', t('cs_pt_points'))}
        {num('stock', t('cs_pt_stock'))}
        {f.kind !== 'goods' ? amountField('cashAmount', t('cs_pt_cash')) : null}
        {f.kind === 'bonus' ? num('wageringMultiple', t('cs_pt_wagering')) : null}
        {amountField('amountRequirement', t('cs_pt_requirement'), t('cs_pt_requirement_hint'))}
        {num('sort', t('cs_pr_sort'))}
        <Input
          label={t('cs_pt_image')}
          hint={t('cs_pt_image_hint')}
          value={f.image}
          onChange={(e) => set('image', e.target.value)}
          error={fieldError('image')}
          spellCheck={false}
          data-testid="points-item-image"
        />
      </div>
      {f.image.trim() ? <img src={f.image.trim()} alt="" className="console-preview" width={160} height={120} /> : null}
      <OnOffSwitch label={t('cs_pt_offered_short')} checked={f.enabled} onChange={(on) => set('enabled', on)} t={t} />
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="points-item-save">
          {current ? t('cs_pr_save') : t('cs_pt_item_create')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('cs_pt_cancel_edit')}
          </Button>
        ) : null}
        {save.error && !Object.keys(save.error.fields).length ? (
          <p className="field__error" role="alert">
            {save.error.message}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/* --------------------------------------------------------------------- rules */

function Rules({ t, money }: { t: ConsoleT; money: Money }) {
  const q = usePointsRules();
  if (q.error)
    return (
      <p className="field__error" role="alert">
        {q.error.message}
      </p>
    );
  if (!q.data) return <p className="console-muted">{t('cs_loading')}</p>;
  return <RulesForm key={JSON.stringify(q.data)} current={q.data} t={t} money={money} />;
}

function RulesForm({
  current,
  t,
  money,
}: {
  current: {
    rules: { gameType: GameType; turnoverPerPoint: string }[];
    rates: { minPoints: number; amountPer100: string }[];
  };
  t: ConsoleT;
  money: Money;
}) {
  const { t: tg } = useTranslation();
  const save = useSavePointsRules();
  const [ratios, setRatios] = useState<Record<GameType, string>>(
    () =>
      Object.fromEntries(
        GAME_TYPES.map((g) => {
          const r = current.rules.find((x) => x.gameType === g);
          return [g, r ? editableAmount(r.turnoverPerPoint, money) : ''];
        }),
      ) as Record<GameType, string>,
  );
  const [rates, setRates] = useState(() =>
    current.rates.map((r) => ({ min: String(r.minPoints), amount: editableAmount(r.amountPer100, money) })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const example = editableAmount('1000', money);

  const submit = () => {
    const e: Record<string, string> = {};
    const rules = GAME_TYPES.filter((g) => ratios[g].trim()).map((g) => {
      const minor = parseMoney(ratios[g], money);
      if (minor === null || minor === '0') e[`rule.${g}`] = t('cs_amount_format', { example });
      return { gameType: g, turnoverPerPoint: minor ?? '0' };
    });
    const table = rates
      .filter((r) => r.min.trim() || r.amount.trim())
      .map((r, i) => {
        if (!/^\d{1,9}$/.test(r.min.trim()) || Number(r.min) < 1) e[`rate.${i}.min`] = t('cs_whole_number');
        const minor = parseMoney(r.amount, money);
        if (minor === null || minor === '0') e[`rate.${i}.amount`] = t('cs_amount_format', { example });
        return { minPoints: Number(r.min.trim()), amountPer100: minor ?? '0' };
      });
    setErrors(e);
    if (Object.keys(e).length) return;
    save.mutate({ rules, rates: table });
  };

  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(ev) => {
        ev.preventDefault();
        submit();
      }}
      data-testid="points-rules-form"
    >
      <DeskCard id="points-ratios" title={t('cs_pt_ratios')} hint={t('cs_pt_ratios_hint')}>
        <div className="console-fields">
          {GAME_TYPES.map((g) => (
            <Input
              key={g}
              label={tg(`game_${g}`)}
              inputMode="decimal"
              placeholder={t('cs_pt_no_points')}
              value={ratios[g]}
              onChange={(ev) => setRatios((x) => ({ ...x, [g]: ev.target.value }))}
              error={errors[`rule.${g}`]}
              trailing={
                <span className="console-unit" aria-hidden="true">
                  {money.symbol}
                </span>
              }
              data-testid={`points-ratio-${g}`}
            />
          ))}
        </div>
      </DeskCard>
      <DeskCard id="points-rates" title={t('cs_pt_rates')} hint={t('cs_pt_rates_hint')}>
        {rates.map((r, i) => (
          <div key={i} className="console-form--row points-rate-row" data-testid="points-rate-row">
            <Input
              label={t('cs_pt_rate_min')}
              inputMode="numeric"
              value={r.min}
              onChange={(ev) => setRates((x) => x.map((y, j) => (j === i ? { ...y, min: ev.target.value } : y)))}
              error={errors[`rate.${i}.min`]}
            />
            <Input
              label={t('cs_pt_rate_amount')}
              inputMode="decimal"
              value={r.amount}
              onChange={(ev) => setRates((x) => x.map((y, j) => (j === i ? { ...y, amount: ev.target.value } : y)))}
              error={errors[`rate.${i}.amount`]}
              trailing={
                <span className="console-unit" aria-hidden="true">
                  {money.symbol}
                </span>
              }
            />
            <Button variant="ghost" size="sm" onClick={() => setRates((x) => x.filter((_, j) => j !== i))}>
              {t('cs_pt_remove')}
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setRates((x) => [...x, { min: '', amount: '' }])}
            disabled={rates.length >= 20}
          >
            {t('cs_pt_add_rate')}
          </Button>
        </div>
      </DeskCard>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="points-rules-save">
          {t('cs_pr_save')}
        </Button>
        <SaveOutcome save={save} t={t} />
      </div>
    </form>
  );
}

/* -------------------------------------------------------------------- adjust */

function Adjust({ t }: { t: ConsoleT }) {
  const adjust = useAdjustPoints();
  const [f, setF] = useState({ account: '', points: '', note: '' });
  const [local, setLocal] = useState<Record<string, string>>({});
  const fieldError = (k: string) => local[k] ?? adjust.error?.fields[k];
  return (
    <DeskCard id="points-adjust" title={t('cs_pt_adjust')} hint={t('cs_pt_adjust_hint')}>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          const errors: Record<string, string> = {};
          if (!/^-?\d{1,9}$/.test(f.points.trim()) || Number(f.points) === 0) errors.points = t('cs_pt_points_signed');
          setLocal(errors);
          if (Object.keys(errors).length) return;
          adjust.mutate({ account: f.account.trim(), points: Number(f.points.trim()), note: f.note.trim() });
        }}
        data-testid="points-adjust-form"
      >
        <Input
          label={t('cs_member')}
          value={f.account}
          onChange={(e) => setF((x) => ({ ...x, account: e.target.value }))}
          error={fieldError('account')}
          data-testid="points-adjust-account"
        />
        <Input
          label={t('cs_pt_points_change')}
          hint={t('cs_pt_points_signed')}
          inputMode="numeric"
          value={f.points}
          onChange={(e) => setF((x) => ({ ...x, points: e.target.value }))}
          error={fieldError('points')}
          data-testid="points-adjust-points"
        />
        <Input
          label={t('cs_pt_note')}
          hint={t('cs_pt_note_hint')}
          value={f.note}
          maxLength={200}
          onChange={(e) => setF((x) => ({ ...x, note: e.target.value }))}
          error={fieldError('note')}
          data-testid="points-adjust-note"
        />
        <Button type="submit" loading={adjust.isPending} data-testid="points-adjust-submit">
          {t('cs_pt_adjust_submit')}
        </Button>
        {adjust.error && !Object.keys(adjust.error.fields).length ? (
          <p className="field__error" role="alert">
            {adjust.error.message}
          </p>
        ) : null}
        {adjust.data && !adjust.error ? (
          <p className="console-ok" role="status" data-testid="points-adjust-done">
            {t('cs_pt_adjusted', { account: adjust.data.account, balance: adjust.data.balance })}
          </p>
        ) : null}
      </form>
    </DeskCard>
  );
}

/* -------------------------------------------------------------------- report */

function Report({ t, money }: { t: ConsoleT; money: Money }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState({ from: '', to: '' });
  const q = usePointsReport(range);
  const r = q.data;
  const figure = (label: string, value: string | number, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <DeskCard id="points-report" title={t('cs_pt_report')} hint={t('cs_pt_report_hint')}>
      <form
        className="console-form--row"
        onSubmit={(e) => {
          e.preventDefault();
          setRange({ ...(draft.from ? { from: draft.from } : {}), ...(draft.to ? { to: draft.to } : {}) });
        }}
      >
        <Input
          label={t('cs_pt_from')}
          type="date"
          value={draft.from}
          onChange={(e) => setDraft((x) => ({ ...x, from: e.target.value }))}
        />
        <Input
          label={t('cs_pt_to')}
          type="date"
          value={draft.to}
          onChange={(e) => setDraft((x) => ({ ...x, to: e.target.value }))}
        />
        <Button type="submit" variant="secondary">
          {t('cs_pt_show')}
        </Button>
      </form>
      {q.error ? (
        <p className="field__error" role="alert">
          {q.error.message}
        </p>
      ) : null}
      {r ? (
        <>
          <p className="console-muted">{t('cs_pt_period', { from: r.from, to: r.to })}</p>
          <dl className="console-figures" data-testid="points-report-figures">
            {figure(t('cs_pt_earned'), r.earned, 'points-report-earned')}
            {figure(t('cs_pt_returned'), r.returned)}
            {figure(t('cs_pt_adjusted_in'), r.adjustedIn, 'points-report-adjusted-in')}
            {figure(t('cs_pt_redeemed'), r.redeemed, 'points-report-redeemed')}
            {figure(t('cs_pt_converted'), r.converted)}
            {figure(t('cs_pt_adjusted_out'), r.adjustedOut)}
            {figure(t('cs_pt_cash_paid'), formatMoney(r.cashPaid, money))}
            {figure(t('cs_pt_outstanding'), r.outstanding)}
            {figure(t('cs_pt_holders'), r.holders)}
          </dl>
          <DeskTable
            testId="points-report-requests"
            caption={t('cs_pt_requests')}
            columns={[
              { label: t('cs_pt_kind') },
              { label: t('cs_status') },
              { label: t('cs_pt_count'), numeric: true },
              { label: t('cs_pt_points'), numeric: true },
            ]}
            empty={!r.requests.length}
            compact
            t={t}
          >
            {r.requests.map((x) => (
              <tr key={`${x.kind}-${x.status}`}>
                <td>{t(`cs_pt_kind_${x.kind}`)}</td>
                <td>{t(`cs_pt_status_${x.status}`)}</td>
                <td className="console-num">{x.count}</td>
                <td className="console-num">{x.points}</td>
              </tr>
            ))}
          </DeskTable>
        </>
      ) : q.isPending ? (
        <p className="console-muted">{t('cs_loading')}</p>
      ) : null}
    </DeskCard>
  );
}
