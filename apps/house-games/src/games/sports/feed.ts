import { randomInt } from 'node:crypto';
import { fairPrices, goalRates, type Score } from '../../math/sports/football.ts';

/**
 * Where the sportsbook's events come from (decision 099). A real odds provider implements
 * `SportsFeed`: it lists fixtures with fair prices per selection (and lists them again when its
 * prices move), suspends and reopens an event's markets, says when an event starts (pre-match
 * betting ends), sends the result when it ends, and a corrected result when it had to. The book
 * applies the operator's margin, takes bets through the seamless wallet and settles each once per
 * result (a correction posts the difference). The simulated feed below is the demo's only.
 *
 * The shape is sport-agnostic: `sport` names the settlement rules (football today; basketball,
 * tennis and esports add their own selection keys and a settler), `result` is that sport's final
 * score, or null when the event was abandoned (every selection void).
 */
export interface SportFixture {
  /** The feed's own id of the event: unique for the feed (feed_ref). */
  ref: string;
  sport: 'football';
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

export type SportResult = { score: Score } | { score: null };

export interface SportsFeedEvents {
  /** A new event, or new fair prices for a known one. */
  eventListed(f: SportFixture): Promise<void>;
  eventSuspended(ref: string, suspended: boolean): Promise<void>;
  eventStarted(ref: string): Promise<void>;
  eventResulted(ref: string, result: SportResult): Promise<void>;
  /** The feed changed a result it had sent: bets settled on it are settled again (a difference). */
  resultCorrected(ref: string, result: SportResult): Promise<void>;
}

/** What the book knows of a feed's events after a restart (so a feed can carry on with them). */
export interface KnownEvent {
  ref: string;
  home: string;
  away: string;
  startsAt: number;
  status: 'open' | 'started';
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

/** A Poisson draw from the CSPRNG (inverse of the distribution function). */
const poissonDraw = (lambda: number): number => {
  const u = randomInt(2 ** 47) / 2 ** 47;
  let k = 0;
  let p = Math.exp(-lambda);
  let cdf = p;
  while (u > cdf && k < 15) {
    k++;
    p *= lambda / k;
    cdf += p;
  }
  return k;
};

/** A final score drawn from the CSPRNG when the match ends: the goals model, never the bets. */
export const drawScore = (home: string, away: string): Score => {
  const r = rates(home, away);
  return { home: poissonDraw(r.home), away: poissonDraw(r.away) };
};

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
}

/**
 * The demo's football: fixtures of three leagues, one kick-off every `kickoffEveryMs`, each match
 * lasting `matchMs`; fair prices from a Poisson goals model of the two teams' strengths; the final
 * score drawn from the CSPRNG when the match ends (bets can't move it: it does not exist before).
 * After a restart it carries on with the events the book still has open.
 */
export class SimulatedSportsFeed implements SportsFeed {
  readonly name = 'simulated';
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private lastKickoff = 0;
  private n = 0;

  constructor(private readonly timing: SimulatedSportsTiming) {}

  start(events: SportsFeedEvents, known: KnownEvent[]) {
    this.stopped = false;
    const upcoming = known.filter((k) => k.status === 'open').length;
    for (const k of known) this.schedule(events, k.ref, k.home, k.away, k.startsAt, k.status === 'started');
    this.lastKickoff = Math.max(
      Date.now() + this.timing.firstKickoffMs - this.timing.kickoffEveryMs,
      ...known.map((k) => k.startsAt),
    );
    this.n = known.length;
    for (let i = upcoming; i < this.timing.fixturesAhead; i++) this.list(events);
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
  ) {
    const kickoff = async () => {
      await events.eventStarted(ref);
      this.list(events); // keep the list full
    };
    if (!started) this.at(startsAt, kickoff);
    this.at(Math.max(startsAt, Date.now()) + this.timing.matchMs, () =>
      events.eventResulted(ref, { score: drawScore(home, away) }),
    );
  }
}
