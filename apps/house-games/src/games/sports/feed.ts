import { randomInt } from 'node:crypto';
import {
  fairPrices,
  goalRates,
  HALF_MINUTE,
  liveFairPrices,
  MATCH_MINUTES,
  type Score,
} from '../../math/sports/football.ts';
import type { ResultDetail, Sport } from '../../math/sports/sports.ts';
import {
  basketballFairPrices,
  basketballModel,
  basketballStep,
  REGULATION_MINUTES,
} from '../../math/sports/basketball.ts';
import { esportsFairPrices, mapProbability, type MapWinner } from '../../math/sports/esports.ts';
import {
  playTennis,
  serveProbabilities,
  setsWon,
  TENNIS_START,
  tennisFairPrices,
  type TennisLive,
} from '../../math/sports/tennis.ts';

/**
 * Where the sportsbook's events come from (decision 099). A real odds provider implements
 * `SportsFeed`: it lists fixtures with fair prices per selection (and lists them again when its
 * prices move), suspends and reopens an event's markets, says when an event starts (pre-match
 * betting ends), sends the result when it ends, and a corrected result when it had to. The book
 * applies the operator's margin, takes bets through the seamless wallet and settles each once per
 * result (a correction posts the difference). The simulated feed below is the demo's only.
 *
 * The shape is sport-agnostic: `sport` names the settlement rules (math/sports/sports.ts: football,
 * basketball, tennis, esports, each with its selection keys, decision 111), `result` is that sport's
 * final score with what its markets need besides, or null when the event was abandoned (every
 * selection void).
 */
export interface SportFixture {
  /** The feed's own id of the event: unique for the feed (feed_ref). */
  ref: string;
  /** Which rules settle it (math/sports/sports.ts): its selection keys and results. */
  sport: Sport;
  /** A stable league id (e.g. 'BRA') and its display name. */
  league: string;
  leagueName: string;
  home: string;
  away: string;
  /** Kick-off (epoch ms): pre-match betting ends then, at the latest. */
  startsAt: number;
  /** Fair decimal price per selection key (math/sports/football.ts); 0 = not offered. */
  fair: Record<string, number>;
}

/**
 * A final result: the score (goals, points, sets or maps won) and what some markets need besides
 * (football's half-time score, tennis's games per set, esports' map winners); null: abandoned.
 */
export type SportResult = ({ score: Score } & ResultDetail) | { score: null };

/** Something that happened in a match (in-play): a goal or a card, for one side, at a minute. */
export interface LiveIncident {
  minute: number;
  kind: 'goal' | 'yellow' | 'red';
  side: 'home' | 'away';
}

/**
 * An event's in-play state as a feed sends it (decision 102): the clock, the score, what has
 * happened so far, and the fair prices now (0 = not offered). A real provider sends the same.
 * `minute` is football's and basketball's elapsed minutes, tennis's games played, esports' map in
 * play; `score` the goals, points, sets or maps won. The other sports (decision 115) add their own.
 */
export interface LiveState {
  minute: number;
  score: Score;
  /** The score at half-time, once it is known (first-half markets settle on it). */
  halfTime?: Score;
  incidents: LiveIncident[];
  fair: Record<string, number>;
  /** Basketball: the quarter (5 and on: overtimes) and the minutes left in it. */
  period?: number;
  clock?: number;
  /** Tennis: the sets finished (games each), the games of the set in play, who serves next. */
  sets?: [number, number][];
  games?: [number, number];
  serving?: 'home' | 'away';
  /** Esports: each finished map's winner in order (the map in play is the next). */
  maps?: MapWinner[];
}

export interface SportsFeedEvents {
  /** A new event, or new fair prices for a known one. */
  eventListed(f: SportFixture): Promise<void>;
  eventSuspended(ref: string, suspended: boolean): Promise<void>;
  eventStarted(ref: string): Promise<void>;
  /** In-play: the event's clock, score, incidents and fair prices now (after it started). */
  eventLive(ref: string, live: LiveState): Promise<void>;
  eventResulted(ref: string, result: SportResult): Promise<void>;
  /** The feed changed a result it had sent: bets settled on it are settled again (a difference). */
  resultCorrected(ref: string, result: SportResult): Promise<void>;
}

