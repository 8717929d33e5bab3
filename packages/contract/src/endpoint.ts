import { type z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Who may call an endpoint. The server's auth gate reads this; the web client reads it to know
 * whether to send the session token.
 * - none: anyone; optional: anyone, the session is read when present;
 * - session: any logged-in member, trial accounts included;
 * - member: a real (non-trial) member or agent; trial accounts get 'in_need_true_account';
 * - agent: an agent account (types 1, 2, 41, 42);
 * - operator: back-office staff; `roles` narrows it.
 */
export type EndpointAuth = 'none' | 'optional' | 'session' | 'member' | 'agent' | 'operator';

/** One API operation, shared by client and server (design.md §3). */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  auth: EndpointAuth;
  /** Payload may arrive encrypted (spec §7 marks these). */
  encrypted?: boolean;
  /** Operator roles allowed (auth 'operator' only); empty means any operator. */
  roles?: readonly string[];
  /** Callable while the login still waits for extra verification. */
  allowPendingVerification?: boolean;
  /** Body encoding when it is not JSON. */
  bodyType?: 'json' | 'form';
  query?: Q;
  body?: B;
  response: R;
  summary?: string;
}

export const defineEndpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  e: Endpoint<Q, B, R>,
): Endpoint<Q, B, R> => e;

export type QueryOf<E> =
  E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

/** What a handler receives after validation (defaults applied, strings trimmed, numbers coerced). */
export type BodyOutput<E extends Endpoint> = z.output<NonNullable<E['body']>>;
export type QueryOutput<E extends Endpoint> = z.output<NonNullable<E['query']>>;
