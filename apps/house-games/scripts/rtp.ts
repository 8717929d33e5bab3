/**
 * `npm run rtp`: the exact RTP of every base model and of a sample of catalogue slots, beside a
 * simulation of each (1,000,000 paid spins by default), then the dice and crash house edges.
 *
 *   npm run rtp -- --spins 2000000 --codes PG_FORTUNE_OX,JILI_SUPER_ACE --sample 12
 */
import { BASE_MODELS } from '../src/math/slot/models.ts';
import { deriveSlot, type SlotGame } from '../src/math/slot/derive.ts';
import { simulateSlot } from '../src/math/slot/simulate.ts';
import { SeededRng } from '../src/math/rng.ts';
import { DICE_OUTCOMES, dicePayout, diceRoll, diceRtp, diceWins } from '../src/math/fair/dice.ts';
import { crashPointFromBits, crashWinProbability, crashPayout } from '../src/math/fair/crash.ts';
import { first52Bits, newServerSeed } from '../src/math/fair/hmac.ts';
import {
  DEFAULT_FISH_RTP_BP,
  FISH_SPECIES,
  WEAPONS,
  exactExpectation,
  resolveShot,
  type WeaponKey,
} from '../src/math/fish/fish.ts';
import type { WordStream } from '../src/math/live/draw.ts';
import { exactOutcomes, exactReturn, RTP_SPOTS } from '../src/math/live/exact.ts';
import { LIVE_GAMES, LIVE_KINDS } from '../src/math/live/games.ts';
import { dealHand } from '../src/math/pvp/deal.ts';
import { niuDuelExact, teenDuelExact } from '../src/math/pvp/exact.ts';
import { cardOfIndex, niuEscrows, payoutOf, rakeOf, rankNiu, settleNiu } from '../src/math/pvp/niuniu.ts';
import { MAX_ROUNDS, priceOf, rankTeen, teenExposure, teenNets } from '../src/math/pvp/teenpatti.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const spins = Number(arg('spins') ?? 1_000_000);
const sampleSize = Number(arg('sample') ?? 12);
const extraCodes = (arg('codes') ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const pct = (x: number, d = 3) => `${(x * 100).toFixed(d)}%`;
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padl = (s: string | number, n: number) => String(s).padStart(n);

const rows: string[] = [];
const header =
  `${pad('game', 22)}${pad('model', 13)}${pad('theme', 10)}${padl('grid', 5)}${padl('lines', 6)}${padl('min bet', 8)}` +
  `${padl('target', 9)}${padl('exact', 10)}${padl('simulated', 11)}${padl('±1σ', 8)}${padl('z', 6)}` +
  `${padl('hit', 8)}${padl('feature', 9)}${padl('max win', 9)}`;

const line = (label: string, g: SlotGame) => {
  const t0 = performance.now();
  const sim = simulateSlot(g.math, spins, `rtp:${g.code}`);
  const z = (sim.rtp - g.analysis.rtp) / sim.standardError;
  const row =
    `${pad(label, 22)}${pad(g.model, 13)}${pad(g.theme, 10)}${padl(`${g.math.reels}×${g.math.rows}`, 5)}${padl(g.lines, 6)}` +
    `${padl(g.minBet, 8)}${padl(pct(g.targetRtp, 1), 9)}${padl(pct(g.analysis.rtp), 10)}${padl(pct(sim.rtp), 11)}` +
    `${padl(pct(sim.standardError, 2), 8)}${padl(z.toFixed(2), 6)}${padl(pct(sim.hitRate, 1), 8)}` +
    `${padl(`1/${Math.round(1 / Math.max(sim.featureRate, 1e-9))}`, 9)}${padl(`${Math.round(sim.maxWin)}×`, 9)}`;
  rows.push(row);
  console.log(row, `  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  return Math.abs(z);
};

console.log(
  `Slots: exact RTP by analysis vs ${spins.toLocaleString('en')} simulated paid spins each (free spins inside the round).`,
);
console.log(
  'min bet in minor units; hit = share of paid spins that win; feature = free-spin trigger rate; max win in total bets.\n',
);
console.log(header);
let worstZ = 0;
console.log('— every base model —');
for (const m of BASE_MODELS) worstZ = Math.max(worstZ, line(`BASE ${m.id}`, deriveSlot(`BASE_${m.id}`, m.id)));
console.log('— catalogue sample (codes spread over the models) —');
const rng = new SeededRng('rtp-sample');
const sample = [
  ...extraCodes,
  ...Array.from({ length: sampleSize }, () => `SLOT_${rng.int(100_000).toString().padStart(5, '0')}`),
];
for (const code of sample) worstZ = Math.max(worstZ, line(code, deriveSlot(code)));

console.log(
  `\nDice: 10,000 outcomes, pays 99% of fair odds floored to the minor unit; ${spins.toLocaleString('en')} rolls per target through the HMAC scheme.`,
);
console.log(
  `${pad('bet', 8)}${pad('target', 14)}${padl('win chance', 12)}${padl('exact RTP', 12)}${padl('simulated', 12)}${padl('edge', 9)}`,
);
let worstFishZ = 0;
const serverSeed = newServerSeed();
for (const [target, dir] of [
  [5000, 'under'],
  [1000, 'under'],
  [9500, 'under'],
  [4999, 'over'],
  [200, 'under'],
] as const) {
  const bet = 100n;
  let back = 0n;
  for (let n = 0; n < spins; n++)
    if (diceWins(diceRoll(serverSeed, 'rtp', n), target, dir)) back += dicePayout(bet, target, dir);
  const exact = diceRtp(bet, target, dir);
  const sim = Number(back) / (spins * Number(bet));
  const chance = (dir === 'under' ? target : DICE_OUTCOMES - 1 - target) / DICE_OUTCOMES;
  console.log(
    `${pad(Number(bet), 8)}${pad(`${dir} ${(target / 100).toFixed(2)}`, 14)}${padl(pct(chance, 2), 12)}${padl(pct(exact), 12)}${padl(pct(sim), 12)}${padl(pct(1 - exact, 2), 9)}`,
  );
}

console.log(
  `\nCrash: crash = max(1.00, floor(0.99/(1−r)·100)/100), cap 10,000×; ${spins.toLocaleString('en')} rounds through the HMAC scheme.`,
);
console.log(
  `${pad('cash-out', 10)}${padl('P(win)', 12)}${padl('exact RTP', 12)}${padl('simulated', 12)}${padl('edge', 9)}`,
);
const points = Array.from({ length: spins }, (_, n) => crashPointFromBits(first52Bits(serverSeed, 'rtp', n)));
for (const t of [101, 150, 200, 500, 1000, 10_000]) {
  const bet = 100n;
  let back = 0n;
  for (const c of points) if (c >= t) back += crashPayout(bet, t);
  const p = crashWinProbability(t);
  const exact = (p * Number(crashPayout(bet, t))) / Number(bet);
  const sim = Number(back) / (spins * Number(bet));
  console.log(
    `${pad(`${(t / 100).toFixed(2)}×`, 10)}${padl(pct(p, 3), 12)}${padl(pct(exact), 12)}${padl(pct(sim), 12)}${padl(pct(1 - exact, 2), 9)}`,
  );
}
console.log(
  `\nFishing (decision 095): capture with probability RTP / mean multiplier, weapons paid in shares; ${spins.toLocaleString('en')} shots per weapon at random fish.`,
);
console.log(`${pad('weapon', 10)}${padl('price', 7)}${padl('exact RTP', 12)}${padl('simulated', 12)}${padl('±1σ', 9)}`);
const fishRng = new SeededRng('rtp-fish');
for (const weapon of Object.keys(WEAPONS) as WeaponKey[]) {
  const w = WEAPONS[weapon];
  let staked = 0;
  let paid = 0;
  let sumD2 = 0;
  let exact = 0;
  for (let n = 0; n < spins; n++) {
    const targets = Array.from({ length: 1 + fishRng.int(w.maxFish) }, () => fishRng.pick(FISH_SPECIES));
    if (n < 1000) {
      const e = exactExpectation(weapon, targets, DEFAULT_FISH_RTP_BP);
      exact = Math.max(exact, Number((e.num * 1_000_000n) / (e.den * BigInt(w.price))) / 1_000_000);
    }
    const r = resolveShot(fishRng, { bet: 1n, weapon, targets, rtpBp: DEFAULT_FISH_RTP_BP });
    staked += Number(r.stake);
    paid += Number(r.win);
    sumD2 += (Number(r.win) - (DEFAULT_FISH_RTP_BP / 10_000) * Number(r.stake)) ** 2;
  }
  const se = Math.sqrt(sumD2 / spins) / Math.sqrt(spins) / (staked / spins);
  const z = Math.abs(paid / staked - DEFAULT_FISH_RTP_BP / 10_000) / se;
  worstFishZ = Math.max(worstFishZ, z);
  console.log(
    `${pad(weapon, 10)}${padl(w.price, 7)}${padl(pct(exact), 12)}${padl(pct(paid / staked), 12)}${padl(pct(se, 2), 9)}`,
  );
}

console.log(
  `\nLive tables (decision 094): each bet's exact return over every outcome (an eight-deck shoe, 37 pockets, 216 rolls, 4 remainders) beside ${spins.toLocaleString('en')} rounds dealt by the tables' own code.`,
);
console.log(
  `${pad('table', 13)}${pad('bet', 12)}${padl('exact RTP', 12)}${padl('edge', 9)}${padl('simulated', 12)}${padl('±1σ', 9)}${padl('z', 7)}`,
);
let worstLiveZ = 0;
const liveRng = new SeededRng('rtp-live');
const liveWords: WordStream = { next: () => ({ value: liveRng.next32(), done: false }) };
for (const kind of LIVE_KINDS) {
  const game = LIVE_GAMES[kind];
  const spots = RTP_SPOTS[kind];
  const outcomes = exactOutcomes(kind);
  const sum = spots.map(() => 0);
  const sumSq = spots.map(() => 0);
  for (let n = 0; n < spins; n++) {
    const r = game.deal(liveWords);
    spots.forEach((spot, i) => {
      const x = Number(game.returned(spot, 1_000_000n, r)) / 1e6;
      sum[i]! += x;
      sumSq[i]! += x * x;
    });
  }
  spots.forEach((spot, i) => {
    const exact = exactReturn(kind, spot, outcomes);
    const mean = sum[i]! / spins;
    const se = Math.sqrt(Math.max(0, sumSq[i]! / spins - mean * mean) / spins);
    const z = se > 0 ? Math.abs(mean - exact) / se : 0;
    worstLiveZ = Math.max(worstLiveZ, z);
    console.log(
      `${pad(kind, 13)}${pad(spot, 12)}${padl(pct(exact), 12)}${padl(pct(1 - exact, 2), 9)}${padl(pct(mean), 12)}${padl(pct(se, 2), 9)}${padl(z.toFixed(2), 7)}`,
    );
  });
}

// PvP card rooms (decision 104): the house never plays; its only income is the rake.
const RAKE_BP = 500;
const STAKE = 100n;
const money = (x: number) => (x / 100).toFixed(5);
console.log(
  `\nPvP card rooms (decision 104): the house never holds a hand and takes only the rake, ${RAKE_BP / 100}% of each seat's positive net, floored; stake 1.00.` +
    `\nHands dealt (HMAC deal), ranked, settled and paid by the rooms' own code, ${spins.toLocaleString('en')} per table; every hand checked stakes = payouts + rake exactly.`,
);
const pvpSeed = newServerSeed();
let worstPvpZ = 0;
let unbalanced = 0;
const stat = () => ({
  sum: 0,
  sumSq: 0,
  add(x: number) {
    this.sum += x;
    this.sumSq += x * x;
  },
});
const meanSe = (s: { sum: number; sumSq: number }) => {
  const mean = s.sum / spins;
  return { mean, se: Math.sqrt(Math.max(0, s.sumSq / spins - mean * mean) / spins) };
};
const pvpRow = (table: string, what: string, exact: number | null, sim: { mean: number; se: number }, extra = '') => {
  const z = exact === null || sim.se === 0 ? null : Math.abs(sim.mean - exact) / sim.se;
  if (z !== null) worstPvpZ = Math.max(worstPvpZ, z);
  console.log(
    `${pad(table, 18)}${pad(what, 30)}${padl(exact === null ? '—' : money(exact), 11)}${padl(money(sim.mean), 11)}${padl(money(sim.se), 10)}${padl(z === null ? '' : z.toFixed(2), 7)}  ${extra}`,
  );
};
const niu = niuDuelExact();
const niuTotal = niu.categories.reduce((a, b) => a + b, 0);
console.log(
  `Niu Niu, one hand of 5 (exact over ${niuTotal.toLocaleString('en')}): ` +
    niu.categories
      .map(
        (n, c) =>
          `${['none', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'bull-bull', 'bomb', 'five small'][c]} ${pct(n / niuTotal, 3)}`,
      )
      .join(', '),
);
const pWin = niu.winnerMultiplier.map((n) => Number(n) / Number(niu.pairs));
console.log(
  `Niu Niu duel, the winner's multiplier (exact over ${niu.pairs.toLocaleString('en')} ordered pairs): ` +
    pWin
      .slice(1)
      .map((p, i) => `×${i + 1} ${pct(p, 4)}`)
      .join(', '),
);
// With the auto-rule (no bid: ×1; bet ×1) a duel moves stake × M (M the winner's multiplier) and the
// winner pays rake(stake × M); by symmetry the banker and the player are each the winner half the time.
const duelRake = pWin.reduce((a, p, m) => a + p * Number(rakeOf(STAKE * BigInt(m), RAKE_BP)), 0);
const duelMoved = pWin.reduce((a, p, m) => a + p * Number(STAKE) * m, 0);
console.log(
  `${pad('table', 18)}${pad('per hand', 30)}${padl('exact', 11)}${padl('simulated', 11)}${padl('±1σ', 10)}${padl('z', 7)}`,
);
for (const seats of [2, 6]) {
  const rakePlayers = stat();
  const rakeBanker = stat();
  const moved = stat();
  for (let n = 0; n < spins; n++) {
    const cards = dealHand(pvpSeed, `rtp-niuniu-${seats}:${n}`, seats * 5);
    // The auto-rule everywhere: nobody bids (the bank counts ×1; seat 0 holds it, every seat being
    // alike), every player bets ×1.
    const hand = Array.from({ length: seats }, (_, i) => ({
      seat: i,
      multiple: 1,
      hand: rankNiu(cards.slice(i * 5, i * 5 + 5).map(cardOfIndex)),
    }));
    const escrows = niuEscrows(STAKE, 0, 0, hand);
    const nets = settleNiu(STAKE, 0, 0, hand);
    let staked = 0n;
    let back = 0n;
    let players = 0n;
    let banker = 0n;
    let movedHere = 0n;
    for (const s of hand) {
      const r = payoutOf(escrows.get(s.seat)!, nets.get(s.seat)!, RAKE_BP);
      staked += escrows.get(s.seat)!;
      back += r.payout + r.rake;
      if (s.seat === 0) banker += r.rake;
      else {
        players += r.rake;
        movedHere += r.net < 0n ? -r.net : r.net;
      }
    }
    if (staked !== back) unbalanced++;
    rakePlayers.add(Number(players));
    rakeBanker.add(Number(banker));
    moved.add(Number(movedHere));
  }
  const table = `niuniu ${seats} seats`;
  pvpRow(table, 'staked between players', (seats - 1) * duelMoved, meanSe(moved));
  pvpRow(table, "rake of the players' seats", ((seats - 1) * duelRake) / 2, meanSe(rakePlayers));
  if (seats === 2) pvpRow(table, "rake of the banker's seat", duelRake / 2, meanSe(rakeBanker));
  else pvpRow(table, "rake of the banker's seat", null, meanSe(rakeBanker), '(nets its duels: simulated only)');
  const rake = (rakePlayers.sum + rakeBanker.sum) / spins;
  console.log(
    `${pad(table, 18)}return to players = 1 − rake / staked = ${pct(1 - rake / (moved.sum / spins))}${seats === 2 ? ` (exact ${pct(1 - duelRake / duelMoved)})` : ''}`,
  );
}

const teen = teenDuelExact();
const pTie = Number(teen.ties) / Number(teen.pairs);
console.log(
  `Teen Patti, fixed play: every seat chaals blind for ${MAX_ROUNDS} rounds, then all show; a duel ties (split pot) with exact chance ${pct(pTie, 4)} (${teen.ties} of ${teen.pairs.toLocaleString('en')} ordered pairs).`,
);
for (const seats of [2, 6]) {
  const rake = stat();
  const pot = stat();
  let ties = 0;
  let wrong = 0;
  const sole = rakeOf(BigInt(MAX_ROUNDS + 1) * BigInt(seats - 1) * STAKE, RAKE_BP);
  for (let n = 0; n < spins; n++) {
    const cards = dealHand(pvpSeed, `rtp-teenpatti-${seats}:${n}`, seats * 3);
    const hand = Array.from({ length: seats }, (_, i) => ({
      seat: i,
      put: STAKE,
      packed: false,
      hand: rankTeen(cards.slice(i * 3, i * 3 + 3).map(cardOfIndex)),
    }));
    let potHere = STAKE * BigInt(seats);
    let unit = STAKE;
    for (let round = 0; round < MAX_ROUNDS; round++)
      for (const s of hand) {
        const price = priceOf(STAKE, unit, false, 'chaal')!;
        s.put += price.pay;
        potHere += price.pay;
        unit = price.unit;
      }
    const nets = teenNets(potHere, hand);
    const escrow = teenExposure(STAKE);
    let back = 0n;
    let rakeHere = 0n;
    let winners = 0;
    for (const s of hand) {
      const r = payoutOf(escrow, nets.get(s.seat)!.net, RAKE_BP);
      back += r.payout + r.rake;
      rakeHere += r.rake;
      if (nets.get(s.seat)!.share > 0n) winners++;
    }
    if (escrow * BigInt(seats) !== back) unbalanced++;
    if (winners > 1) ties++;
    else if (rakeHere !== sole) wrong++;
    rake.add(Number(rakeHere));
    pot.add(Number(potHere));
  }
  const table = `teenpatti ${seats} seats`;
  const potExact = Number(STAKE) * (MAX_ROUNDS + 1) * seats;
  pvpRow(table, 'pot (staked between players)', potExact, meanSe(pot));
  if (seats === 2) pvpRow(table, 'rake', (1 - pTie) * Number(sole), meanSe(rake));
  else
    pvpRow(
      table,
      'rake',
      null,
      meanSe(rake),
      `(exactly ${money(Number(sole))} in each of the ${(spins - ties).toLocaleString('en')} hands without a tie at the top; ${ties.toLocaleString('en')} ties)`,
    );
  if (wrong > 0) {
    console.error(`${table}: ${wrong} hands with one winner took another rake than ${sole}.`);
    process.exit(1);
  }
  console.log(
    `${pad(table, 18)}return to players = 1 − rake / pot = ${pct(1 - rake.sum / spins / potExact)}${seats === 2 ? ` (exact ${pct(1 - ((1 - pTie) * Number(sole)) / potExact)})` : ''}`,
  );
}
if (unbalanced > 0) {
  console.error(`${unbalanced} PvP hands whose stakes did not equal their payouts plus the rake.`);
  process.exit(1);
}
console.log('Every PvP hand: stakes = payouts + rake, to the minor unit.');
if (worstPvpZ > 5) {
  console.error('A PvP simulation disagrees with its exact figure by more than 5 standard errors.');
  process.exit(1);
}

if (worstLiveZ > 5) {
  console.error('A live table simulation disagrees with its exact return by more than 5 standard errors.');
  process.exit(1);
}
if (worstFishZ > 5) {
  console.error('A fishing simulation disagrees with its exact RTP by more than 5 standard errors.');
  process.exit(1);
}
console.log(`\nLargest slot |z| (simulated − exact, in standard errors): ${worstZ.toFixed(2)}`);
if (worstZ > 5) {
  console.error('A simulation disagrees with its exact RTP by more than 5 standard errors.');
  process.exit(1);
}