/** What the book knows of a feed's events after a restart (so a feed can carry on with them). */
export interface KnownEvent {
  ref: string;
  sport: Sport;
  league: string;
  home: string;
  away: string;
  startsAt: number;
  status: 'open' | 'started';
  /** The last in-play state the book received (a started event carries on from it). */
  live?: LiveState | null;
}

export interface SportsFeed {
  readonly name: string;
  start(events: SportsFeedEvents, known: KnownEvent[]): void;
  stop(): void;
}

// ── The simulated feed (demo only) ──────────────────────────────────────────────────────────────

interface Team {
  name: string;
  attack: number;
  defence: number;
}
const team = (name: string, attack: number, defence: number): Team => ({ name, attack, defence });

export const LEAGUES: { id: string; name: string; teams: Team[] }[] = [
  {
    id: 'BRA',
    name: 'Brasileirão Série A',
    teams: [
      team('Flamengo', 1.25, 0.85),
      team('Palmeiras', 1.2, 0.8),
      team('Botafogo', 1.1, 0.9),
      team('Fluminense', 1.0, 1.0),
      team('São Paulo', 1.0, 0.95),
      team('Corinthians', 0.95, 1.0),
      team('Grêmio', 0.95, 1.05),
      team('Internacional', 1.0, 0.95),
      team('Atlético Mineiro', 1.05, 0.95),
      team('Cruzeiro', 0.95, 1.0),
      team('Vasco da Gama', 0.9, 1.1),
      team('Santos', 0.9, 1.1),
    ],
  },
  {
    id: 'EPL',
    name: 'Premier League',
    teams: [
      team('Manchester City', 1.35, 0.8),
      team('Arsenal', 1.25, 0.78),
      team('Liverpool', 1.3, 0.85),
      team('Chelsea', 1.1, 0.95),
      team('Tottenham', 1.1, 1.05),
      team('Newcastle', 1.05, 0.95),
      team('Aston Villa', 1.05, 1.0),
      team('Manchester United', 1.0, 1.0),
      team('Brighton', 1.0, 1.05),
      team('West Ham', 0.9, 1.1),
    ],
  },
  {
    id: 'UCL',
    name: 'Champions League',
    teams: [
      team('Real Madrid', 1.3, 0.85),
      team('Bayern Munich', 1.35, 0.9),
      team('Barcelona', 1.25, 0.95),
      team('Paris Saint-Germain', 1.2, 0.9),
      team('Inter', 1.1, 0.8),
      team('Juventus', 1.0, 0.85),
      team('Borussia Dortmund', 1.05, 1.0),
      team('Benfica', 1.0, 1.0),
      team('Porto', 0.95, 1.0),
      team('Ajax', 0.95, 1.1),
    ],
  },
];

const teamByName = new Map(LEAGUES.flatMap((l) => l.teams.map((t) => [t.name, t] as const)));

const rates = (home: string, away: string) =>
  goalRates(teamByName.get(home) ?? team(home, 1, 1), teamByName.get(away) ?? team(away, 1, 1));

export interface SimulatedSportsTiming {
  /** Time between one kick-off and the next, across the leagues. */
  kickoffEveryMs: number;
  /** A match's length from kick-off to its result. */
  matchMs: number;
  /** How many upcoming fixtures the feed keeps listed. */
  fixturesAhead: number;
  /** The first new fixture kicks off this long after the feed starts. */
  firstKickoffMs: number;
  /** How long the markets stay suspended after a goal or a card (in-play). */
  suspendMs?: number;
}

