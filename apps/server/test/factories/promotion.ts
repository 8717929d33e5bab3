import { promotionCreateBody, type GameType } from '@app/contract';
import type { AppContext } from '../../src/context.ts';

/**
 * Members each holding a live bonus in wagering, set up through the promotions service on a context
 * of its own (no HTTP): one live manual promotion paid at once (`auto`) with a fixed bonus and a
 * wagering multiple counting `gameTypes`, joined by every member. For the wagering test of the
 * vendor callbacks and `npm run bench:games` (its run with promotions, decision 085).
 */
export const bonusesInWagering = async (
  ctx: AppContext,
  members: readonly { merchantId: number; memberId: number }[],
  o: { amount: bigint; multiple: number; gameTypes: GameType[] },
) => {
  const merchantId = members[0]?.merchantId;
  if (merchantId === undefined) throw new Error('bonusesInWagering needs at least one member');
  const body = promotionCreateBody.parse({
    type: 'SPECIAL_OFFER',
    texts: { EN: { title: 'Wagering bonus', description: 'A bonus with a wagering requirement.', terms: '' } },
    startsAt: new Date(Date.now() - 3600_000).toISOString(),
    trigger: 'manual',
    formula: 'fixed',
    amount: String(o.amount),
    wageringMultiple: o.multiple,
    gameTypes: o.gameTypes,
    claimMode: 'auto',
  });
  const promotion = await ctx.promotions.create({ merchantId, operatorId: 0 }, body, '127.0.0.1', null);
  const entries: number[] = [];
  for (const m of members) {
    const entry = await ctx.promotions.join({ merchantId: m.merchantId, memberId: m.memberId }, promotion.id, 'EN');
    if (entry.status !== 'process') throw new Error(`member ${m.memberId}: bonus ${entry.status}, not in wagering`);
    entries.push(entry.id);
  }
  return { promotionId: promotion.id, entries };
};
