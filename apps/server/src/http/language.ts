import { LANGUAGES } from '@app/contract';
import type { FastifyRequest } from 'fastify';

/** The explicit `language` of a call, else the browser's Accept-Language, else none (the brand default applies). */
export const requestLanguage = (req: FastifyRequest, explicit?: string): string | undefined => {
  if (explicit) return explicit;
  const header = req.headers['accept-language'];
  const code = typeof header === 'string' ? header.trim().slice(0, 2).toUpperCase() : '';
  return (LANGUAGES as readonly string[]).includes(code) ? code : undefined;
};