/**
 * The demo's football: fixtures of three leagues, one kick-off every `kickoffEveryMs`, each match
 * lasting `matchMs`; fair prices from a Poisson goals model of the two teams' strengths; each match
 * played forward minute by minute in-play (goals and cards from the CSPRNG, prices over the minutes
 * left), its final score the result (bets can't move it: nothing is drawn from them).
 * After a restart it carries on with the events the book still has open.
 * Basketball, tennis and esports (decisions 111, 115) run on a second track, half an interval after
 * each football kick-off, each played forward in-play from the CSPRNG by its own steps.
 */
export class SimulatedSportsFeed implements SportsFeed {
  readonly name = 'simulated';
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private lastKickoff = 0;
  private n = 0;

  constructor(private readonly timing: SimulatedSportsTiming) {}

  start(events: SportsFeedEvents, allKnown: KnownEvent[]) {
    this.stopped = false;
    const known = allKnown.filter((k) => k.sport === 'football');
    const upcoming = known.filter((k) => k.status === 'open').length;
    for (const k of known) this.schedule(events, k.ref, k.home, k.away, k.startsAt, k.status === 'started', k.live);
    this.lastKickoff = Math.max(
      Date.now() + this.timing.firstKickoffMs - this.timing.kickoffEveryMs,
      ...known.map((k) => k.startsAt),
    );
    this.n = known.length;
    for (let i = upcoming; i < this.timing.fixturesAhead; i++) this.list(events);
    this.startOthers(
      events,
      allKnown.filter((k) => k.sport !== 'football'),
    );
  }

  stop() {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
    this.timers = [];
  }

  private at(when: number, fn: () => Promise<void>) {
    if (this.stopped) return;
    const t = setTimeout(
      () => {
        this.timers = this.timers.filter((x) => x !== t);
        if (!this.stopped) fn().catch((err) => console.error('sports feed', err));
      },
      Math.max(0, Math.min(when - Date.now(), 2 ** 31 - 1)),
    );
    this.timers.push(t);
  }

  private list(events: SportsFeedEvents) {
    const league = LEAGUES[this.n % LEAGUES.length]!;
    this.n++;
    const h = randomInt(league.teams.length);
    const a = (h + 1 + randomInt(league.teams.length - 1)) % league.teams.length;
    const home = league.teams[h]!;
    const away = league.teams[a]!;
    this.lastKickoff += this.timing.kickoffEveryMs;
    const startsAt = this.lastKickoff;
    const ref = `SIMF-${Date.now().toString(36)}-${randomInt(1e9).toString(36)}`;
    const r = rates(home.name, away.name);
    const fixture: SportFixture = {
      ref,
      sport: 'football',
      league: league.id,
      leagueName: league.name,
      home: home.name,
      away: away.name,
      startsAt,
      fair: fairPrices(r.home, r.away),
    };
    events.eventListed(fixture).catch((err) => console.error('sports feed', err));
    this.schedule(events, ref, home.name, away.name, startsAt, false);
  }

  private schedule(
    events: SportsFeedEvents,
    ref: string,
    home: string,
    away: string,
    startsAt: number,
    started: boolean,
    live?: LiveState | null,
  ) {
    const kickoff = async () => {
      await events.eventStarted(ref);
      this.list(events); // keep the list full
      this.play(events, ref, home, away, null);
    };
    if (!started) this.at(startsAt, kickoff);
    else this.play(events, ref, home, away, live);
  }

