import { ERROR_CODE as ErrorCode } from '../contractConstants.ts';

/** Envelope `code` used when the request never got a usable answer. */
export const NETWORK_ERROR_CODE = 'NETWORK';

/**
 * A failed call: the server's envelope (`code`, `message`, `fields`) plus the HTTP status.
 * `status` is 0 when the network failed before any response arrived.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly status: number;
  /** The envelope's `value` on failure (e.g. `{ captcha: true }` after a failed login, spec §8). */
  readonly value: unknown;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    fields?: Record<string, string> | undefined;
    value?: unknown;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields ?? {};
    this.value = init.value ?? null;
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR_CODE;
  }

  get isUnauthenticated(): boolean {
    return this.code === ErrorCode.UNAUTHENTICATED || this.status === 401;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Code for an answer without a readable envelope, from its HTTP status. */
export const codeForStatus = (status: number): string => {
  if (status === 401) return ErrorCode.UNAUTHENTICATED;
  if (status === 403) return ErrorCode.FORBIDDEN;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 409) return ErrorCode.CONFLICT;
  if (status === 429) return ErrorCode.RATE_LIMITED;
  if (status === 451) return ErrorCode.REGION_RESTRICTED;
  if (status === 503) return ErrorCode.MAINTENANCE;
  return ErrorCode.INTERNAL;
};
