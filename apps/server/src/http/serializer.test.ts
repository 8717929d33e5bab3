import { envelope } from '@app/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const page = z.object({
  games: z.array(z.object({ id: z.number(), minBet: z.bigint().transform(String) })),
  total: z.number(),
});

const appWith = (values: () => unknown) => {
  const app = Fastify();
  app.setSerializerCompiler(serializerCompiler);
  app.get('/page', { schema: { response: { 200: envelope(page) } } }, async () => ({
    success: true,
    value: values(),
    message: '',
  }));
  return app;
};

describe('the response serializer', () => {
  it('writes a frozen value once and answers the same JSON as the plain path, transforms and key dropping included', async () => {
    const raw = { games: [{ id: 1, minBet: 250n, secret: 'x' }], total: 1, internal: true };
    const frozen = Object.freeze({ ...raw });
    let parses = 0;
    const spy = new Proxy(frozen, { get: (t, k) => (k === 'games' && parses++, Reflect.get(t, k)) });
    const app = appWith(() => spy);
    const plain = appWith(() => ({ ...raw }));
    const expected = (await plain.inject('/page')).body;
    expect(JSON.parse(expected)).toEqual({
      success: true,
      value: { games: [{ id: 1, minBet: '250' }], total: 1 },
      message: '',
    });
    expect((await app.inject('/page')).body).toBe(expected);
    const afterFirst = parses;
    expect((await app.inject('/page')).body).toBe(expected);
    expect((await app.inject('/page')).body).toBe(expected);
    // The frozen value's fields were not read again: its JSON was reused.
    expect(parses).toBe(afterFirst);
  });

  it('refuses a frozen value that breaks the schema, as the plain path does', async () => {
    const app = appWith(() => Object.freeze({ games: [{ id: 'one' }], total: 1 }));
    expect((await app.inject('/page')).statusCode).toBe(500);
  });
});