  /**
   * Plays a match forward, one match minute every matchMs / 90: in each minute a goal for each side
   * with probability (its expected goals / 90), a yellow card with 1/30 and a red with 1/600, all
   * from the CSPRNG (bets can't move them). On a goal or a card the markets are suspended for
   * `suspendMs`, the new prices sent, then they reopen. At the final whistle the score is the result.
   */
  private play(events: SportsFeedEvents, ref: string, home: string, away: string, from: LiveState | null | undefined) {
    const r = rates(home, away);
    const state: LiveState = from
      ? { ...from, incidents: [...from.incidents] }
      : {
          minute: 0,
          score: { home: 0, away: 0 },
          incidents: [],
          fair: liveFairPrices(r.home, r.away, 0, { home: 0, away: 0 }),
        };
    const minuteMs = this.timing.matchMs / MATCH_MINUTES;
    const suspendMs = this.timing.suspendMs ?? Math.min(5000, minuteMs * 3);
    const chance = (p: number) => randomInt(1_000_000) < Math.round(p * 1_000_000);
    let reopenAt = 0;
    const tick = async () => {
      state.minute++;
      const now: LiveIncident[] = [];
      for (const side of ['home', 'away'] as const) {
        if (chance((side === 'home' ? r.home : r.away) / MATCH_MINUTES)) {
          state.score = { ...state.score, [side]: state.score[side] + 1 };
          now.push({ minute: state.minute, kind: 'goal', side });
        }
        if (chance(1 / 30)) now.push({ minute: state.minute, kind: 'yellow', side });
        else if (chance(1 / 600)) now.push({ minute: state.minute, kind: 'red', side });
      }
      if (state.minute === HALF_MINUTE) state.halfTime = { ...state.score };
      if (state.minute >= MATCH_MINUTES) {
        state.incidents.push(...now);
        await events.eventResulted(ref, {
          score: state.score,
          ...(state.halfTime ? { halfTime: state.halfTime } : {}),
        });
        return;
      }
      if (now.length) {
        await events.eventSuspended(ref, true);
        state.incidents.push(...now);
        reopenAt = Date.now() + suspendMs;
        this.at(reopenAt, async () => {
          if (Date.now() >= reopenAt - 1) await events.eventSuspended(ref, false);
        });
      }
      state.fair = liveFairPrices(r.home, r.away, state.minute, state.score);
      await events.eventLive(ref, { ...state, incidents: [...state.incidents] });
      this.at(Date.now() + minuteMs, tick);
    };
    const begin = async () => {
      await events.eventLive(ref, { ...state, incidents: [...state.incidents] });
      if (from) await events.eventSuspended(ref, false);
      this.at(Date.now() + minuteMs, tick);
    };
    begin().catch((err) => console.error('sports feed', err));
  }

  // ── Basketball, tennis and esports (pre-match; the whole match drawn when it ends) ─────────────

  private lastOtherKickoff = 0;
  private nOther = 0;

  /** The other sports run on their own track, half an interval after each football kick-off. */
  private startOthers(events: SportsFeedEvents, known: KnownEvent[]) {
    const upcoming = known.filter((k) => k.status === 'open').length;
    for (const k of known)
      this.scheduleOther(events, k.ref, k.league, k.home, k.away, k.startsAt, k.status === 'started', k.live);
    this.lastOtherKickoff = Math.max(
      Date.now() + this.timing.firstKickoffMs - this.timing.kickoffEveryMs / 2,
      ...known.map((k) => k.startsAt),
    );
    this.nOther = known.length;
    for (let i = upcoming; i < this.timing.fixturesAhead; i++) this.listOther(events);
  }

  private listOther(events: SportsFeedEvents) {
    const league = OTHER_LEAGUES[this.nOther % OTHER_LEAGUES.length]!;
    this.nOther++;
    const h = randomInt(league.sides.length);
    const a = (h + 1 + randomInt(league.sides.length - 1)) % league.sides.length;
    const home = league.sides[h]!;
    const away = league.sides[a]!;
    this.lastOtherKickoff += this.timing.kickoffEveryMs;
    const startsAt = this.lastOtherKickoff;
    const ref = `SIM${league.sport[0]!.toUpperCase()}-${Date.now().toString(36)}-${randomInt(1e9).toString(36)}`;
    const fixture: SportFixture = {
      ref,
      sport: league.sport,
      league: league.id,
      leagueName: league.name,
      home: home.name,
      away: away.name,
      startsAt,
      fair: otherModel(league.id, home.name, away.name).fair(),
    };
    events.eventListed(fixture).catch((err) => console.error('sports feed', err));
    this.scheduleOther(events, ref, league.id, home.name, away.name, startsAt, false);
  }

