import type { BodyOf, EndpointOf, QueryOf, ResponseOf, Route } from '@app/contract';
import i18n from '../../i18n/instance.ts';
import { ApiError, NETWORK_ERROR_CODE, codeForStatus } from './errors.ts';
import { buildPath, type PathParams } from './path.ts';

export type { PathParams };

/**
 * What a call can be given: a contract endpoint (route + schemas) or only its route
 * (`@app/contract/routes/<group>`, no zod), which first-load code uses. Both are typed from the
 * contract's schemas (`EndpointOf`).
 */
export type AnyEndpoint = Route;
type Typed<E> = EndpointOf<E>;

type Scalar = string | number | boolean | null | undefined;

export interface CallOptions<E extends AnyEndpoint> {
  query?: QueryOf<Typed<E>>;
  body?: BodyOf<Typed<E>>;
  /** Values for `:name` segments of the path. */
  params?: PathParams;
  /** Extra request headers (e.g. the free-play gateway version, spec §7). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Whose calls a client makes: it sends this token as `Authorization: Bearer` (or none when null). */
export interface TokenSource {
  token: () => string | null;
}

export type ApiErrorListener = (error: ApiError, endpoint: AnyEndpoint) => void;

/** A request that hangs this long counts as a network failure. */
const REQUEST_TIMEOUT_MS = 30_000;

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

const isStringRecord = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && Object.values(v).every((x) => typeof x === 'string');

const readEnvelope = async (res: Response): Promise<WireEnvelope | null> => {
  try {
    const data: unknown = await res.json();
    return data && typeof data === 'object' && 'success' in data ? (data as WireEnvelope) : null;
  } catch {
    return null;
  }
};

/**
 * The one reading of an answer: the envelope's `value` on success, else an ApiError with the
 * server's code, message and field errors. An answer without a readable envelope is a network
 * failure when it came from a proxy or a crash (2xx, 5xx) and its status's code otherwise.
 */
export const settle = async (res: Response): Promise<unknown> => {
  const envelope = await readEnvelope(res);
  if (!envelope)
    throw res.ok || res.status >= 500
      ? networkError(res.status)
      : new ApiError({ code: codeForStatus(res.status), message: i18n.t('network_abnormal'), status: res.status });
  if (envelope.success === true && res.ok) return envelope.value;
  throw new ApiError({
    code: typeof envelope.code === 'string' ? envelope.code : codeForStatus(res.status),
    message: typeof envelope.message === 'string' && envelope.message ? envelope.message : i18n.t('network_abnormal'),
    status: res.status,
    fields: isStringRecord(envelope.fields) ? envelope.fields : undefined,
    value: envelope.value,
  });
};

/** Development aid: say loudly when the server's answer no longer matches the shared contract. */
const warnOnContractDrift = async (endpoint: AnyEndpoint, value: unknown): Promise<void> => {
  type Checkable = { response?: { safeParse?: (v: unknown) => { success: boolean; error?: unknown } } };
  let full = endpoint as Checkable;
  if (!full.response) {
    // A route alone carries no schema; the contract's endpoint of the same method and path does.
    const contract = (await import('@app/contract')) as unknown as Record<string, unknown>;
    full =
      Object.values(contract)
        .filter((group): group is Record<string, AnyEndpoint & Checkable> => !!group && typeof group === 'object')
        .flatMap((group) => Object.values(group))
        .find((e) => e?.response && e.method === endpoint.method && e.path === endpoint.path) ?? {};
  }
  const result = full.response?.safeParse?.(value);
  if (result && !result.success)
    console.warn(`[api] ${endpoint.method} ${endpoint.path} does not match the contract`, result.error);
};

/** How a client sends one request; the JSON calls, uploads and downloads all go through it. */
export interface Exchange {
  query?: unknown;
  params?: PathParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  body?: BodyInit;
  contentType?: string;
  /** Uploads have no time limit: 5 MB on a slow phone link can take longer than a call may. */
  untimed?: boolean;
}

/**
 * An API client for one token source. The player site's calls carry the member's session
 * (`lib/api/member.ts`), the operator console's its own operator session; everything else (paths,
 * query strings, sealed bodies, the envelope, errors, timeouts) is the same for both.
 */
export const createApiClient = (source: TokenSource) => {
  const listeners = new Set<ApiErrorListener>();
  /** A failure reaches the listeners once, also when it passes through a nested call. */
  const notified = new WeakSet<ApiError>();

  const tell = (error: unknown, endpoint: AnyEndpoint): void => {
    if (!(error instanceof ApiError) || notified.has(error)) return;
    notified.add(error);
    listeners.forEach((listener) => listener(error, endpoint));
  };

  /** One request with this client's token, its answer read by `read`; fails with an ApiError. */
  const send = async <T>(endpoint: AnyEndpoint, how: Exchange, read: (res: Response) => Promise<T>): Promise<T> => {
    const headers = new Headers({ ...how.headers, Accept: 'application/json', 'Accept-Language': i18n.language });
    const token = source.token();
    if (token && endpoint.auth !== 'none') headers.set('Authorization', `Bearer ${token}`);
    if (how.contentType) headers.set('Content-Type', how.contentType);
    const signal = how.untimed ? how.signal : withTimeout(how.signal);
    const init: RequestInit = { method: endpoint.method, headers, credentials: 'same-origin' };
    if (signal) init.signal = signal;
    if (how.body !== undefined) init.body = how.body;
    let res: Response;
    try {
      res = await fetch(buildUrl(endpoint, how), init);
    } catch (e) {
      // A caller's own abort is not a network problem; let it through untouched.
      if (how.signal?.aborted) throw e;
      throw networkError();
    }
    return read(res);
  };

  /** A JSON body (or a form body where the endpoint says so) and the envelope's value back. */
  const sendJson = (endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint>, body: unknown): Promise<unknown> => {
    const how: Exchange = { ...options };
    if (body !== undefined) {
      const form = endpoint.bodyType === 'form';
      how.contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
      how.body = form ? buildQuery(body).slice(1) : JSON.stringify(body);
    }
    return send(endpoint, how, settle);
  };

  /**
   * Calls one contract endpoint and returns the envelope's `value`. Fails with an ApiError carrying
   * the server's code, message and field errors, or `NETWORK` / 'network_abnormal' when no readable
   * answer arrived. Bodies of encrypted endpoints go sealed (`encryption.ts`, loaded when needed).
   */
  const call = async <E extends AnyEndpoint>(
    endpoint: E,
    options: CallOptions<E> = {},
  ): Promise<ResponseOf<Typed<E>>> => {
    const plain = options as CallOptions<AnyEndpoint>;
    const body = endpoint.method === 'GET' ? undefined : plain.body;
    try {
      const value =
        endpoint.encrypted && body !== undefined
          ? await (await import('./encryption.ts')).sendSealed({ call, sendJson }, endpoint, plain)
          : await sendJson(endpoint, plain, body);
      if (import.meta.env.DEV) void warnOnContractDrift(endpoint, value);
      return value as ResponseOf<Typed<E>>;
    } catch (e) {
      tell(e, endpoint);
      throw e;
    }
  };

  /** A request that is not a JSON call (bytes up or down: `binary.ts`), with the same token and errors. */
  const exchange = async <T>(endpoint: AnyEndpoint, how: Exchange, read: (res: Response) => Promise<T>): Promise<T> => {
    try {
      return await send(endpoint, how, read);
    } catch (e) {
      tell(e, endpoint);
      throw e;
    }
  };

  /** App-wide reactions to this client's failures (e.g. an expired session); returns the unsubscribe function. */
  const onError = (listener: ApiErrorListener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return { call, exchange, onError };
};

/** What sealing needs of a client: its calls (for the key) and its plain JSON sending. */
export interface SealingClient {
  call: ApiClient['call'];
  sendJson: (endpoint: AnyEndpoint, options: CallOptions<AnyEndpoint>, body: unknown) => Promise<unknown>;
}

export type ApiClient = ReturnType<typeof createApiClient>;
