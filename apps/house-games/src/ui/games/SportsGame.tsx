import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError } from '../lib/api.ts';
import { convertOdds, isOddsFormat, ODDS_FORMATS, type OddsFormat } from '../../math/sports/odds-format.ts';
import { SYSTEM_KINDS, SYSTEMS, systemLines, systemPotential, type SystemKind } from '../../math/sports/systems.ts';
import { formatDecimal, formatKickoff, formatMoney, formatMultiplier } from '../lib/format.ts';
import { t, type Key } from '../lib/i18n.ts';
import type { GameProps } from './game-props.ts';

type LegResult = 'WIN' | 'LOSE' | 'PUSH' | 'HALF_WIN' | 'HALF_LOSE' | 'VOID';
interface Selection {
  key: string;
  odds: number;
}
interface Market {
  market: string;
  /** The key's first part: football 1X2 … HTOU, basketball ML/SP/TP, tennis MW/SH/TG, esports MW/M1/MH/TM. */
  kind: string;
  selections: Selection[];
}
type Sport = 'football' | 'basketball' | 'tennis' | 'esports';
interface SportEvent {
  id: number;
  sport: Sport;
  league: string;
  leagueName: string;
  home: string;
  away: string;
  startsAt: string;
  status: 'open' | 'started' | 'resulted';
  suspended: boolean;
  live: LiveInfo | null;
  markets: Market[];
}
interface LiveClock {
  minute: number;
  score: { home: number; away: number };
  /** Basketball: the quarter (5 and on: overtime) and the minutes left in it (decision 115). */
  period?: number;
  clock?: number;
  /** Tennis: the sets finished, the games of the set in play, who serves. */
  sets?: [number, number][];
  games?: [number, number];
  serving?: 'home' | 'away';
  /** Esports: each finished map's winner (the map in play is the next). */
  maps?: ('H' | 'A')[];
}
interface LiveInfo extends LiveClock {
  incidents: { minute: number; kind: 'goal' | 'yellow' | 'red'; side: 'home' | 'away' }[];
}
interface Board {
  serverNow: number;
  feed: string | null;
  sports: { id: Sport; events: number }[];
  leagues: { sport: Sport; id: string; name: string; events: number }[];
  events: SportEvent[];
  live: SportEvent[];
  limits: {
    minStake: string;
    maxStake: string;
    maxPayout: string;
    maxLegs: number;
    marginBp: number;
    inPlayDelayMs?: number;
  };
}
interface MyBet {
  id: number;
  roundId: string;
  type: 'single' | 'accumulator' | 'system';
  system: SystemKind | null;
  lines: number;
  lineStake: string;
  stake: string;
  odds: number;
  potentialReturn: string;
  status: string;
  win: string | null;
  result: 'WIN' | 'LOSE' | 'PUSH' | 'VOID' | 'CASHED_OUT' | null;
  cashOut: string | null;
  cashedOut: boolean;
  openStake: string;
  cashedOutParts: { stake: string; amount: string }[];
  autoCashOut: string | null;
  createdAt: string;
  legs: {
    event: number;
    home: string;
    away: string;
    selection: string;
    odds: number;
    result: LegResult | null;
    score: { home: number; away: number } | null;
    live: LiveClock | null;
  }[];
}
/** A settled event on the results page (decision 108). */
interface ResultRow {
  id: number;
  league: string;
  leagueName: string;
  home: string;
  away: string;
  startsAt: string;
  abandoned: boolean;
  score: { home: number; away: number } | null;
  halfTime: { home: number; away: number } | null;
}
/** A pick in the slip: the event's names travel with it (the slip outlives the page it came from). */
interface Pick {
  event: number;
  home: string;
  away: string;
  selection: string;
  odds: number;
  /** Picked in-play: the bet is accepted after the in-play delay (decision 107). */
  live?: boolean;
}

const lineOf = (sel: string) => sel.split(':')[1] ?? '';
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A line market's name per kind (the line is the home side's for handicaps). */
const LINE_MARKETS: Record<string, Key> = {
  OU: 'spTotal',
  AH: 'spHandicap',
  HTOU: 'spTotalHT',
  SP: 'spSpread',
  TP: 'spTotalPoints',
  SH: 'spSetHandicap',
  TG: 'spTotalGames',
  MH: 'spMapHandicap',
  TM: 'spTotalMaps',
};
/** The sports the sportsbook's home offers, and the esports view's one (issue 23). */
const SPORT_NAMES: Record<Sport, Key> = {
  football: 'spFootball',
  basketball: 'spBasketball',
  tennis: 'spTennis',
  esports: 'spEsports',
};

/**
 * The clock of a live event in the player's language (decision 115): football's minute, basketball's
 * quarter and minutes left, tennis's set and the games in it, esports' map in play.
 */
const clockText = (l: LiveClock): string => {
  if (l.period !== undefined)
    return `${l.period <= 4 ? t('spQuarter', { n: l.period }) : t('spOvertime')} ${l.clock ?? 0}:00`;
  if (l.sets) {
    const [h, a] = l.games ?? [0, 0];
    return `${t('spSet', { n: l.sets.length + 1 })} ${h}–${a}`;
  }
  if (l.maps) return t('spMap', { n: l.maps.length + 1 });
  return `${l.minute}'`;
};
/** What is past besides the score: tennis's finished sets (6–4 3–6), esports' map winners. */
const pastText = (l: LiveClock, home: string, away: string): string => {
  if (l.sets?.length) return l.sets.map(([h, a]) => `${h}–${a}`).join(' ');
  if (l.maps?.length)
    return l.maps.map((m, i) => `${t('spMap', { n: i + 1 })}: ${m === 'H' ? home : away}`).join(' · ');
  return '';
};

/** A market's name in the player's language. */
const marketName = (m: string): string => {
  const [kind, line] = m.split(':') as [string, string | undefined];
  const lined = LINE_MARKETS[kind];
  if (lined) return t(lined, { line: line ?? '' });
  return t(`spMarket${kind}` as Key);
};

