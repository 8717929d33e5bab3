import type { operatorEndpoints, ResponseOf } from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useOperatorSession } from '../api/client.ts';
import { editableAmount, parseMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useSetMaintenance, useSetRegion, useSetWinnersBoard, useSiteSettings } from '../api/siteSettings.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { isoToZoned, zonedToIso } from '../hooks/zonedTime.ts';
import { DeskCard, SaveOutcome } from './parts.tsx';
import { TextArea } from './TextArea.tsx';

type Settings = ResponseOf<typeof operatorEndpoints.settings>;
type Region = Settings['region'];
const REGION_LISTS = ['blockedCountries', 'allowedCountries', 'cidrAllow', 'cidrBlock'] as const;
const LABELS = {
  blockedCountries: 'cs_blocked_countries',
  allowedCountries: 'cs_allowed_countries',
  cidrAllow: 'cs_cidr_allow',
  cidrBlock: 'cs_cidr_block',
} as const;

/** "br, PT\n ar" → ["BR", "PT", "AR"] for countries; addresses keep their case. */
const listOf = (text: string, countries: boolean) =>
  text
    .split(/[\s,;]+/)
    .map((v) => (countries ? v.trim().toUpperCase() : v.trim()))
    .filter(Boolean);
/** The first server message about any entry of a list ("cidrBlock.2" → cidrBlock). */
const listError = (fields: Record<string, string> | undefined, list: string) =>
  fields ? Object.entries(fields).find(([k]) => k === list || k.startsWith(`${list}.`))?.[1] : undefined;

function MaintenanceCard({
  current,
  timeZone,
  isAdmin,
  t,
}: {
  current: Settings['maintenance'];
  timeZone: string;
  isAdmin: boolean;
  t: ConsoleT;
}) {
  const save = useSetMaintenance();
  const [enabled, setEnabled] = useState(current.enabled);
  const [end, setEnd] = useState(current.endTime ? isoToZoned(current.endTime, timeZone) : '');
  const [message, setMessage] = useState(current.message);
  const fields = save.error?.fields;
  return (
    <DeskCard
      id="site-maintenance"
      testId="site-maintenance"
      title={
        <>
          {t('cs_site_maintenance')}{' '}
          <span
            className={`console-status console-status--${current.enabled ? 'maintenance' : 'available'}`}
            data-testid="site-state"
            data-state={current.enabled ? 'maintenance' : 'open'}
          >
            {t(current.enabled ? 'cs_site_state_on' : 'cs_site_state_off')}
          </span>
        </>
      }
    >
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ enabled, endTime: end ? zonedToIso(end, timeZone) : null, message: message.trim() });
        }}
      >
        <Checkbox
          label={t('cs_site_maintenance_on')}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          disabled={!isAdmin}
          data-testid="site-maintenance-on"
        />
        <Input
          type="datetime-local"
          label={t('cs_site_end')}
          hint={t('cs_site_end_hint', { zone: timeZone })}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          error={fields?.endTime}
          disabled={!isAdmin}
          data-testid="site-end"
        />
        <TextArea
          label={t('cs_site_message')}
          value={message}
          maxLength={500}
          onChange={(e) => setMessage(e.target.value)}
          error={fields?.message}
          disabled={!isAdmin}
          data-testid="site-message"
        />
        <SaveOutcome save={save} t={t} />
        <Button type="submit" loading={save.isPending} disabled={!isAdmin} data-testid="site-maintenance-save">
          {t('cs_save')}
        </Button>
      </form>
    </DeskCard>
  );
}

