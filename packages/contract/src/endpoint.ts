import { type z } from 'zod';
import type { Route } from './route.ts';

export type { EndpointAuth, HttpMethod, Route } from './route.ts';

/** One API operation, shared by client and server (design.md §3): its route plus its schemas. */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends Route {
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
