/**
 * Draws for the live tables from a stream of 32-bit words (browser-safe: no node imports, so the
 * verify page runs the very same code). The server feeds words(serverSeed, roundClientSeed, roundId)
 * of ../fair/hmac.ts; the browser feeds the same HMAC words computed with WebCrypto.
 */
export type WordStream = Iterator<number>;

/** Uniform integer in [0, n) by rejection sampling: no modulo bias. */
export const drawInt = (stream: WordStream, n: number): number => {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  for (;;) {
    const next = stream.next();
    if (next.done) throw new RangeError('the word stream ran out');
    const v = next.value;
    if (v < limit) return v % n;
  }
};

/** Cards of an eight-deck shoe: index 0..415; rank 1 (ace) … 13 (king); suit 0..3 (♠ ♥ ♦ ♣). */
export const SHOE_DECKS = 8;
export const SHOE_CARDS = 52 * SHOE_DECKS;
export interface Card {
  rank: number;
  suit: number;
}
export const cardOf = (index: number): Card => ({ rank: (index % 13) + 1, suit: Math.floor((index % 52) / 13) });

/**
 * The first `count` cards of a freshly shuffled eight-deck shoe (a partial Fisher–Yates shuffle:
 * card i is drawn uniformly from the cards not dealt yet), so every round is dealt from a full shoe.
 */
export const dealFromShoe = (stream: WordStream, count: number): Card[] => {
  const shoe = Array.from({ length: SHOE_CARDS }, (_, i) => i);
  const out: Card[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + drawInt(stream, SHOE_CARDS - i);
    [shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!];
    out.push(cardOf(shoe[i]!));
  }
  return out;
};

/** An array of words as a stream (the browser precomputes them). */
export const streamOf = (words: readonly number[]): WordStream => words[Symbol.iterator]();