function RegionCard({ current, isAdmin, t }: { current: Region; isAdmin: boolean; t: ConsoleT }) {
  const save = useSetRegion();
  const [texts, setTexts] = useState(
    () => Object.fromEntries(REGION_LISTS.map((k) => [k, current[k].join('\n')])) as Record<keyof Region, string>,
  );
  return (
    <DeskCard id="site-region" title={t('cs_region')} hint={t('cs_region_hint')} testId="site-region">
      <form
        className="console-form console-form--grid"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            Object.fromEntries(REGION_LISTS.map((k) => [k, listOf(texts[k], k.endsWith('Countries'))])) as Region,
          );
        }}
      >
        {REGION_LISTS.map((k) => (
          <TextArea
            key={k}
            label={t(LABELS[k])}
            value={texts[k]}
            onChange={(e) => setTexts((s) => ({ ...s, [k]: e.target.value }))}
            error={listError(save.error?.fields, k)}
            disabled={!isAdmin}
            data-testid={`region-${k}`}
          />
        ))}
        <div className="console-form__end">
          <SaveOutcome save={save} t={t} />
          <Button type="submit" loading={save.isPending} disabled={!isAdmin} data-testid="site-region-save">
            {t('cs_save')}
          </Button>
        </div>
      </form>
    </DeskCard>
  );
}

/** What the home page's winners board counts as a win: a minimum amount and a multiple of the stake. */
function WinnersBoardCard({
  current,
  isAdmin,
  t,
}: {
  current: Settings['winnersBoard'];
  isAdmin: boolean;
  t: ConsoleT;
}) {
  const money = useBrandMoney();
  const save = useSetWinnersBoard();
  const [amount, setAmount] = useState(() => editableAmount(current.minAmount, money));
  const [multiple, setMultiple] = useState(String(current.minMultiple));
  const [error, setError] = useState<{ amount?: string; multiple?: string }>({});
  const fields = save.error?.fields;
  return (
    <DeskCard id="site-winners" title={t('cs_winners')} hint={t('cs_winners_hint')} testId="site-winners">
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          const minAmount = amount.trim() === '' ? '0' : parseMoney(amount, money, { zero: true });
          const minMultiple = multiple.trim() === '' ? 0 : Number(multiple);
          const problems = {
            ...(minAmount === null ? { amount: t('cs_amount_invalid') } : {}),
            ...(!Number.isInteger(minMultiple) || minMultiple < 0 || minMultiple > 10_000
              ? { multiple: t('cs_winners_multiple_invalid') }
              : {}),
          };
          setError(problems);
          if (minAmount === null || problems.multiple) return;
          save.mutate({ minAmount, minMultiple });
        }}
      >
        <Input
          label={t('cs_winners_min_amount', { symbol: money.symbol })}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error.amount ?? fields?.minAmount}
          disabled={!isAdmin}
          data-testid="winners-min-amount"
        />
        <Input
          label={t('cs_winners_min_multiple')}
          hint={t('cs_winners_min_multiple_hint')}
          inputMode="numeric"
          value={multiple}
          onChange={(e) => setMultiple(e.target.value)}
          error={error.multiple ?? fields?.minMultiple}
          disabled={!isAdmin}
          data-testid="winners-min-multiple"
        />
        <SaveOutcome save={save} t={t} />
        <Button type="submit" loading={save.isPending} disabled={!isAdmin} data-testid="site-winners-save">
          {t('cs_save')}
        </Button>
      </form>
    </DeskCard>
  );
}

/** The site's switches: maintenance with its planned end and message, and who may reach the site. */
export function SiteDesk({ t }: { t: ConsoleT }) {
  const { timezone } = useWhitelabel();
  const isAdmin = useOperatorSession()?.role === 'admin';
  const q = useSiteSettings();
  if (!q.data)
    return q.error ? (
      <p className="field__error" role="alert">
        {q.error.message}
      </p>
    ) : (
      <p className="console-muted">{t('cs_loading')}</p>
    );
  return (
    <div className="console-panel">
      {!isAdmin ? <p className="console-muted">{t('cs_settings_admin_only')}</p> : null}
      <MaintenanceCard current={q.data.maintenance} timeZone={timezone} isAdmin={isAdmin} t={t} />
      <RegionCard current={q.data.region} isAdmin={isAdmin} t={t} />
      <WinnersBoardCard current={q.data.winnersBoard} isAdmin={isAdmin} t={t} />
    </div>
  );
}