/** A selection's words: the team's name for sides, over/under with the line, a score. */
const selectionName = (sel: string, home: string, away: string): string => {
  const [kind, a, b] = sel.split(':') as [string, string, string | undefined];
  switch (kind) {
    case '1X2':
    case 'HT1X2':
    case 'ML':
    case 'MW':
    case 'M1':
      return a === 'H' ? home : a === 'A' ? away : t('spDraw');
    case 'DC':
      return a === '1X' ? t('spHomeOrDraw', { home }) : a === 'X2' ? t('spAwayOrDraw', { away }) : t('spHomeOrAway');
    case 'OU':
    case 'HTOU':
    case 'TP':
    case 'TG':
    case 'TM':
      return b === 'O' ? t('spOver', { line: a }) : t('spUnder', { line: a });
    case 'BTTS':
      return a === 'Y' ? t('spYes') : t('spNo');
    case 'CS':
      return a === 'OTHER' ? t('spOtherScore') : a;
    case 'AH':
    case 'SP':
    case 'SH':
    case 'MH':
      return b === 'H' ? `${home} ${signed(Number(a))}` : `${away} ${signed(-Number(a))}`;
    default:
      return sel;
  }
};
const shortName = (sel: string) => {
  const [kind, a] = sel.split(':');
  if (kind === '1X2' || kind === 'ML' || kind === 'MW') return a === 'H' ? '1' : a === 'A' ? '2' : 'X';
  return lineOf(sel);
};
const legResultKey: Record<LegResult, Key> = {
  WIN: 'spLegWin',
  LOSE: 'spLegLose',
  PUSH: 'spLegPush',
  HALF_WIN: 'spLegHalfWin',
  HALF_LOSE: 'spLegHalfLose',
  VOID: 'spLegVoid',
};

/** Systems keep their names in every language (they are the bets' names at every bookmaker). */
const SYSTEM_NAMES: Record<SystemKind, string> = {
  '2/3': '2/3',
  trixie: 'Trixie',
  patent: 'Patent',
  yankee: 'Yankee',
  lucky15: 'Lucky 15',
};
const oddsFormatKey: Record<OddsFormat, Key> = {
  decimal: 'spOddsDecimal',
  hk: 'spOddsHk',
  malay: 'spOddsMalay',
  indo: 'spOddsIndo',
};
const ODDS_STORE = 'hg-sp-odds-format';
const storedOddsFormat = (): OddsFormat => {
  try {
    const v = localStorage.getItem(ODDS_STORE);
    return isOddsFormat(v) ? v : 'decimal';
  } catch {
    return 'decimal';
  }
};

const incidentKey = { goal: 'spGoal', yellow: 'spYellow', red: 'spRed' } as const;
/** An event takes bets: pre-match, or in-play once live (and not suspended). */
const bettable = (e: SportEvent) =>
  !e.suspended && (e.status === 'open' || (e.status === 'started' && e.live !== null));

