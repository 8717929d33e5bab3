import type { BodyOf, QueryOf, ResponseOf } from '@app/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, buildUrl, type AnyEndpoint, type PathParams } from '../../../lib/api/index.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/**
 * The operator's session, apart from any player session in the same browser: its own token in
 * session storage, sent only by the console's calls.
 */
const KEY = 'lotus.console.session';
export interface OperatorSession {
  token: string;
  username: string;
  role: string;
}
const listeners = new Set<() => void>();
let current: OperatorSession | null = (() => {
  try {
    return JSON.parse(readStorage('session', KEY) ?? 'null') as OperatorSession | null;
  } catch {
    return null;
  }
})();

export const setOperatorSession = (s: OperatorSession | null) => {
  current = s;
  writeStorage('session', KEY, s ? JSON.stringify(s) : null);
  listeners.forEach((l) => l());
};
export const useOperatorSession = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );

/** One console call: the contract endpoint with the operator's token; fails with ApiError. */
export const opCall = async <E extends AnyEndpoint>(
  endpoint: E,
  options: { query?: QueryOf<E>; body?: BodyOf<E>; params?: PathParams; signal?: AbortSignal } = {},
): Promise<ResponseOf<E>> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (current && endpoint.auth !== 'none') headers.Authorization = `Bearer ${current.token}`;
  const hasBody = options.body !== undefined && endpoint.method !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(endpoint, options), {
      method: endpoint.method,
      headers,
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError({ code: 'NETWORK', message: 'Network link is abnormal, please try again', status: 0 });
  }
  const env = (await res.json().catch(() => null)) as {
    success?: boolean;
    value?: unknown;
    message?: string;
    code?: string;
    fields?: Record<string, string>;
  } | null;
  if (res.ok && env?.success) return env.value as ResponseOf<E>;
  if (res.status === 401 && current) setOperatorSession(null);
  throw new ApiError({
    code: env?.code ?? 'INTERNAL',
    message: env?.message || res.statusText,
    status: res.status,
    fields: env?.fields,
  });
};

/** An uploaded proof image as an object URL (images need the operator's token, so no plain <img src>). */
export const fetchImage = async (path: string): Promise<string> => {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${current?.token ?? ''}` } });
  if (!res.ok) throw new Error(res.statusText);
  return URL.createObjectURL(await res.blob());
};
