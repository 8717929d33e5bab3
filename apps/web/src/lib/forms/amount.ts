import { z } from 'zod';
import { parseMoney, type Money, type ParseOptions } from '../money/index.ts';

/**
 * A money field of a form: text as the person types it, read into minor units by the site's one
 * set of rules (`parseMoney`, decision 049), then checked by the contract's own amount schema
 * (`contract`). `message` is what an unreadable amount shows (a translation key).
 */
export const typedAmount = <Out>(
  money: Pick<Money, 'exponent' | 'locale'>,
  contract: z.ZodType<Out, string>,
  message: string,
  options: ParseOptions = {},
) =>
  z
    .string()
    .transform((text, ctx) => {
      const minor = parseMoney(text, money, options);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(contract);

/**
 * A field the form holds as text (a typed count, a select's value) for a contract schema that takes
 * another shape: `text` holds the form's own rule for the text, `read` turns it into what the
 * contract's schema takes (a number, or undefined for an empty optional field), and the contract's
 * schema checks it with its own messages.
 */
export const textFor = <Out>(
  contract: z.ZodType<Out, unknown>,
  text: z.ZodType<string, string> = z.string(),
  read: (text: string) => unknown = (value) => value,
) => text.transform((value): unknown => read(value)).pipe(contract);