const newSlipId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The sportsbook (decision 099): upcoming football by league with a search, an event's markets, a slip, my bets. */
export const SportsGame = ({ money, balance, onBalance, esports = false }: GameProps & { esports?: boolean }) => {
  const [board, setBoard] = useState<Board | null>(null);
  /** The sports this view offers: esports for an esports title, the others on the sportsbook's home. */
  const scope: Sport[] = esports ? ['esports'] : ['football', 'basketball', 'tennis'];
  const [sport, setSport] = useState<Sport | null>(null);
  const [league, setLeague] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<
    { page: 'home' } | { page: 'event'; id: number } | { page: 'bets' } | { page: 'results' }
  >({
    page: 'home',
  });
  const [results, setResults] = useState<{ leagues: Board['leagues']; events: ResultRow[] } | null>(null);
  const [resultsLeague, setResultsLeague] = useState<string | null>(null);
  /** Partial cash out: the part of the open stake typed per bet; auto cash out: the value typed per bet. */
  const [partText, setPartText] = useState<Record<number, string>>({});
  const [autoText, setAutoText] = useState<Record<number, string>>({});
  const [event, setEvent] = useState<SportEvent | null>(null);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [accStake, setAccStake] = useState('');
  /** A system's stake per line, by system (decision 107). */
  const [sysStakes, setSysStakes] = useState<Partial<Record<SystemKind, string>>>({});
  /** How prices are shown (a display choice kept on this device; the server speaks decimal). */
  const [oddsFormat, setOddsFormatState] = useState<OddsFormat>(storedOddsFormat);
  const setOddsFormat = (f: OddsFormat) => {
    setOddsFormatState(f);
    try {
      localStorage.setItem(ODDS_STORE, f);
    } catch {
      // a private window keeps the choice for this visit only
    }
  };
  const fmtOdds = (o: number) =>
    oddsFormat === 'decimal' ? formatMultiplier(o) : formatDecimal(convertOdds(o, oddsFormat), 2);
  const [acceptChanges, setAcceptChanges] = useState(false);
  const [slipOpen, setSlipOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; good?: boolean } | null>(null);
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const [bets, setBets] = useState<{ open: MyBet[]; settled: MyBet[] }>({ open: [], settled: [] });
  const [cashing, setCashing] = useState<{ id: number; amount: string; part?: bigint } | null>(null);
  const [betMessage, setBetMessage] = useState<{ id: number; text: string; good?: boolean } | null>(null);
  /** The prices last seen per event and selection: a moved price shows which way it went. */
  const seen = useRef(new Map<string, { odds: number; move: 'up' | 'down' | '' }>());
  const remember = (events: SportEvent[]) => {
    for (const e of events)
      for (const m of e.markets)
        for (const x of m.selections) {
          const k = `${e.id}|${x.key}`;
          const was = seen.current.get(k);
          const move = !was ? '' : x.odds > was.odds ? 'up' : x.odds < was.odds ? 'down' : was.move;
          seen.current.set(k, { odds: x.odds, move });
        }
  };
  const moveOf = (e: SportEvent, key: string) => (e.live ? (seen.current.get(`${e.id}|${key}`)?.move ?? '') : '');

  const loadBoard = useCallback(async () => {
    const q = new URLSearchParams();
    q.set('sport', sport ?? scope.join(','));
    if (league) q.set('league', league);
    if (search.trim()) q.set('q', search.trim());
    const b = await api<Board>(`/sports/events?${q.toString()}`);
    remember(b.live);
    setBoard(b);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [league, search, sport, esports]);

  const anyLive = (board?.live.length ?? 0) > 0;
  useEffect(() => {
    const first = setTimeout(() => void loadBoard().catch(() => undefined), search ? 250 : 0);
    const id = setInterval(() => void loadBoard().catch(() => undefined), anyLive ? 2000 : 10_000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [loadBoard, search, anyLive]);

  const eventLive = event?.live !== null && event?.live !== undefined;
  useEffect(() => {
    if (view.page !== 'event') return;
    let stop = false;
    const load = () =>
      api<{ event: SportEvent }>(`/sports/events/${view.id}`)
        .then((r) => {
          if (stop) return;
          remember([r.event]);
          setEvent(r.event);
        })
        .catch(() => undefined);
    void load();
    const id = setInterval(load, eventLive ? 2000 : 10_000);
    return () => {
      stop = true;
      clearInterval(id);
    };
  }, [view, eventLive]);

  useEffect(() => {
    if (view.page !== 'results') return;
    let stop = false;
    const load = () =>
      api<{ leagues: Board['leagues']; events: ResultRow[] }>(
        `/sports/results${resultsLeague ? `?league=${resultsLeague}` : ''}`,
      )
        .then((r) => !stop && setResults(r))
        .catch(() => undefined);
    void load();
    const id = setInterval(load, 15_000);
    return () => {
      stop = true;
      clearInterval(id);
    };
  }, [view, resultsLeague]);

  const loadBets = useCallback(async () => {
    const [open, settled] = await Promise.all([
      api<MyBet[]>('/sports/bets?status=open'),
      api<MyBet[]>('/sports/bets?status=settled'),
    ]);
    setBets((prev) => {
      // A bet leaving the open list was settled: the balance moved.
      if (prev.open.some((b) => !open.some((o) => o.id === b.id)))
        void api<{ balance: string }>('/balance')
          .then((b) => onBalance(b.balance))
          .catch(() => undefined);
      return { open, settled };
    });
  }, [onBalance]);

  useEffect(() => {
    void loadBets().catch(() => undefined);
    const id = setInterval(() => void loadBets().catch(() => undefined), bets.open.length ? 3000 : 15_000);
    return () => clearInterval(id);
  }, [loadBets, bets.open.length]);

  const parseMinor = (text: string) => {
    const m = /^\s*(\d{1,12})(?:[.,](\d{0,2}))?\s*$/.exec(text);
    return m
      ? BigInt(m[1]!) * 10n ** BigInt(money.exponent) +
          BigInt((m[2] ?? '').padEnd(money.exponent, '0').slice(0, money.exponent) || '0')
      : null;
  };
  const limits = board?.limits;
  const min = BigInt(limits?.minStake ?? '1');
  const max = BigInt(limits?.maxStake ?? '0');
  const maxLegs = limits?.maxLegs ?? 12;

  const keyOf = (p: { event: number; selection: string }) => `${p.event}|${p.selection}`;
  const picked = (e: { id: number }, sel: string) => picks.some((p) => p.event === e.id && p.selection === sel);
  const toggle = (e: SportEvent, s: Selection) => {
    setMessage(null);
    setPicks((prev) => {
      const k = keyOf({ event: e.id, selection: s.key });
      if (prev.some((p) => keyOf(p) === k)) return prev.filter((p) => keyOf(p) !== k);
      // One pick per event: a new pick on the same event replaces the old one.
      const rest = prev.filter((p) => p.event !== e.id);
      if (rest.length >= maxLegs) return prev;
      return [
        ...rest,
        { event: e.id, home: e.home, away: e.away, selection: s.key, odds: s.odds, live: e.status === 'started' },
      ];
    });
  };
  const accOdds = picks.reduce((p, x) => (p * x.odds) / 100, 1);
  /** The systems the slip's picks make (each takes an exact number of selections). */
  const systems = SYSTEM_KINDS.filter((k) => SYSTEMS[k].selections === picks.length);
  /** A bet the slip places: `stake` is what it debits; a system also has its stake per line. */
  type SlipBet = { legs: Pick[]; stake: bigint; system?: SystemKind; lineStake?: bigint };
  const lines = useMemo(() => {
    const singles = picks
      .map((p) => ({ legs: [p], stake: parseMinor(stakes[keyOf(p)] ?? '') }))
      .filter((l) => l.stake !== null && l.stake > 0n);
    const acc = picks.length >= 2 ? parseMinor(accStake) : null;
    const sys = systems.flatMap((k): SlipBet[] => {
      const per = parseMinor(sysStakes[k] ?? '');
      return per && per > 0n
        ? [{ legs: picks, stake: per * BigInt(systemLines(k).length), system: k, lineStake: per }]
        : [];
    });
    return [...singles, ...(acc && acc > 0n ? [{ legs: picks, stake: acc }] : []), ...sys] as SlipBet[];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picks, stakes, accStake, sysStakes]);
  const returnOf = (l: SlipBet) =>
    l.system
      ? systemPotential(
          l.lineStake!,
          l.system,
          l.legs.map((p) => p.odds),
        )
      : l.legs.reduce((n, p) => n * BigInt(p.odds), l.stake) / 100n ** BigInt(l.legs.length);
  const totalStake = lines.reduce((s, l) => s + l.stake, 0n);
  const totalReturn = lines.reduce((s, l) => s + returnOf(l), 0n);

  const place = async () => {
    if (!lines.length) return setMessage({ text: t('spEnterStake') });
    const bad = lines.find((l) => (l.lineStake ?? l.stake) < min || (l.lineStake ?? l.stake) > max);
    if (bad) return setMessage({ text: t('cfLimits', { min: formatMoney(min, money), max: formatMoney(max, money) }) });
    if (totalStake > BigInt(balance)) return setMessage({ text: t('noFunds') });
    setBusy(true);
    const delay = board?.limits.inPlayDelayMs ?? 0;
    // An in-play bet waits for the bet delay before it is accepted: say so while it does.
    setMessage(
      delay > 0 && picks.some((p) => p.live)
        ? { text: t('spInPlayDelay', { s: formatDecimal(delay / 1000, 0) }), good: true }
        : null,
    );
    let placed = 0;
    const done: Pick[][] = [];
    try {
      for (const l of lines) {
        const res = await api<MyBet & { balance: string }>('/sports/bets', {
          body: {
            legs: l.legs.map((p) => ({ event: p.event, selection: p.selection, odds: p.odds })),
            stake: (l.lineStake ?? l.stake).toString(),
            ...(l.system ? { system: l.system } : {}),
            acceptChanges,
            slipId: newSlipId(),
          },
        });
        onBalance(res.balance);
        placed++;
        done.push(l.legs);
      }
      setMessage({ text: t('spPlaced', { n: placed }), good: true });
      setPicks([]);
      setStakes({});
      setAccStake('');
      setSysStakes({});
    } catch (e) {
      const err = e as ApiError;
      if (err instanceof ApiError && err.code === 'ODDS_CHANGED') {
        // The new prices go into the slip: the player sees them and decides again.
        const changed =
          (err.value as { legs?: { event: number; selection: string; odds: number }[] } | null)?.legs ?? [];
        setPicks((prev) =>
          prev.map((p) => {
            const c = changed.find((x) => x.event === p.event && x.selection === p.selection);
            return c ? { ...p, odds: c.odds } : p;
          }),
        );
        setMessage({ text: t('spOddsChanged') });
      } else setMessage({ text: err.message });
      if (placed) {
        // What was placed leaves the slip; the rest stays to try again.
        const placedSingles = new Set(done.filter((d) => d.length === 1).map((d) => keyOf(d[0]!)));
        setStakes((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !placedSingles.has(k))));
        if (done.some((d) => d.length > 1)) {
          setAccStake('');
          setSysStakes({});
        }
      }
    } finally {
      setBusy(false);
      void loadBets().catch(() => undefined);
    }
  };

  /** Cash out at the offer the player confirmed; a moved offer comes back to be confirmed again. */
  const cashOut = async (b: MyBet, amount: string, part?: bigint) => {
    setBusy(true);
    setBetMessage(null);
    try {
      const res = await api<MyBet & { balance: string }>(`/sports/bets/${b.id}/cashout`, {
        body: { amount, ...(part !== undefined ? { stake: part.toString() } : {}) },
      });
      onBalance(res.balance);
      // A credit the platform did not answer in time is still on its way: read the wallet again.
      if (res.status !== 'settled') onBalance(null);
      setCashing(null);
      const last = res.cashedOutParts[res.cashedOutParts.length - 1];
      setBetMessage({
        id: b.id,
        text:
          part !== undefined && last
            ? t('spPartCashed', { part: formatMoney(last.stake, money), amount: formatMoney(last.amount, money) })
            : t('spCashedOut', { amount: formatMoney(res.win ?? '0', money) }),
        good: true,
      });
      setPartText((x) => ({ ...x, [b.id]: '' }));
    } catch (e) {
      const err = e as ApiError;
      if (err instanceof ApiError && err.code === 'CASHOUT_CHANGED') {
        const next = (err.value as { amount?: string } | null)?.amount ?? null;
        if (next) setCashing({ id: b.id, amount: next, ...(part !== undefined ? { part } : {}) });
        setBetMessage({ id: b.id, text: t('spCashOutChanged') });
      } else {
        setCashing(null);
        setBetMessage({ id: b.id, text: err.message });
      }
    } finally {
      setBusy(false);
      void loadBets().catch(() => undefined);
    }
  };

  /** Sets (or with null removes) a bet's auto cash-out value. */
  const setAuto = async (b: MyBet, value: bigint | null) => {
    setBusy(true);
    setBetMessage(null);
    try {
      const res = await api<MyBet & { balance: string }>(`/sports/bets/${b.id}/autocashout`, {
        method: 'PUT',
        body: { amount: value === null ? null : value.toString() },
      });
      onBalance(res.balance);
      setAutoText((x) => ({ ...x, [b.id]: '' }));
    } catch (e) {
      setBetMessage({ id: b.id, text: (e as Error).message });
    } finally {
      setBusy(false);
      void loadBets().catch(() => undefined);
    }
  };
  /** What a part of the open stake pays: the whole offer pro rata, floored (as the book pays it). */
  const partPays = (b: MyBet, part: bigint) => (BigInt(b.cashOut ?? '0') * part) / BigInt(b.openStake);

  const resultsPage = () => {
    if (!results)
      return (
        <p className="center-note" aria-busy="true">
          {t('loading')}
        </p>
      );
    const byLeague = new Map<string, ResultRow[]>();
    for (const e of results.events) byLeague.set(e.leagueName, [...(byLeague.get(e.leagueName) ?? []), e]);
    return (
      <section aria-label={t('spResults')} data-testid="hg-sp-results">
        <div className="sp-leagues" role="group" aria-label={t('spLeagues')}>
          <button
            type="button"
            className={resultsLeague === null ? 'active' : ''}
            aria-pressed={resultsLeague === null}
            onClick={() => setResultsLeague(null)}
          >
            {t('spAll')}
          </button>
          {results.leagues.map((l) => (
            <button
              key={l.id}
              type="button"
              className={resultsLeague === l.id ? 'active' : ''}
              aria-pressed={resultsLeague === l.id}
              onClick={() => setResultsLeague(l.id)}
            >
              {l.name} <span className="muted">{l.events}</span>
            </button>
          ))}
        </div>
        {results.events.length === 0 && <p className="muted">{t('spNoResults')}</p>}
        {[...byLeague].map(([name, events]) => (
          <section key={name} className="sp-league" aria-label={name}>
            <h3>{name}</h3>
            <ul className="sp-events sp-results">
              {events.map((e) => (
                <li key={e.id} className="sp-event" data-testid="hg-sp-result" data-event-id={e.id}>
                  <span className="muted small">{formatKickoff(e.startsAt)}</span>
                  <strong>
                    {e.home}{' '}
                    <span className="sp-score" data-testid="hg-sp-result-score">
                      {e.score ? `${e.score.home}–${e.score.away}` : t('spAbandoned')}
                    </span>{' '}
                    {e.away}
                  </strong>
                  {e.halfTime && (
                    <span className="muted small" data-testid="hg-sp-result-ht">
                      {t('spHalfTime', { score: `${e.halfTime.home}–${e.halfTime.away}` })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    );
  };

  const selectionButton = (e: SportEvent, s: Selection, label: string) => (
    <button
      key={s.key}
      type="button"
      className={`sp-odd${picked(e, s.key) ? ' picked' : ''} ${moveOf(e, s.key)}`}
      aria-pressed={picked(e, s.key)}
      disabled={!bettable(e)}
      data-move={moveOf(e, s.key) || undefined}
      onClick={() => toggle(e, s)}
      data-testid={`hg-sp-sel-${e.id}-${s.key}`}
    >
      <span className="sp-odd-name">{label}</span>
      <strong>{fmtOdds(s.odds)}</strong>
    </button>
  );

  const home = () => {
    if (!board)
      return (
        <p className="center-note" aria-busy="true">
          {t('loading')}
        </p>
      );
    const byLeague = new Map<string, SportEvent[]>();
    for (const e of board.events) byLeague.set(e.leagueName, [...(byLeague.get(e.leagueName) ?? []), e]);
    return (
      <section aria-label={t('spUpcoming')} data-testid="hg-sp-home">
        <div className="sp-filters">
          {!esports && (
            <div className="sp-leagues sp-sports" role="group" aria-label={t('spSports')}>
              <button
                type="button"
                className={sport === null ? 'active' : ''}
                aria-pressed={sport === null}
                onClick={() => {
                  setSport(null);
                  setLeague(null);
                }}
              >
                {t('spAll')}
              </button>
              {scope.map((x) => (
                <button
                  key={x}
                  type="button"
                  className={sport === x ? 'active' : ''}
                  aria-pressed={sport === x}
                  onClick={() => {
                    setSport(x);
                    setLeague(null);
                  }}
                  data-testid={`hg-sp-sport-${x}`}
                >
                  {t(SPORT_NAMES[x])} <span className="muted">{board.sports.find((s) => s.id === x)?.events ?? 0}</span>
                </button>
              ))}
            </div>
          )}
          <div className="sp-leagues" role="group" aria-label={t('spLeagues')}>
            <button
              type="button"
              className={league === null ? 'active' : ''}
              aria-pressed={league === null}
              onClick={() => setLeague(null)}
            >
              {t('spAll')}
            </button>
            {board.leagues.map((l) => (
              <button
                key={l.id}
                type="button"
                className={league === l.id ? 'active' : ''}
                aria-pressed={league === l.id}
                onClick={() => setLeague(l.id)}
                data-testid={`hg-sp-league-${l.id}`}
              >
                {l.name} <span className="muted">{l.events}</span>
              </button>
            ))}
          </div>
          <label className="sp-search">
            <span className="sp-sr">{t('spSearch')}</span>
            <input
              type="search"
              placeholder={t('spSearch')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="hg-sp-search"
            />
          </label>
        </div>
        {board.live.length > 0 && (
          <section className="sp-league sp-live" aria-label={t('spLiveNow')} data-testid="hg-sp-live">
            <h3>
              <span className="sp-live-dot" aria-hidden="true" /> {t('spLiveNow')}
            </h3>
            <ul className="sp-events">
              {board.live.map((e) => (
                <li
                  key={e.id}
                  className="sp-event"
                  data-testid="hg-sp-live-event"
                  data-event-id={e.id}
                  data-suspended={e.suspended}
                >
                  <button
                    type="button"
                    className="sp-event-name"
                    onClick={() => setView({ page: 'event', id: e.id })}
                    data-testid="hg-sp-event-open"
                  >
                    <span className="muted small">
                      <span className="sp-minute" data-testid="hg-sp-minute">
                        {clockText(e.live!)}
                      </span>{' '}
                      · {e.leagueName}
                    </span>
                    <strong data-testid="hg-sp-teams">
                      {e.home}{' '}
                      <span className="sp-score" data-testid="hg-sp-score">
                        {e.live!.score.home}–{e.live!.score.away}
                      </span>{' '}
                      {e.away}
                    </strong>
                    {e.suspended ? (
                      <span className="sp-suspended small" data-testid="hg-sp-suspended">
                        {t('spSuspended')}
                      </span>
                    ) : (
                      <span className="muted small">{t('spAllMarkets')} ›</span>
                    )}
                  </button>
                  <div className="sp-1x2">
                    {(e.markets[0]?.selections ?? []).map((s) => selectionButton(e, s, shortName(s.key)))}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
        {board.events.length === 0 && <p className="muted">{board.feed === null ? t('spNoFeed') : t('spNoEvents')}</p>}
        {[...byLeague].map(([name, events]) => (
          <section key={name} className="sp-league" aria-label={name}>
            <h3>{name}</h3>
            <ul className="sp-events">
              {events.map((e) => (
                <li key={e.id} className="sp-event" data-testid="hg-sp-event" data-event-id={e.id} data-sport={e.sport}>
                  <button
                    type="button"
                    className="sp-event-name"
                    onClick={() => setView({ page: 'event', id: e.id })}
                    data-testid="hg-sp-event-open"
                  >
                    <span className="muted small" data-testid="hg-sp-kickoff" data-starts-at={e.startsAt}>
                      {formatKickoff(e.startsAt)}
                    </span>
                    <strong data-testid="hg-sp-teams">
                      {e.home} <span className="muted">v</span> {e.away}
                    </strong>
                    <span className="muted small">{t('spAllMarkets')} ›</span>
                  </button>
                  <div className="sp-1x2">
                    {(e.markets[0]?.selections ?? []).map((s) => selectionButton(e, s, shortName(s.key)))}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
    );
  };

  const eventPage = () => {
    if (!event || view.page !== 'event' || event.id !== view.id)
      return (
        <p className="center-note" aria-busy="true">
          {t('loading')}
        </p>
      );
    return (
      <section aria-label={`${event.home} v ${event.away}`} data-testid="hg-sp-event-page">
        <button type="button" className="ghost" onClick={() => setView({ page: 'home' })}>
          ‹ {t('spBack')}
        </button>
        <div className="sp-event-head">
          <p className="muted small">
            {event.leagueName} · {formatKickoff(event.startsAt)}
          </p>
          <h2>
            {event.home} <span className="muted">v</span> {event.away}
          </h2>
          {event.live && (
            <div className="sp-live-head" data-testid="hg-sp-live-head">
              <p>
                <span className="sp-live-dot" aria-hidden="true" /> {t('spLive')} ·{' '}
                <span className="sp-minute">{clockText(event.live)}</span>{' '}
                <strong className="sp-score" data-testid="hg-sp-score">
                  {event.live.score.home}–{event.live.score.away}
                </strong>
                {event.live.serving && (
                  <span className="muted small" data-testid="hg-sp-serving">
                    {' '}
                    · {t('spServing')}: {event.live.serving === 'home' ? event.home : event.away}
                  </span>
                )}
              </p>
              {pastText(event.live, event.home, event.away) && (
                <p className="muted small" data-testid="hg-sp-past">
                  {pastText(event.live, event.home, event.away)}
                </p>
              )}
              {event.live.incidents.length > 0 && (
                <ol className="sp-incidents" aria-label={t('spIncidents')} data-testid="hg-sp-incidents">
                  {[...event.live.incidents].reverse().map((i, k) => (
                    <li key={k} className={`sp-inc ${i.kind}`}>
                      {i.minute}' {t(incidentKey[i.kind])} · {i.side === 'home' ? event.home : event.away}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
          {event.suspended && bettable({ ...event, suspended: false }) ? (
            <p className="message" role="status" data-testid="hg-sp-suspended">
              {t('spSuspendedLong')}
            </p>
          ) : (
            !bettable(event) && <p className="message">{t('spClosed')}</p>
          )}
        </div>
        <div className="sp-markets">
          {event.markets.map((m) => (
            <section key={m.market} className={`sp-market kind-${m.kind}`} aria-label={marketName(m.market)}>
              <h3>{marketName(m.market)}</h3>
              <div className="sp-market-sels">
                {m.selections.map((s) => selectionButton(event, s, selectionName(s.key, event.home, event.away)))}
              </div>
            </section>
          ))}
        </div>
        <p className="muted small">{t('spRules')}</p>
      </section>
    );
  };

  const myBets = () => {
    const list = tab === 'open' ? bets.open : bets.settled;
    return (
      <section aria-label={t('history')} data-testid="hg-sp-mybets">
        <div className="cf-tabs" role="tablist">
          {(['open', 'settled'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? 'active' : ''}
              onClick={() => setTab(k)}
              data-testid={`hg-sp-tab-${k}`}
            >
              {t(k === 'open' ? 'cfOpen' : 'cfSettled')} ({(k === 'open' ? bets.open : bets.settled).length})
            </button>
          ))}
        </div>
        {list.length === 0 ? (
          <p className="muted small">{t('noBets')}</p>
        ) : (
          <ul className="sp-bets">
            {list.map((b) => (
              <li
                key={b.id}
                className="sp-bet"
                data-testid="hg-sp-bet"
                data-bet-id={b.id}
                data-result={b.result ?? 'OPEN'}
              >
                <div className="sp-bet-head">
                  <strong>
                    {b.system
                      ? `${SYSTEM_NAMES[b.system]} · ${t('spSystemLines', { lines: b.lines })}`
                      : b.type === 'single'
                        ? t('spSingle')
                        : t('spAccumulator', { n: b.legs.length })}
                  </strong>
                  {b.system ? (
                    <span className="muted small">
                      {t('spPerLine')} {formatMoney(b.lineStake, money)}
                    </span>
                  ) : (
                    <span>@ {fmtOdds(Math.round(b.odds * 100))}</span>
                  )}
                </div>
                <ul className="sp-legs">
                  {b.legs.map((l) => (
                    <li key={l.event} data-testid="hg-sp-leg" data-result={l.result ?? 'OPEN'}>
                      <span>
                        {selectionName(l.selection, l.home, l.away)} @ {fmtOdds(l.odds)}
                        <span className="muted small">
                          {' '}
                          · {l.home} v {l.away}
                          {l.score ? ` ${l.score.home}–${l.score.away}` : ''}
                          {!l.score && l.live
                            ? ` · ${t('spLive')} ${clockText(l.live)} ${l.live.score.home}–${l.live.score.away}`
                            : ''}
                        </span>
                      </span>
                      <span className={`sp-leg-state ${(l.result ?? 'open').toLowerCase()}`}>
                        {l.result ? t(legResultKey[l.result]) : t('cfPending')}
                      </span>
                    </li>
                  ))}
                </ul>
                <div className="cf-bet-money">
                  <span>
                    {t('stake')} {formatMoney(b.stake, money)}
                  </span>
                  <span
                    className={b.result === 'WIN' ? 'won' : b.result === 'LOSE' ? 'lost' : ''}
                    data-testid="hg-sp-bet-money"
                  >
                    {b.result === 'CASHED_OUT'
                      ? t('spCashedOut', { amount: formatMoney(b.win ?? '0', money) })
                      : b.result
                        ? b.result === 'LOSE' && (b.win ?? '0') === '0'
                          ? t('cfLost')
                          : t('spReturned', { amount: formatMoney(b.win ?? '0', money) })
                        : `${t('potentialReturn')} ${formatMoney(b.potentialReturn, money)}`}
                  </span>
                </div>
                {tab === 'open' &&
                  (cashing?.id === b.id ? (
                    <div className="sp-cashout" role="group" aria-label={t('spCashOutTitle')}>
                      <button
                        type="button"
                        className="spin"
                        disabled={busy}
                        onClick={() => void cashOut(b, cashing.amount, cashing.part)}
                        data-testid="hg-sp-cashout-confirm"
                        data-amount={
                          cashing.part !== undefined
                            ? String((BigInt(cashing.amount) * cashing.part) / BigInt(b.openStake))
                            : cashing.amount
                        }
                      >
                        {cashing.part !== undefined
                          ? t('spCashOutPartConfirm', {
                              part: formatMoney(cashing.part, money),
                              amount: formatMoney((BigInt(cashing.amount) * cashing.part) / BigInt(b.openStake), money),
                            })
                          : t('spCashOutConfirm', { amount: formatMoney(cashing.amount, money) })}
                      </button>
                      <button type="button" className="ghost" onClick={() => setCashing(null)}>
                        {t('spCancel')}
                      </button>
                    </div>
                  ) : (
                    b.cashOut && (
                      <div className="sp-cashout-tools">
                        <button
                          type="button"
                          className="sp-cashout-btn"
                          disabled={busy}
                          onClick={() => {
                            setBetMessage(null);
                            setCashing({ id: b.id, amount: b.cashOut! });
                          }}
                          data-testid="hg-sp-cashout"
                          data-amount={b.cashOut}
                        >
                          {t('spCashOut', { amount: formatMoney(b.cashOut, money) })}
                        </button>
                        <div className="sp-cashout-row">
                          <label className="field sp-stake">
                            <span>{t('spPartStake')}</span>
                            <input
                              inputMode="decimal"
                              value={partText[b.id] ?? ''}
                              onChange={(e) => setPartText((x) => ({ ...x, [b.id]: e.target.value }))}
                              data-testid="hg-sp-cashout-part-stake"
                            />
                          </label>
                          <button
                            type="button"
                            className="ghost"
                            disabled={busy || !(parseMinor(partText[b.id] ?? '') ?? 0n)}
                            onClick={() => {
                              const part = parseMinor(partText[b.id] ?? '');
                              if (!part || part <= 0n) return;
                              setBetMessage(null);
                              setCashing({ id: b.id, amount: b.cashOut!, part });
                            }}
                            data-testid="hg-sp-cashout-part"
                          >
                            {t('spCashOutPart')}
                            {(() => {
                              const part = parseMinor(partText[b.id] ?? '');
                              return part && part > 0n && part <= BigInt(b.openStake)
                                ? ` · ${formatMoney(partPays(b, part), money)}`
                                : '';
                            })()}
                          </button>
                        </div>
                        {b.autoCashOut ? (
                          <p className="sp-cashout-row" data-testid="hg-sp-auto-on" data-amount={b.autoCashOut}>
                            <span>{t('spAutoOn', { amount: formatMoney(b.autoCashOut, money) })}</span>
                            <button
                              type="button"
                              className="ghost"
                              disabled={busy}
                              onClick={() => void setAuto(b, null)}
                            >
                              {t('spAutoRemove')}
                            </button>
                          </p>
                        ) : (
                          <div className="sp-cashout-row">
                            <label className="field sp-stake">
                              <span>
                                {t('spAutoCashOut')} ({money.currency})
                              </span>
                              <input
                                inputMode="decimal"
                                value={autoText[b.id] ?? ''}
                                onChange={(e) => setAutoText((x) => ({ ...x, [b.id]: e.target.value }))}
                                data-testid="hg-sp-auto-value"
                              />
                            </label>
                            <button
                              type="button"
                              className="ghost"
                              disabled={busy || !(parseMinor(autoText[b.id] ?? '') ?? 0n)}
                              onClick={() => {
                                const v = parseMinor(autoText[b.id] ?? '');
                                if (v && v > 0n) void setAuto(b, v);
                              }}
                              data-testid="hg-sp-auto-set"
                            >
                              {t('spAutoSet')}
                            </button>
                          </div>
                        )}
                      </div>
                    )
                  ))}
                {b.cashedOutParts.length > 0 && (
                  <ul className="muted small sp-parts" data-testid="hg-sp-parts">
                    {b.cashedOutParts.map((p, i) => (
                      <li key={i}>
                        {t('spPartCashed', { part: formatMoney(p.stake, money), amount: formatMoney(p.amount, money) })}
                      </li>
                    ))}
                    {b.status !== 'settled' && <li>{t('spOpenStake', { amount: formatMoney(b.openStake, money) })}</li>}
                  </ul>
                )}
                {betMessage?.id === b.id && (
                  <p
                    className={betMessage.good ? 'message good' : 'message'}
                    role={betMessage.good ? 'status' : 'alert'}
                  >
                    {betMessage.text}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };

  const slip = (
    <aside
      className={`sp-slip${slipOpen ? ' open' : ''}`}
      aria-label={t('betSlip')}
      data-testid="hg-sp-slip"
      data-picks={picks.length}
    >
      <button
        type="button"
        className="sp-slip-bar"
        aria-expanded={slipOpen}
        onClick={() => setSlipOpen((o) => !o)}
        data-testid="hg-sp-slip-toggle"
      >
        <strong>{t('betSlip')}</strong>
        <span className="sp-count">{picks.length}</span>
        {totalStake > 0n && <span className="muted small">{formatMoney(totalStake, money)}</span>}
      </button>
      <div className="sp-slip-body">
        {picks.length === 0 ? (
          <p className="muted small">{t('spSlipEmpty')}</p>
        ) : (
          <>
            <p className="muted small">{t('spSingles')}</p>
            <ul className="sp-picks">
              {picks.map((p) => (
                <li key={keyOf(p)} data-testid="hg-sp-pick">
                  <div className="sp-pick-head">
                    <span>
                      <strong>{selectionName(p.selection, p.home, p.away)}</strong>{' '}
                      <span className="muted small">
                        {p.home} v {p.away}
                      </span>
                    </span>
                    <strong data-testid="hg-sp-pick-odds">{fmtOdds(p.odds)}</strong>
                    <button
                      type="button"
                      className="ghost sp-remove"
                      aria-label={t('spRemove')}
                      onClick={() => setPicks((prev) => prev.filter((x) => keyOf(x) !== keyOf(p)))}
                    >
                      ×
                    </button>
                  </div>
                  <label className="field sp-stake">
                    <span>
                      {t('stake')} ({money.currency})
                    </span>
                    <input
                      inputMode="decimal"
                      value={stakes[keyOf(p)] ?? ''}
                      onChange={(e) => setStakes((s) => ({ ...s, [keyOf(p)]: e.target.value }))}
                      data-testid="hg-sp-stake"
                    />
                  </label>
                </li>
              ))}
            </ul>
            {picks.length >= 2 && (
              <div className="sp-acc" data-testid="hg-sp-acc">
                <p>
                  <strong>{t('spAccumulator', { n: picks.length })}</strong> @ {fmtOdds(Math.floor(accOdds * 100))}
                </p>
                <label className="field sp-stake">
                  <span>
                    {t('stake')} ({money.currency})
                  </span>
                  <input
                    inputMode="decimal"
                    value={accStake}
                    onChange={(e) => setAccStake(e.target.value)}
                    data-testid="hg-sp-acc-stake"
                  />
                </label>
              </div>
            )}
            {systems.length > 0 && (
              <div className="sp-acc sp-systems" data-testid="hg-sp-systems">
                <p>
                  <strong>{t('spSystems')}</strong>
                </p>
                {systems.map((k) => {
                  const n = systemLines(k).length;
                  const per = parseMinor(sysStakes[k] ?? '');
                  return (
                    <label key={k} className="field sp-stake" data-testid={`hg-sp-system-${k}`}>
                      <span>
                        <strong>{SYSTEM_NAMES[k]}</strong> · {t('spSystemLines', { lines: n })} · {t('spPerLine')} (
                        {money.currency})
                      </span>
                      <input
                        inputMode="decimal"
                        value={sysStakes[k] ?? ''}
                        onChange={(e) => setSysStakes((x) => ({ ...x, [k]: e.target.value }))}
                        data-testid="hg-sp-system-stake"
                      />
                      {per !== null && per > 0n && (
                        <span className="muted small" data-testid="hg-sp-system-total">
                          {t('spSystemTotal', { lines: n, amount: formatMoney(per * BigInt(n), money) })} ·{' '}
                          {t('potentialReturn')}{' '}
                          {formatMoney(
                            systemPotential(
                              per,
                              k,
                              picks.map((p) => p.odds),
                            ),
                            money,
                          )}
                        </span>
                      )}
                    </label>
                  );
                })}
              </div>
            )}
            <label className="sp-accept">
              <input
                type="checkbox"
                checked={acceptChanges}
                onChange={(e) => setAcceptChanges(e.target.checked)}
                data-testid="hg-sp-accept"
              />
              <span>{t('spAcceptChanges')}</span>
            </label>
            <p className="muted small" data-testid="hg-sp-limits">
              {t('cfLimits', { min: formatMoney(min, money), max: formatMoney(max, money) })} ·{' '}
              {t('spMaxPayout', { max: formatMoney(limits?.maxPayout ?? '0', money) })}
            </p>
            <p className="cf-return">
              <span className="muted">{t('potentialReturn')}</span>
              <strong data-testid="hg-sp-return">{formatMoney(totalReturn, money)}</strong>
            </p>
            <button
              type="button"
              className="spin"
              onClick={() => void place()}
              disabled={busy || lines.length === 0}
              data-testid="hg-sp-place"
            >
              {t('spPlace', { amount: formatMoney(totalStake, money) })}
            </button>
          </>
        )}
        {message && (
          <p className={message.good ? 'message good' : 'message'} role={message.good ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
      </div>
    </aside>
  );

  return (
    <div className="sp-layout">
      <nav className="sp-nav" aria-label={t('sports')}>
        <button
          type="button"
          className={view.page === 'home' || view.page === 'event' ? 'active' : ''}
          aria-current={view.page === 'home' || view.page === 'event' ? 'page' : undefined}
          onClick={() => setView({ page: 'home' })}
          data-testid="hg-sp-nav-home"
        >
          {esports ? t('spEsports') : t('spSports')}
        </button>
        <button
          type="button"
          className={view.page === 'bets' ? 'active' : ''}
          aria-current={view.page === 'bets' ? 'page' : undefined}
          onClick={() => setView({ page: 'bets' })}
          data-testid="hg-sp-nav-bets"
        >
          {t('history')} ({bets.open.length})
        </button>
        <button
          type="button"
          className={view.page === 'results' ? 'active' : ''}
          aria-current={view.page === 'results' ? 'page' : undefined}
          onClick={() => setView({ page: 'results' })}
          data-testid="hg-sp-nav-results"
        >
          {t('spResults')}
        </button>
      </nav>
      <label className="sp-odds-format">
        <span className="muted small">{t('spOddsFormat')}</span>
        <select
          value={oddsFormat}
          onChange={(e) => isOddsFormat(e.target.value) && setOddsFormat(e.target.value)}
          data-testid="hg-sp-odds-format"
        >
          {ODDS_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(oddsFormatKey[f])}
            </option>
          ))}
        </select>
      </label>
      <div className="sp-main">
        {view.page === 'home'
          ? home()
          : view.page === 'event'
            ? eventPage()
            : view.page === 'results'
              ? resultsPage()
              : myBets()}
      </div>
      {slip}
    </div>
  );
};
