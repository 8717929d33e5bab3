import { z } from 'zod';

/** Every /wps response: `{ success, value, message }`, plus a stable `code` on failure (spec §7). */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: value,
    message: z.string(),
    code: z.string().optional(),
  });

export const failureEnvelope = z.object({
  success: z.literal(false),
  value: z.null(),
  message: z.string(),
  code: z.string(),
  /** One message per invalid field, keyed by the field's dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
});

export type Envelope<T> = { success: true; value: T; message: string };
export type FailureEnvelope = z.infer<typeof failureEnvelope>;
