import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@app/contract';
import i18n from '../../i18n/instance.ts';
import { getToken } from '../session/index.ts';
import { ApiError, NETWORK_ERROR_CODE, codeForStatus } from './errors.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the widest endpoint; narrowed by callers' E
export type AnyEndpoint = Endpoint<any, any, any>;

type Scalar = string | number | boolean | null | undefined;
export type PathParams = Record<string, string | number>;

export interface CallOptions<E extends AnyEndpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** Values for `:name` segments of the path. */
  params?: PathParams;
  /** Extra request headers (e.g. the free-play gateway version, spec §7). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Internal: this call is the one retry after the payload key was re-fetched. */
  resealed?: boolean;
}

/** A request that hangs this long counts as a network failure. */
const REQUEST_TIMEOUT_MS = 30_000;

type ErrorListener = (error: ApiError, endpoint: AnyEndpoint) => void;
const errorListeners = new Set<ErrorListener>();
/** A retried call's failure reaches the listeners once. */
const notified = new WeakSet<ApiError>();

/** App-wide reactions to failures (e.g. an expired session); returns the unsubscribe function. */
export const onApiError = (listener: ErrorListener): (() => void) => {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
};

export const buildPath = (path: string, params?: PathParams): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });

/** Query strings: arrays go comma-joined (`types=B,PL,PU`), empty values are left out. */
export const buildQuery = (query: unknown): string => {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query as Record<string, Scalar | Scalar[]>)) {
    const value = Array.isArray(raw) ? raw.filter((v) => v !== null && v !== undefined).join(',') : raw;
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const buildUrl = (endpoint: AnyEndpoint, options: { query?: unknown; params?: PathParams } = {}): string =>
  buildPath(endpoint.path, options.params) + buildQuery(options.query);

const encodeBody = (endpoint: AnyEndpoint, body: unknown, headers: Headers): BodyInit | undefined => {
  if (body === undefined || endpoint.method === 'GET') return undefined;
  if (endpoint.bodyType === 'form') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return buildQuery(body).slice(1);
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
};

const networkError = (status = 0): ApiError =>
  new ApiError({ code: NETWORK_ERROR_CODE, message: i18n.t('network_abnormal'), status });

const withTimeout = (signal?: AbortSignal): AbortSignal => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
};

interface WireEnvelope {
  success?: unknown;
  value?: unknown;
  message?: unknown;
  code?: unknown;
  fields?: unknown;
}

/** Encrypted calls send their body sealed; without a key (older server) it goes as is. */
const prepareBody = async (endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint>): Promise<unknown> => {
  if (!endpoint.encrypted || options.body === undefined || endpoint.method === 'GET') return options.body;
  try {
    const { sealRequestBody } = await import('./encryption.ts');
    return await sealRequestBody((e) => call(e), buildPath(endpoint.path, options.params), options.body);
  } catch (e) {
    if (e instanceof ApiError && !e.isNetwork && e.status !== 404) throw e;
    return options.body;
  }
};

const send = async (endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint>): Promise<Response> => {
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': i18n.language });
  const token = getToken();
  if (token && endpoint.auth !== 'none') headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = {
    method: endpoint.method,
    headers,
    credentials: 'same-origin',
    signal: withTimeout(options.signal),
  };
  const body = encodeBody(endpoint, await prepareBody(endpoint, options), headers);
  if (body !== undefined) init.body = body;
  try {
    return await fetch(buildUrl(endpoint, options), init);
  } catch (e) {
    // A caller's own abort is not a network problem; let it through untouched.
    if (options.signal?.aborted) throw e;
    throw networkError();
  }
};

const readEnvelope = async (res: Response): Promise<WireEnvelope | null> => {
  try {
    const data: unknown = await res.json();
    return data && typeof data === 'object' && 'success' in data ? (data as WireEnvelope) : null;
  } catch {
    return null;
  }
};

/**
 * Calls one contract endpoint and returns the envelope's `value`. Fails with an ApiError carrying
 * the server's code, message and field errors, or `NETWORK` / 'network_abnormal' when no readable
 * answer arrived.
 */
export const call = async <E extends AnyEndpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<ResponseOf<E>> => {
  try {
    const res = await send(endpoint, options);
    const envelope = await readEnvelope(res);
    if (!envelope) throw res.ok || res.status >= 500 ? networkError(res.status) : apiErrorFromStatus(res.status);
    if (envelope.success === true && res.ok) {
      if (import.meta.env.DEV) warnOnContractDrift(endpoint, envelope.value);
      return envelope.value as ResponseOf<E>;
    }
    const code = typeof envelope.code === 'string' ? envelope.code : codeForStatus(res.status);
    // The server's payload key changed (a restart or a rotation): fetch it again and retry once.
    if (code === 'PAYLOAD_UNREADABLE' && endpoint.encrypted && !options.resealed) {
      const { forgetEncryptionKey } = await import('./encryption.ts');
      forgetEncryptionKey();
      return await call(endpoint, { ...options, resealed: true });
    }
    throw new ApiError({
      code,
      message: typeof envelope.message === 'string' && envelope.message ? envelope.message : i18n.t('network_abnormal'),
      status: res.status,
      fields: isStringRecord(envelope.fields) ? envelope.fields : undefined,
      value: envelope.value,
    });
  } catch (e) {
    if (e instanceof ApiError && !notified.has(e)) {
      notified.add(e);
      errorListeners.forEach((listener) => listener(e, endpoint));
    }
    throw e;
  }
};

const apiErrorFromStatus = (status: number): ApiError =>
  new ApiError({ code: codeForStatus(status), message: i18n.t('network_abnormal'), status });

const isStringRecord = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string');

/** Development aid: say loudly when the server's answer no longer matches the shared contract. */
const warnOnContractDrift = (endpoint: AnyEndpoint, value: unknown): void => {
  const schema = endpoint.response as { safeParse?: (v: unknown) => { success: boolean; error?: unknown } };
  const result = schema.safeParse?.(value);
  if (result && !result.success)
    console.warn(`[api] ${endpoint.method} ${endpoint.path} does not match the contract`, result.error);
};
