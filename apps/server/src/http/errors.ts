import { httpStatusOf, type ErrorCode } from '@app/contract';
import type { z } from 'zod';

/** A failure the client is meant to see: its message and code go into the envelope as they are. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    status?: number,
    readonly value: unknown = null,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = status ?? httpStatusOf[code] ?? 400;
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message, 404);
export const forbidden = (message = 'Forbidden') => new AppError('FORBIDDEN', message, 403);
export const unauthenticated = (message = 'You are not logged in, please login') =>
  new AppError('UNAUTHENTICATED', message, 401);
export const conflict = (code: string, message: string) => new AppError(code, message, 409);
export const badRequest = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(code, message, 400, null, fields);

/** A request part that failed its contract schema: one message per field. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly fields: Record<string, string>;
  constructor(
    issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    const fields: Record<string, string> = {};
    for (const issue of issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : part;
      if (issue.code === 'unrecognized_keys') {
        for (const k of issue.keys) fields[key === part ? k : `${key}.${k}`] ??= 'Unknown field';
        continue;
      }
      fields[key] ??= issue.message;
    }
    const first = Object.entries(fields)[0];
    super(first ? `${first[0]}: ${first[1]}` : 'Invalid request');
    this.fields = fields;
  }

  /** One field's refusal found outside the schema (`path` empty: the whole part). */
  static of(part: string, path: (string | number)[], message: string) {
    return new RequestValidationError([{ code: 'custom', path, message, input: undefined }], part);
  }
}
