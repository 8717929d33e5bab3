import { VN_TIERS, type VnFamily } from '@app/contract/lottery-draw';
import type { LotteryT } from '../hooks/useLotteryText.ts';
import { padded, textOf } from './names.ts';

/**
 * A Vietnamese result sheet as the lottery companies print it (decision 068): North from the special
 * prize down to the 7th, South and Central from the 8th prize up to the 6-digit special. Each line's
 * last two digits (its lô) stand out; the special is the red line.
 */
export function VnSheet({
  family,
  result,
  t,
  caption,
}: {
  family: VnFamily;
  result: number[];
  t: LotteryT;
  caption?: string;
}) {
  let at = 0;
  const tiers = VN_TIERS[family].map((tier) => {
    const numbers = result.slice(at, at + tier.count);
    at += tier.count;
    return { ...tier, numbers };
  });
  const shown = family === 'VN_NORTH' ? tiers : [...tiers].reverse();
  return (
    <table className="lt-sheet" data-testid="lt-sheet" data-family={family}>
      {caption ? <caption>{caption}</caption> : null}
      <tbody>
        {shown.map((tier) => (
          <tr key={tier.tier} className={tier.tier === 'db' ? 'lt-sheet__special' : undefined}>
            <th scope="row">{textOf(t, `lt_tier_${tier.tier}`)}</th>
            <td>
              <ul className={`lt-sheet__numbers lt-sheet__numbers--${Math.min(tier.count, 6)}`}>
                {tier.numbers.map((n, i) => {
                  const text = padded(n, tier.digits);
                  return (
                    <li key={i} data-testid={tier.tier === 'db' ? 'lt-special' : undefined}>
                      {text.slice(0, -2)}
                      <b>{text.slice(-2)}</b>
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

/** The special prize's line, padded ("12345"; "012345" in the South). */
export const specialOf = (family: VnFamily, result: readonly number[]) =>
  padded(result[0] ?? 0, VN_TIERS[family][0]!.digits);