  /**
   * In-play for the other sports (decision 115): from kick-off the match is played forward step by
   * step from the CSPRNG (basketball three minutes at a time, tennis game by game, esports map by
   * map), each step's state sent with its fair prices from the same model as the pre-match ones;
   * a quarter ended, a set or a map won suspends the markets for `suspendMs`. The state the match
   * plays to is the result: nothing is drawn from bets. A started event carries on from its last
   * live state after a restart.
   */
  private scheduleOther(
    events: SportsFeedEvents,
    ref: string,
    league: string,
    home: string,
    away: string,
    startsAt: number,
    started: boolean,
    live?: LiveState | null,
  ) {
    if (!started)
      this.at(startsAt, async () => {
        await events.eventStarted(ref);
        this.listOther(events);
        this.playOther(events, ref, league, home, away, null);
      });
    else this.playOther(events, ref, league, home, away, live);
  }

  private playOther(
    events: SportsFeedEvents,
    ref: string,
    league: string,
    home: string,
    away: string,
    from: LiveState | null | undefined,
  ) {
    const model = otherModel(league, home, away);
    const player = model.player(from ?? null);
    const stepMs = this.timing.matchMs / player.steps;
    const suspendMs = this.timing.suspendMs ?? Math.min(5000, stepMs);
    let state = player.state;
    let reopenAt = 0;
    const tick = async () => {
      const next = player.next();
      if (!next || next.over) {
        await events.eventResulted(ref, player.result());
        return;
      }
      state = next.state;
      if (next.pause) {
        await events.eventSuspended(ref, true);
        reopenAt = Date.now() + suspendMs;
        this.at(reopenAt, async () => {
          if (Date.now() >= reopenAt - 1) await events.eventSuspended(ref, false);
        });
      }
      await events.eventLive(ref, state);
      this.at(Date.now() + stepMs, tick);
    };
    const begin = async () => {
      await events.eventLive(ref, state);
      if (from) await events.eventSuspended(ref, false);
      this.at(Date.now() + stepMs, tick);
    };
    begin().catch((err) => console.error('sports feed', err));
  }
}

/** A uniform in [0, 1) from the CSPRNG (48 bits). */
const uniform = () => randomInt(2 ** 47) / 2 ** 47;

interface Side {
  name: string;
  rating: number;
}
const side = (name: string, rating: number): Side => ({ name, rating });

