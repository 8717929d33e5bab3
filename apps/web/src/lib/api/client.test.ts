import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@app/contract';
import { initI18n } from '../../i18n/index.ts';
import { clearSession, setSession } from '../session/index.ts';
import { buildPath, buildQuery, buildUrl, call, onApiError } from './client.ts';
import { ApiError, NETWORK_ERROR_CODE } from './errors.ts';

const endpoint = (e: Partial<Endpoint>): Endpoint =>
  ({ method: 'GET', path: '/wps/test', auth: 'optional', response: {} as Endpoint['response'], ...e }) as Endpoint;

const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(() => initI18n());
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});
afterEach(() => vi.unstubAllGlobals());

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
};

describe('URLs', () => {
  it('fills path parameters and encodes them', () => {
    expect(buildPath('/wps/game/:gameCode/launch', { gameCode: 'a b' })).toBe('/wps/game/a%20b/launch');
    expect(() => buildPath('/wps/game/:id')).toThrow(/id/);
  });

  it('joins arrays with commas and leaves out empty values', () => {
    expect(buildQuery({ types: ['B', 'PL', 'PU'], platform: 'W', empty: '', none: undefined, page: 0 })).toBe(
      '?types=B%2CPL%2CPU&platform=W&page=0',
    );
    expect(buildQuery(undefined)).toBe('');
    expect(buildUrl(endpoint({ path: '/wps/x/:id' }), { params: { id: 7 }, query: { q: 'é' } })).toBe(
      '/wps/x/7?q=%C3%A9',
    );
  });
});

describe('call', () => {
  it('returns the envelope value', async () => {
    fetchMock.mockResolvedValue(reply(200, { success: true, value: { ok: 1 }, message: '' }));
    await expect(call(endpoint({}))).resolves.toEqual({ ok: 1 });
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the session token except to endpoints that take none', async () => {
    setSession({ token: 'tok-1' });
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { success: true, value: null, message: '' })));
    await call(endpoint({ auth: 'member' }));
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer tok-1');
    await call(endpoint({ auth: 'none' }));
    expect(lastRequest().headers.get('Authorization')).toBeNull();
  });

  it('sends JSON bodies, and form bodies when the endpoint says so', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(reply(200, { success: true, value: null, message: '' })));
    await call(endpoint({ method: 'POST' }), { body: { a: 1 } } as never);
    expect(lastRequest().init.body).toBe('{"a":1}');
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
    await call(endpoint({ method: 'POST', bodyType: 'form' }), { body: { username: 'x y', email: 'a@b.c' } } as never);
    expect(lastRequest().init.body).toBe('username=x+y&email=a%40b.c');
    expect(lastRequest().headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });

  it('throws the envelope’s code, message, fields and status', async () => {
    fetchMock.mockResolvedValue(
      reply(400, {
        success: false,
        value: null,
        message: 'Bad',
        code: 'VALIDATION_FAILED',
        fields: { username: 'Too short' },
      }),
    );
    const error = (await call(endpoint({})).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Bad',
      status: 400,
      fields: { username: 'Too short' },
    });
  });

  it('derives a code from the status when the answer has no envelope', async () => {
    fetchMock.mockResolvedValue(reply(401, 'nope'));
    const error = (await call(endpoint({})).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.isUnauthenticated).toBe(true);
  });

  it('reports a network failure as network_abnormal and tells the listeners', async () => {
    const seen: string[] = [];
    const off = onApiError((e) => seen.push(e.code));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await call(endpoint({})).catch((e: unknown) => e)) as ApiError;
    off();
    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/abnormal|instável|rede/i);
    expect(seen).toEqual([NETWORK_ERROR_CODE]);
  });

  it('treats a 502 page from a proxy as a network failure', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await call(endpoint({})).catch((e: unknown) => e)) as ApiError;
    expect(error.isNetwork).toBe(true);
  });
});
