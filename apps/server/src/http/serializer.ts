import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses go out through the contract's schemas (decision 001): parsed (transforms applied,
 * unknown keys dropped) and then turned into JSON. A frozen `value` is one the server promises not to
 * change (the catalogue's cached list pages): its JSON is made once per route and reused, so a page
 * served from memory a thousand times is parsed and stringified once. Everything else goes through
 * fastify-type-provider-zod's serializer unchanged.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const plain = zodSerializer(route) as (data: unknown) => string;
  const schema = route.schema as unknown;
  const valueSchema = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>).value : undefined;
  if (!valueSchema) return plain;
  const made = new WeakMap<object, string>();
  return (data: unknown) => {
    const d = data as { success?: unknown; value?: unknown; message?: unknown; code?: unknown } | null;
    const value = d?.value;
    if (!d || typeof value !== 'object' || value === null || !Object.isFrozen(value)) return plain(data);
    if (
      typeof d.success !== 'boolean' ||
      typeof d.message !== 'string' ||
      (d.code !== undefined && typeof d.code !== 'string')
    )
      return plain(data);
    let json = made.get(value);
    if (json === undefined) {
      const parsed = valueSchema.safeParse(value);
      if (!parsed.success) return plain(data);
      json = JSON.stringify(parsed.data);
      made.set(value, json);
    }
    // The envelope's keys in its schema's order, as the plain serializer writes them.
    const code = d.code === undefined ? '' : `,"code":${JSON.stringify(d.code)}`;
    return `{"success":${d.success},"value":${json},"message":${JSON.stringify(d.message)}${code}}`;
  };
};
