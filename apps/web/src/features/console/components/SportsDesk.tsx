import { useState } from 'react';
import { SPORTS_DESK_SPORTS, SPORTS_EVENT_STATES, type SportsDeskEvent, type SportsDeskSport } from '@app/contract';
import { Button, Input } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import {
  useSportsCorrectResult,
  useSportsEvents,
  useSportsLiability,
  useSportsMargins,
  useSportsReport,
  useSportsSetMargin,
  useSportsSuspend,
  useSportsVoid,
} from '../api/sportsDesk.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { DeskCard, DeskTable, DoneLine, ErrorLine, Segment, Select, Time } from './parts.tsx';
import { ReportFilter, ReportTable, useShow, type Column } from './ReportTable.tsx';

/**
 * The house sportsbook's desk (issue 23 "Console", decision 114): events by state with
 * their open liability; one event's markets (suspend, resume, void), its liability per outcome and
 * a corrected result; the margin per sport; GGR by sport. Finance reads; only admin changes (the
 * buttons are not shown to finance, and the server refuses them anyway).
 */
type State = (typeof SPORTS_EVENT_STATES)[number];
type Key = Parameters<ConsoleT>[0];
const sportName = (t: ConsoleT, s: string) => t(`sd_sport_${s}` as Key);
const odds = (o: number) => (o > 0 ? (o / 100).toFixed(2) : '—');

export function SportsDesk({ t, isAdmin }: { t: ConsoleT; isAdmin: boolean }) {
  const [state, setState] = useState<State>('upcoming');
  const [sport, setSport] = useState<SportsDeskSport | 'all'>('all');
  const [open, setOpen] = useState<number | null>(null);
  const q = useSportsEvents({ state, ...(sport === 'all' ? {} : { sport }), limit: 100 });
  const show = useShow();
  const { timezone } = useWhitelabel();
  const events = q.data?.events ?? [];
  return (
    <>
      <DeskCard id="sd-events" title={t('sd_events_title')} hint={t('sd_events_hint')} testId="sd-events-card">
        <div className="console-filters">
          <Segment
            label={t('sd_state')}
            value={state}
            onChange={(v) => {
              setState(v);
              setOpen(null);
            }}
            options={SPORTS_EVENT_STATES.map((s) => ({ value: s, label: t(`sd_state_${s}` as Key) }))}
            testId={(v) => `sd-state-${v}`}
          />
          <Select<SportsDeskSport | 'all'>
            label={t('sd_sport')}
            value={sport}
            values={['all', ...SPORTS_DESK_SPORTS]}
            name={(v) => (v === 'all' ? t('sd_sport_all') : sportName(t, v))}
            onChange={setSport}
            testId="sd-sport"
          />
        </div>
        <ErrorLine error={q.error} />
        <DeskTable
          testId="sd-events"
          caption={t('sd_events_title')}
          t={t}
          focusable
          busy={q.isFetching && !q.isLoading}
          empty={!q.isLoading && !events.length}
          emptyText={t('sd_events_empty')}
          columns={[
            { label: t('sd_event'), wide: true },
            { label: t('sd_state') },
            { label: t('sd_open_bets'), numeric: true },
            { label: t('sd_open_stake'), numeric: true },
            { label: t('sd_worst'), numeric: true },
            { label: '' },
          ]}
        >
          {events.map((e) => (
            <tr key={e.id} data-testid="sd-event" data-event-id={e.id} aria-selected={open === e.id || undefined}>
              <td>
                <strong>
                  {e.home} v {e.away}
                </strong>
                <br />
                <span className="console-muted console-small">
                  {sportName(t, e.sport)} · {e.leagueName} · <Time iso={e.startsAt} timeZone={timezone} />
                  {e.score ? ` · ${e.score.home}–${e.score.away}` : ''}
                </span>
              </td>
              <td>
                <EventFlags t={t} e={e} />
              </td>
              <td className="console-num">{show.count(e.openBets)}</td>
              <td className="console-num">{show.money(e.openStake)}</td>
              <td className="console-num">{show.money(e.worstPayout)}</td>
              <td>
                <Button
                  size="sm"
                  variant={open === e.id ? 'primary' : 'secondary'}
                  aria-pressed={open === e.id}
                  onClick={() => setOpen(open === e.id ? null : e.id)}
                  data-testid={`sd-open-${e.id}`}
                >
                  {t('sd_open')}
                </Button>
              </td>
            </tr>
          ))}
        </DeskTable>
      </DeskCard>
      {open !== null ? <EventCard key={open} t={t} id={open} isAdmin={isAdmin} /> : null}
      <MarginsCard t={t} isAdmin={isAdmin} />
      <ReportCard t={t} />
    </>
  );
}

