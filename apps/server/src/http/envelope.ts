import type { FastifyReply } from 'fastify';

export const ok = <T>(value: T, message = '') => ({ success: true as const, value, message });

export const fail = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: { value?: unknown; fields?: Record<string, string> } = {},
) =>
  reply.status(status).send({
    success: false,
    value: extra.value ?? null,
    message,
    code,
    ...(extra.fields ? { fields: extra.fields } : {}),
  });
