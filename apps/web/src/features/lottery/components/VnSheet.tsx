import { isVnFamily, sheetTiers, type SheetFamily } from '@app/contract/lottery-draw';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { padded, textOf } from './names.ts';

/**
 * A result sheet as the lottery companies print it. Vietnam (decision 068): North from the special
 * prize down to the 7th, South and Central from the 8th prize up to the 6-digit special; each line's
 * last two digits (its lô) stand out; the special is the red line. South-East Asia (decision 072):
 * from the first prize down (Thailand's front and back prizes, the 4D starters and consolations).
 */
export function VnSheet({
  family,
  result,
  t,
  caption,
}: {
  family: SheetFamily;
  result: number[];
  t: LotteryT;
  caption?: string;
}) {
  let at = 0;
  const first = sheetTiers(family)[0]!.tier;
  const lots = isVnFamily(family);
  const tiers = sheetTiers(family).map((tier) => {
    const numbers = result.slice(at, at + tier.count);
    at += tier.count;
    return { ...tier, numbers };
  });
  const shown = lots && family !== 'VN_NORTH' ? [...tiers].reverse() : tiers;
  return (
    <table className="lt-sheet" data-testid="lt-sheet" data-family={family}>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {shown.map((tier) => (
          <tr key={tier.tier} className={tier.tier === first ? 'lt-sheet__special' : undefined}>
            <th scope="row">{textOf(t, `lt_tier_${tier.tier}`)}</th>
            <td>
              <ul className={`lt-sheet__numbers lt-sheet__numbers--${Math.min(tier.count, 6)}`}>
                {tier.numbers.map((n, i) => {
                  const text = padded(n, tier.digits);
                  return (
                    <li key={i} data-testid={tier.tier === first ? 'lt-special' : undefined}>
                      {lots ? (
                        <>
                          {text.slice(0, -2)}
                          <b>{text.slice(-2)}</b>
                        </>
                      ) : (
                        <b>{text}</b>
                      )}
                    </li>
                  );
                })}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The special (first) prize's line, padded ("12345"; "012345" in the South; "0123" in 4D). */
export const specialOf = (family: SheetFamily, result: readonly number[]) =>
  padded(result[0] ?? 0, sheetTiers(family)[0]!.digits);

/** The text key of a sheet's first prize ("Special", "First prize", "1st prize"). */
export const specialKey = (family: SheetFamily) => `lt_tier_${sheetTiers(family)[0]!.tier}`;