/** The other sports' leagues, in the order their fixtures are listed. */
export const OTHER_LEAGUES: {
  id: string;
  name: string;
  sport: Exclude<Sport, 'football'>;
  base: number;
  sides: Side[];
}[] = [
  {
    id: 'NBA',
    name: 'NBA',
    sport: 'basketball',
    base: 114,
    sides: [
      side('Boston Celtics', 8),
      side('Denver Nuggets', 5),
      side('Oklahoma City Thunder', 8),
      side('Los Angeles Lakers', 2),
      side('Golden State Warriors', 2),
      side('Milwaukee Bucks', 3),
      side('New York Knicks', 4),
      side('Miami Heat', 0),
      side('Dallas Mavericks', 2),
      side('Phoenix Suns', 0),
    ],
  },
  {
    id: 'ATP',
    name: 'ATP Tour',
    sport: 'tennis',
    base: 0.64,
    sides: [
      side('Jannik Sinner', 5),
      side('Carlos Alcaraz', 5),
      side('Novak Djokovic', 4),
      side('Alexander Zverev', 3),
      side('Daniil Medvedev', 2),
      side('Taylor Fritz', 2),
      side('João Fonseca', 1),
      side('Casper Ruud', 1),
    ],
  },
  {
    id: 'CS2',
    name: 'Counter-Strike 2',
    sport: 'esports',
    base: 0,
    sides: [
      side('Team Vitality', 1.2),
      side('Natus Vincere', 1),
      side('FaZe Clan', 0.8),
      side('MOUZ', 0.8),
      side('FURIA', 0.5),
      side('G2 Esports', 0.7),
      side('Imperial', 0),
    ],
  },
  {
    id: 'NBB',
    name: 'NBB',
    sport: 'basketball',
    base: 82,
    sides: [
      side('Flamengo Basquete', 5),
      side('Franca', 5),
      side('Minas', 2),
      side('Sesi Franca', 2),
      side('Pinheiros', 0),
      side('Bauru', 1),
      side('Paulistano', 0),
      side('São Paulo Basquete', 2),
    ],
  },
  {
    id: 'WTA',
    name: 'WTA Tour',
    sport: 'tennis',
    base: 0.56,
    sides: [
      side('Aryna Sabalenka', 5),
      side('Iga Świątek', 5),
      side('Coco Gauff', 4),
      side('Elena Rybakina', 3),
      side('Jessica Pegula', 3),
      side('Jasmine Paolini', 2),
      side('Beatriz Haddad Maia', 1),
      side('Zheng Qinwen', 2),
    ],
  },
  {
    id: 'DOTA2',
    name: 'Dota 2',
    sport: 'esports',
    base: 0,
    sides: [
      side('Team Spirit', 1.1),
      side('Team Liquid', 1),
      side('Gaimin Gladiators', 0.9),
      side('Tundra Esports', 0.8),
      side('BetBoom Team', 0.7),
      side('Team Falcons', 1),
    ],
  },
  {
    id: 'LOL',
    name: 'League of Legends',
    sport: 'esports',
    base: 0,
    sides: [
      side('T1', 1.3),
      side('Gen.G', 1.2),
      side('Bilibili Gaming', 1),
      side('G2 Esports', 0.7),
      side('paiN Gaming', 0),
      side('LOUD', 0.1),
    ],
  },
  {
    id: 'VAL',
    name: 'Valorant',
    sport: 'esports',
    base: 0,
    sides: [
      side('Sentinels', 1),
      side('Fnatic', 1.1),
      side('Paper Rex', 0.9),
      side('LOUD', 0.8),
      side('MIBR', 0.4),
      side('Team Heretics', 0.9),
    ],
  },
];

const sideIn = new Map(OTHER_LEAGUES.flatMap((l) => l.sides.map((s) => [`${l.id}|${s.name}`, { l, s }] as const)));

/**
 * A match being played by the simulated feed (decision 115): its state now, the next step (null
 * when the match is over; `pause`: a quarter ended, a set or map won) and the result it played to.
 */
export interface OtherPlayer {
  state: LiveState;
  steps: number;
  /** The next step's state; `over`: the match has ended with it (its state is the result). */
  next(): { state: LiveState; pause: boolean; over: boolean } | null;
  result(): SportResult;
}

