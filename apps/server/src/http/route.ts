import type { Endpoint } from '@app/contract';
import { UNSAFE_TEXT_MESSAGE, envelope, unsafeTextPath } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { RequestValidationError } from './errors.ts';
import { authorize } from './auth.ts';
import { ok } from './envelope.ts';
import { openSealedBody } from './payload-crypto.ts';

type Out<T> = [NonNullable<T>] extends [never]
  ? undefined
  : NonNullable<T> extends z.ZodType
    ? z.output<NonNullable<T>>
    : undefined;

export interface RouteContext<E extends Endpoint> {
  query: Out<E['query']>;
  body: Out<E['body']>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

/**
 * A request part checked against its schema. Every string in it (keys too) must be safe text first
 * (no NUL, no lone surrogate: decision 056), whatever the schema says. A schema that throws instead
 * of reporting (a refinement reading a field that failed its own check) is a refusal too, never a 500.
 */
const parseWith = (schema: z.ZodType | undefined, data: unknown, part: string) => {
  if (!schema) return undefined;
  const unsafe = unsafeTextPath(data);
  if (unsafe) throw RequestValidationError.of(part, unsafe, UNSAFE_TEXT_MESSAGE);
  let r: ReturnType<z.ZodType['safeParse']>;
  try {
    // No body at all reads as an empty object; a JSON `null` is a body, and not an object.
    r = schema.safeParse(data === undefined ? {} : data);
  } catch {
    throw RequestValidationError.of(part, [], 'Invalid request');
  }
  if (!r.success) throw new RequestValidationError(r.error.issues, part);
  return r.data;
};

/**
 * Registers a contract endpoint: its method and path, the auth gate for its `auth` level, request
 * validation against its schemas
 * (400 with one message per field, before any handler code runs), and the response wrapped in the
 * envelope and serialised through the contract's response schema.
 */
export const route = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteShorthandOptions = {},
) => {
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: { response: { 200: envelope(endpoint.response) } },
    handler: async (req, reply) => {
      await authorize(req, endpoint);
      const query = parseWith(endpoint.query, req.query, 'query') as Out<E['query']>;
      // Calls the spec marks encrypted take a sealed body (plain JSON only when configuration allows).
      const raw = endpoint.encrypted ? await openSealedBody(req, endpoint.path) : req.body;
      const body = parseWith(endpoint.body, raw, 'body') as Out<E['body']>;
      const value = await handler({ query, body, req, reply });
      return ok(value);
    },
  });
};
