/**
 * How a simulated fight's form and result follow from its seed's words (decision 092), with no
 * dependency on Node: the server feeds it HMAC words from node:crypto (cockfight.ts), the verify
 * page the same words from WebCrypto, so both run this one function.
 *
 *   probabilities: draw = 500 + int(500), meron share = 3500 + int(3000) of what the draw leaves
 *   result:        int(10000) → MERON below P(meron), WALA below P(meron) + P(wala), DRAW above
 *
 * `int(n)` is a uniform integer in [0, n) by rejection sampling of 32-bit words.
 */
const BP = 10_000;

export interface FightForm {
  meron: number;
  wala: number;
  draw: number;
}
export type FightSide = 'MERON' | 'WALA' | 'DRAW';

export const fightForm = (int: (n: number) => number): FightForm => {
  const draw = 500 + int(500);
  const share = 3500 + int(3000);
  const meron = Math.round(((BP - draw) * share) / BP);
  return { meron, wala: BP - draw - meron, draw };
};

export const fightResult = (int: (n: number) => number, p: FightForm): FightSide => {
  const r = int(BP);
  if (r < p.meron) return 'MERON';
  if (r < p.meron + p.wala) return 'WALA';
  return 'DRAW';
};