const basketballPlayer = (m: ReturnType<typeof basketballModel>, from: LiveState | null): OtherPlayer => {
  const view = (minute: number, score: Score): LiveState => {
    const period = minute < REGULATION_MINUTES ? Math.floor(minute / 12) + 1 : 5 + Math.floor((minute - 48) / 5);
    const end = period <= 4 ? period * 12 : REGULATION_MINUTES + (period - 4) * 5;
    return {
      minute,
      score,
      incidents: [],
      period,
      clock: end - minute,
      fair: basketballFairPrices(m, { score, minute }),
    };
  };
  let state = from ?? view(0, { home: 0, away: 0 });
  const over = (s: LiveState) =>
    s.minute >= REGULATION_MINUTES && (s.minute - REGULATION_MINUTES) % 5 === 0 && s.score.home !== s.score.away;
  return {
    get state() {
      return state;
    },
    steps: REGULATION_MINUTES / 3,
    next() {
      if (over(state)) return null;
      const s = basketballStep(m, state.minute, uniform);
      const score = { home: state.score.home + s.home, away: state.score.away + s.away };
      const quarterEnd = s.minute % 12 === 0 || s.minute > REGULATION_MINUTES;
      const done =
        s.minute >= REGULATION_MINUTES && (s.minute - REGULATION_MINUTES) % 5 === 0 && score.home !== score.away;
      state = done ? { ...state, minute: s.minute, score, clock: 0, fair: {} } : view(s.minute, score);
      return { state, pause: quarterEnd, over: done };
    },
    result: () => ({ score: state.score }),
  };
};
/** A fixture's model (its fair prices and how a match is played) from the two sides' league and ratings. */
export const otherModel = (leagueId: string, home: string, away: string) => {
  const league = OTHER_LEAGUES.find((l) => l.id === leagueId) ?? OTHER_LEAGUES[0]!;
  const rating = (n: string) => sideIn.get(`${league.id}|${n}`)?.s.rating ?? 0;
  const [rh, ra] = [rating(home), rating(away)];
  switch (league.sport) {
    case 'basketball': {
      const m = basketballModel(league.base, rh, ra);
      return { fair: () => basketballFairPrices(m), player: (from: LiveState | null) => basketballPlayer(m, from) };
    }
    case 'tennis': {
      const { p, r } = serveProbabilities(league.base, rh, ra);
      return { fair: () => tennisFairPrices(p, r), player: (from: LiveState | null) => tennisPlayer(p, r, from) };
    }
    case 'esports': {
      const q = mapProbability(rh, ra);
      return { fair: () => esportsFairPrices(q), player: (from: LiveState | null) => esportsPlayer(q, from) };
    }
  }
};

const tennisPlayer = (p: number, r: number, from: LiveState | null): OtherPlayer => {
  const view = (t: TennisLive): LiveState => ({
    minute: t.sets.reduce((n, [x, y]) => n + x + y, 0) + t.games[0] + t.games[1],
    score: setsWon(t.sets),
    incidents: [],
    sets: t.sets,
    games: t.games,
    serving: t.homeServes ? 'home' : 'away',
    fair: tennisFairPrices(p, r, t),
  });
  const start: TennisLive =
    from?.sets && from.games
      ? { sets: from.sets, games: from.games, homeServes: from.serving !== 'away' }
      : TENNIS_START;
  const games = playTennis(p, r, uniform, start);
  let state = from ?? view(start);
  let over = false;
  return {
    get state() {
      return state;
    },
    steps: 24,
    next() {
      if (over) return null;
      const g = games.next();
      if (g.done) return null;
      const won = setsWon(g.value.sets);
      const setEnd = won.home + won.away > state.score.home + state.score.away;
      over = won.home === 2 || won.away === 2;
      state = over ? { ...state, score: won, sets: g.value.sets, games: g.value.games, fair: {} } : view(g.value);
      return { state, pause: setEnd, over };
    },
    result: () => ({ score: state.score, sets: state.sets ?? [] }),
  };
};

const esportsPlayer = (q: number, from: LiveState | null): OtherPlayer => {
  const won = (maps: MapWinner[]) => ({
    home: maps.filter((x) => x === 'H').length,
    away: maps.filter((x) => x === 'A').length,
  });
  const view = (maps: MapWinner[]): LiveState => ({
    minute: maps.length + 1,
    score: won(maps),
    incidents: [],
    maps,
    fair: esportsFairPrices(q, maps),
  });
  let state = from ?? view([]);
  const over = (s: LiveState) => s.score.home === 2 || s.score.away === 2;
  return {
    get state() {
      return state;
    },
    steps: 3,
    next() {
      if (over(state)) return null;
      const maps: MapWinner[] = [...(state.maps ?? []), uniform() < q ? 'H' : 'A'];
      const score = won(maps);
      const done = score.home === 2 || score.away === 2;
      state = done ? { ...state, score, maps, fair: {} } : view(maps);
      return { state, pause: true, over: done };
    },
    result: () => ({ score: state.score, maps: state.maps ?? [] }),
  };
};
