import { randomInt } from 'node:crypto';
import { hashServerSeed, newServerSeed } from '../../math/fair/hmac.ts';
import {
  simulatedProbabilities,
  simulatedResult,
  type FightOutcome,
  type Probabilities,
} from '../../math/fair/cockfight.ts';

/**
 * Where fights come from. A real cockfight (sabong) provider implements `CockfightFeed`: it calls
 * the book as its arena moves: a fight is carded and opened for betting with the feed's fair
 * probabilities, betting is closed when the cocks are released, and the result arrives (or the
 * fight is cancelled). The book applies the operator's margin, takes the bets through the
 * seamless wallet and settles each once. The simulated feed below is the demo's arena.
 */
export interface FightCard {
  /** The feed's own id of the fight: unique for the feed, the book keeps it (feed_ref). */
  ref: string;
  derby: string;
  fightNo: number;
  meron: string;
  wala: string;
  /** Fair probabilities in basis points (sum 10,000). */
  fair: Probabilities;
  /** When the feed will close betting (epoch ms); the book refuses bets from then on. */
  bettingClosesAt: number;
  /** SHA-256 of the seed the result comes from, when the feed is provably fair; else null. */
  commitment: string | null;
}

export interface FightEnd {
  outcome: FightOutcome;
  /** The revealed seed behind the commitment (provably fair feeds), else null. */
  serverSeed: string | null;
}

/** What the book does when the feed speaks; each resolves once the book has recorded it. */
export interface CockfightFeedEvents {
  fightOpened(card: FightCard): Promise<void>;
  bettingClosed(ref: string): Promise<void>;
  fightEnded(ref: string, end: FightEnd): Promise<void>;
}

export interface CockfightFeed {
  readonly name: string;
  start(events: CockfightFeedEvents): void;
  stop(): void;
}

/** Gamefowl breeds: the demo arena's cocks are named after them. */
const BREEDS = [
  'Kelso',
  'Sweater',
  'Roundhead',
  'Hatch',
  'Claret',
  'Albany',
  'Grey',
  'Lemon',
  'Radio',
  'Brownred',
  'Asil',
  'Whitehackle',
  'Butcher',
  'Boston',
  'Mclean',
  'Blueface',
];
const DERBIES = ['Derby Lotus', 'Derby Manila', 'Derby Cebu', 'Derby Bacolod', 'Derby Iloilo'];

export interface SimulatedFeedTiming {
  bettingMs: number;
  fightMs: number;
  pauseMs: number;
  /** Fights per derby before the next derby begins. */
  fightsPerDerby?: number;
}

/**
 * The demo's arena: a derby of fights, one after another (betting, the fight, the result, a
 * pause). Each fight's form and result come from a fresh server seed (math/fair/cockfight.ts);
 * its hash is the card's commitment and the seed is revealed with the result.
 */
export class SimulatedCockfightFeed implements CockfightFeed {
  readonly name = 'simulated';
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private fightNo: number | null = null;
  private firstFightNo = 1;
  private derby = 0;

  constructor(
    private readonly timing: SimulatedFeedTiming,
    /** The first fight number (continues the numbering of fights already recorded). */
    private readonly numbering: () => Promise<number> = async () => 1,
  ) {}

  start(events: CockfightFeedEvents) {
    this.stopped = false;
    this.derby = randomInt(DERBIES.length);
    this.next(events).catch((err) => console.error('cockfight feed', err));
  }

  stop() {
    this.stopped = true;
    this.timers.forEach(clearTimeout);
    this.timers = [];
  }

  private later(ms: number, fn: () => Promise<void>) {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.timers = this.timers.filter((x) => x !== t);
      fn().catch((err) => console.error('cockfight feed', err));
    }, ms);
    this.timers.push(t);
  }

  private async next(events: CockfightFeedEvents) {
    if (this.stopped) return;
    if (this.fightNo === null) {
      this.firstFightNo = await this.numbering();
      this.fightNo = this.firstFightNo - 1;
    }
    this.fightNo++;
    const per = this.timing.fightsPerDerby ?? 20;
    if ((this.fightNo - this.firstFightNo) % per === 0 && this.fightNo !== this.firstFightNo)
      this.derby = (this.derby + 1) % DERBIES.length;
    const no = this.fightNo;
    const seed = newServerSeed();
    const fair = simulatedProbabilities(seed, no);
    const m = randomInt(BREEDS.length);
    const w = (m + 1 + randomInt(BREEDS.length - 1)) % BREEDS.length;
    const ref = `SIM-${Date.now().toString(36)}-${no}`;
    await events.fightOpened({
      ref,
      derby: DERBIES[this.derby]!,
      fightNo: no,
      meron: BREEDS[m]!,
      wala: BREEDS[w]!,
      fair,
      bettingClosesAt: Date.now() + this.timing.bettingMs,
      commitment: hashServerSeed(seed),
    });
    this.later(this.timing.bettingMs, async () => {
      await events.bettingClosed(ref);
      this.later(this.timing.fightMs, async () => {
        await events.fightEnded(ref, { outcome: simulatedResult(seed, no, fair), serverSeed: seed });
        this.later(this.timing.pauseMs, () => this.next(events));
      });
    });
  }
}