function EventFlags({ t, e }: { t: ConsoleT; e: SportsDeskEvent }) {
  const flags = [
    e.voided ? 'voided' : null,
    e.suspended ? 'suspended' : null,
    e.feedSuspended ? 'feed_suspended' : null,
  ].filter(Boolean) as string[];
  return (
    <span className="console-small" data-testid="sd-event-state">
      {t(`sd_state_${e.state}` as Key)}
      {flags.map((f) => (
        <span key={f} className={`console-status console-status--${f} sd-flag`} data-flag={f}>
          {t(`sd_${f}` as Key)}
        </span>
      ))}
    </span>
  );
}

/** One event: its markets with their switches, its liability per outcome, and a corrected result. */
function EventCard({ t, id, isAdmin }: { t: ConsoleT; id: number; isAdmin: boolean }) {
  const l = useSportsLiability(id);
  const suspend = useSportsSuspend();
  const voids = useSportsVoid();
  const show = useShow();
  const [confirm, setConfirm] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const e = l.data?.event;
  const busy = suspend.isPending || voids.isPending;
  const act = async (what: 'suspend' | 'resume' | 'void', market?: string) => {
    setDone(null);
    if (what === 'void') {
      const key = market ?? '*';
      if (confirm !== key) return setConfirm(key);
      setConfirm(null);
      await voids.mutateAsync({ event: id, ...(market ? { market } : {}) });
      setDone(t('sd_done_voided'));
      return;
    }
    await suspend.mutateAsync({ event: id, ...(market ? { market } : {}), suspended: what === 'suspend' });
    setDone(t(what === 'suspend' ? 'sd_done_suspended' : 'sd_done_resumed'));
  };
  const liab = new Map(l.data?.markets.flatMap((m) => m.outcomes.map((o) => [o.key, o] as const)) ?? []);
  // A match offers dozens of markets (correct score alone has 26 rows): the card opens on those with
  // bets or the operator's attention (suspended, voided), the rest one click away.
  const [allMarkets, setAllMarkets] = useState(false);
  const marked = (e?.markets ?? []).filter(
    (m) => m.suspended || m.voided || m.selections.some((s) => (liab.get(s.key)?.bets ?? 0) > 0),
  );
  const markets = allMarkets || !marked.length ? (e?.markets ?? []) : marked;
  return (
    <DeskCard
      id="sd-event"
      title={e ? `${e.home} v ${e.away}` : t('cs_loading')}
      hint={
        e ? `${sportName(t, e.sport)} · ${e.leagueName} · ${t('sd_margin_of', { pct: e.marginBp / 100 })}` : undefined
      }
      testId="sd-event-card"
    >
      <ErrorLine error={l.error ?? suspend.error ?? voids.error} />
      <DoneLine text={done} testId="sd-done" />
      {e ? (
        <>
          <p>
            <EventFlags t={t} e={e} />
            {' · '}
            {t('sd_open_stake')}: <strong data-testid="sd-event-stake">{show.money(l.data!.openStake)}</strong>
          </p>
          {isAdmin && !e.voided ? (
            <div className="console-actions">
              {e.state !== 'resulted' ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void act(e.suspended ? 'resume' : 'suspend')}
                  data-testid="sd-event-suspend"
                >
                  {t(e.suspended ? 'sd_resume_event' : 'sd_suspend_event')}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="danger"
                disabled={busy}
                onClick={() => void act('void')}
                data-testid="sd-event-void"
              >
                {t(confirm === '*' ? 'sd_confirm_void' : 'sd_void_event')}
              </Button>
            </div>
          ) : null}
          <h3 className="console-subtitle">{t('sd_markets_title')}</h3>
          <p className="console-muted console-small">{t('sd_liability_hint')}</p>
          {marked.length && marked.length < e.markets.length ? (
            <Segment
              label={t('sd_markets_shown')}
              options={[
                { value: false, label: t('sd_markets_marked', { n: marked.length }) },
                { value: true, label: t('sd_markets_all', { n: e.markets.length }) },
              ]}
              value={allMarkets}
              onChange={setAllMarkets}
              testId={(all) => (all ? 'sd-markets-all' : 'sd-markets-marked')}
            />
          ) : null}
          <DeskTable
            testId="sd-markets"
            caption={t('sd_markets_title')}
            t={t}
            focusable
            empty={!e.markets.length}
            columns={[
              { label: t('sd_market') },
              { label: t('sd_outcome') },
              { label: t('sd_odds'), numeric: true },
              { label: t('sd_bets'), numeric: true },
              { label: t('sd_stake'), numeric: true },
              { label: t('sd_payout'), numeric: true },
              { label: '' },
            ]}
          >
            {markets.flatMap((m) =>
              (m.selections.length ? m.selections : [{ key: m.market, odds: 0 }]).map((s, i) => {
                const o = liab.get(s.key);
                return (
                  <tr
                    key={s.key}
                    data-testid={`sd-outcome-${s.key}`}
                    data-market={m.market}
                    data-suspended={m.suspended || undefined}
                    data-voided={m.voided || undefined}
                  >
                    <td>
                      {i === 0 ? (
                        <>
                          <strong>{m.market}</strong>
                          {m.voided ? (
                            <span className="console-status console-status--voided sd-flag">{t('sd_voided')}</span>
                          ) : null}
                          {m.suspended ? (
                            <span
                              className="console-status console-status--suspended sd-flag"
                              data-testid="sd-market-suspended"
                            >
                              {t('sd_suspended')}
                            </span>
                          ) : null}
                        </>
                      ) : null}
                    </td>
                    <td>{s.key}</td>
                    <td className="console-num">{odds(s.odds)}</td>
                    <td className="console-num">{o ? show.count(o.bets) : '—'}</td>
                    <td className="console-num">{o ? show.money(o.stake) : '—'}</td>
                    <td className="console-num" data-testid="sd-payout">
                      {o ? show.money(o.payout) : '—'}
                    </td>
                    <td>
                      {i === 0 && isAdmin && !m.voided && !e.voided ? (
                        <span className="console-actions">
                          {e.state !== 'resulted' ? (
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={busy}
                              onClick={() => void act(m.suspended ? 'resume' : 'suspend', m.market)}
                              data-testid={`sd-market-suspend-${m.market}`}
                            >
                              {t(m.suspended ? 'sd_resume' : 'sd_suspend')}
                            </Button>
                          ) : null}
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={busy}
                            onClick={() => void act('void', m.market)}
                            data-testid={`sd-market-void-${m.market}`}
                          >
                            {t(confirm === m.market ? 'sd_confirm_void' : 'sd_void')}
                          </Button>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              }),
            )}
          </DeskTable>
          {isAdmin && e.state !== 'upcoming' ? <ResultForm t={t} e={e} /> : null}
        </>
      ) : null}
    </DeskCard>
  );
}

/** A corrected result: the score, and the half-time score, sets or maps where the sport has them. */
function ResultForm({ t, e }: { t: ConsoleT; e: SportsDeskEvent }) {
  const save = useSportsCorrectResult();
  const [done, setDone] = useState<string | null>(null);
  const n = (f: FormData, k: string) => Number(f.get(k) ?? 0);
  return (
    <form
      className="console-form"
      aria-labelledby="sd-result-title"
      onSubmit={(ev) => {
        ev.preventDefault();
        setDone(null);
        const f = new FormData(ev.currentTarget);
        const abandoned = f.get('abandoned') === 'on';
        const text = String(f.get('detail') ?? '').trim();
        const body = abandoned
          ? { event: e.id, score: null }
          : {
              event: e.id,
              score: { home: n(f, 'home'), away: n(f, 'away') },
              ...(e.sport === 'football' && String(f.get('htHome') ?? '') !== ''
                ? { halfTime: { home: n(f, 'htHome'), away: n(f, 'htAway') } }
                : {}),
              ...(e.sport === 'tennis' && text
                ? { sets: text.split(/\s+/).map((x) => x.split('-').map(Number) as [number, number]) }
                : {}),
              ...(e.sport === 'esports' && text ? { maps: text.toUpperCase().split(/\s+/) as ('H' | 'A')[] } : {}),
            };
        void save.mutateAsync(body).then(() => setDone(t('sd_result_saved')));
      }}
    >
      <h3 id="sd-result-title" className="console-subtitle">
        {t('sd_result_title')}
      </h3>
      <p className="console-muted console-small">{t('sd_result_hint')}</p>
      <div className="console-filters">
        <Input name="home" type="number" min={0} max={999} required label={e.home} data-testid="sd-result-home" />
        <Input name="away" type="number" min={0} max={999} required label={e.away} data-testid="sd-result-away" />
        {e.sport === 'football' ? (
          <>
            <Input
              name="htHome"
              type="number"
              min={0}
              max={999}
              label={t('sd_ht_home')}
              data-testid="sd-result-ht-home"
            />
            <Input
              name="htAway"
              type="number"
              min={0}
              max={999}
              label={t('sd_ht_away')}
              data-testid="sd-result-ht-away"
            />
          </>
        ) : null}
        {e.sport === 'tennis' || e.sport === 'esports' ? (
          <Input
            name="detail"
            label={t(e.sport === 'tennis' ? 'sd_sets' : 'sd_maps')}
            required
            data-testid="sd-result-detail"
          />
        ) : null}
        <label className="field">
          <span className="field__label">{t('sd_abandoned')}</span>
          <input type="checkbox" name="abandoned" data-testid="sd-result-abandoned" />
        </label>
      </div>
      <ErrorLine error={save.error} />
      <DoneLine text={done} testId="sd-result-done" />
      <Button type="submit" disabled={save.isPending} data-testid="sd-result-save">
        {t('sd_result_save')}
      </Button>
    </form>
  );
}

function MarginsCard({ t, isAdmin }: { t: ConsoleT; isAdmin: boolean }) {
  const q = useSportsMargins();
  const save = useSportsSetMargin();
  const [done, setDone] = useState<string | null>(null);
  return (
    <DeskCard
      id="sd-margins"
      title={t('sd_margins_title')}
      hint={t('sd_margins_hint', { pct: (q.data?.defaultBp ?? 0) / 100 })}
      testId="sd-margins"
    >
      <ErrorLine error={q.error ?? save.error} />
      <DoneLine text={done} testId="sd-margin-done" />
      <DeskTable
        testId="sd-margins-table"
        caption={t('sd_margins_title')}
        t={t}
        compact
        empty={!q.isLoading && !q.data?.sports.length}
        columns={[
          { label: t('sd_sport'), wide: true },
          { label: t('sd_margin_pct'), numeric: true },
        ]}
      >
        {q.data?.sports.map((s) => (
          <tr key={s.sport} data-testid={`sd-margin-${s.sport}`}>
            <td>{sportName(t, s.sport)}</td>
            <td className="console-num">
              {isAdmin ? (
                <form
                  className="console-actions sd-margin"
                  onSubmit={(ev) => {
                    ev.preventDefault();
                    setDone(null);
                    const pct = Number(new FormData(ev.currentTarget).get('pct'));
                    void save
                      .mutateAsync({ sport: s.sport as SportsDeskSport, marginBp: Math.round(pct * 100) })
                      .then(() => setDone(t('sd_margin_saved')));
                  }}
                >
                  <Input
                    name="pct"
                    type="number"
                    min={0}
                    max={50}
                    step={0.01}
                    label={t('sd_margin_pct')}
                    hideLabel
                    defaultValue={String(s.marginBp / 100)}
                    key={s.marginBp}
                    data-testid={`sd-margin-input-${s.sport}`}
                  />
                  <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
                    {t('sd_save')}
                  </Button>
                </form>
              ) : (
                `${s.marginBp / 100}%`
              )}
            </td>
          </tr>
        ))}
      </DeskTable>
    </DeskCard>
  );
}

type GgrRow = { sport: string; stake: string; paid: string; ggr: string; bets: number };

function ReportCard({ t }: { t: ConsoleT }) {
  const today = new Date().toISOString().slice(0, 10);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: today, to: today });
  const q = useSportsReport(range);
  const v = q.data;
  const columns: Column<GgrRow>[] = [
    { label: t('sd_sport'), kind: 'text', value: (r) => r.sport, show: (r) => sportName(t, r.sport) },
    { label: t('sd_stake'), kind: 'money', value: (r) => r.stake, testId: 'stake' },
    { label: t('sd_paid'), kind: 'money', value: (r) => r.paid, testId: 'paid' },
    { label: 'GGR', kind: 'money', value: (r) => r.ggr, testId: 'ggr' },
    { label: t('sd_bet_count'), kind: 'count', value: (r) => r.bets, testId: 'count' },
  ];
  return (
    <>
      <ReportFilter
        t={t}
        goTestId="sd-report-show"
        onFilter={(f) => {
          const from = String(f.get('from') ?? '');
          const to = String(f.get('to') ?? '');
          if (from && to) setRange({ from, to });
        }}
      >
        <Input name="from" type="date" label={t('sd_from')} defaultValue={range.from} data-testid="sd-report-from" />
        <Input name="to" type="date" label={t('sd_to')} defaultValue={range.to} data-testid="sd-report-to" />
      </ReportFilter>
      <ReportTable
        t={t}
        id="sd-report"
        title={t('sd_report_title')}
        hint={t('sd_report_hint')}
        columns={columns}
        rows={v?.list ?? []}
        rowKey={(r) => r.sport}
        totals={v ? { sport: '', ...v.totals } : null}
        filename={`sports-ggr-${range.from}-${range.to}.csv`}
        query={q}
        emptyText={t('sd_report_empty')}
        head={
          // The book's own range (UTC days); house games keeps no test accounts to leave out.
          <p className="console-muted console-small" data-testid="reports-showing">
            {v ? `${v.from} – ${v.to} (UTC)` : ''}
          </p>
        }
      />
    </>
  );
}
