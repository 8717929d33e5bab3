import { t } from './i18n.ts';
import { isPaused, PLAY_PATHS } from './pause.ts';

/** Calls to our own game server (same origin), with the game session's bearer token. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown,
  ) {
    super(message);
  }
}

let token: string | null = null;
export const setToken = (t: string | null) => {
  token = t;
};
export const getToken = () => token;

export const api = async <T>(
  path: string,
  /** keepalive: the request still reaches us if the page closes (a shot already fired). */
  init: { method?: string; body?: unknown; keepalive?: boolean } = {},
): Promise<T> => {
  // The casino's reality check is open: no new stake until the player has answered it.
  if (isPaused() && PLAY_PATHS.some((p) => path === p)) throw new ApiError('PAUSED', t('pausedBody'), 0, null);
  const res = await fetch(`/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    ...(init.keepalive ? { keepalive: true } : {}),
  });
  let json: { success?: boolean; value?: unknown; message?: string; code?: string } = {};
  try {
    json = await res.json();
  } catch {
    throw new ApiError('NETWORK', 'The game server did not answer', res.status, null);
  }
  if (!res.ok || !json.success)
    throw new ApiError(json.code ?? 'ERROR', json.message ?? `HTTP ${res.status}`, res.status, json.value ?? null);
  return json.value as T;
};
