import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '@app/contract';
import { initI18n } from '../../i18n/index.ts';
import { clearSession, setSession } from '../session/index.ts';
import { buildQuery, buildUrl, createApiClient } from './client.ts';
import { buildPath } from './path.ts';
import { call, memberApi, onApiError } from './member.ts';
import { downloadFile, uploadFile } from './binary.ts';
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

describe('token sources', () => {
  it('each client sends its own token and tells only its own listeners', async () => {
    setSession({ token: 'member-tok' });
    let operatorToken: string | null = 'operator-tok';
    const operator = createApiClient({ token: () => operatorToken });
    const memberSeen: string[] = [];
    const operatorSeen: string[] = [];
    const offMember = onApiError((e) => memberSeen.push(e.code));
    const offOperator = operator.onError((e) => operatorSeen.push(e.code));
    fetchMock.mockImplementation(() =>
      Promise.resolve(reply(401, { success: false, value: null, message: 'No', code: 'UNAUTHENTICATED' })),
    );
    await operator.call(endpoint({ auth: 'operator' })).catch(() => undefined);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer operator-tok');
    operatorToken = null;
    await operator.call(endpoint({ auth: 'operator' })).catch(() => undefined);
    expect(lastRequest().headers.get('Authorization')).toBeNull();
    await call(endpoint({ auth: 'member' })).catch(() => undefined);
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer member-tok');
    offMember();
    offOperator();
    expect(operatorSeen).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(memberSeen).toEqual(['UNAUTHENTICATED']);
  });
});

describe('bytes', () => {
  it('uploads a file as the body with its own type and reads the envelope', async () => {
    setSession({ token: 'tok-up' });
    fetchMock.mockResolvedValue(reply(200, { success: true, value: { id: 'u1' }, message: '' }));
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    const value = await uploadFile(memberApi, endpoint({ method: 'POST', path: '/wps/v2/uploads' }), file, {
      query: { purpose: 'deposit_proof' },
    } as never);
    expect(value).toEqual({ id: 'u1' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/wps/v2/uploads?purpose=deposit_proof');
    expect(init.body).toBe(file);
    expect(headers.get('Content-Type')).toBe('image/png');
    expect(headers.get('Authorization')).toBe('Bearer tok-up');
  });

  it('fails an upload with the envelope’s code and message', async () => {
    fetchMock.mockResolvedValue(
      reply(413, { success: false, value: null, message: 'The image maximum size is 5MB', code: 'PAYLOAD_TOO_LARGE' }),
    );
    const error = (await uploadFile(memberApi, endpoint({ method: 'POST' }), new Blob(['x'])).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The image maximum size is 5MB' });
    expect(lastRequest().headers.get('Content-Type')).toBe('application/octet-stream');
  });

  it('downloads bytes, or the envelope’s error', async () => {
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    const blob = await downloadFile(memberApi, endpoint({ path: '/wps/v2/uploads/:id' }), { params: { id: 'u1' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(lastRequest().url).toBe('/wps/v2/uploads/u1');
    fetchMock.mockResolvedValueOnce(reply(404, { success: false, value: null, message: 'Gone', code: 'NOT_FOUND' }));
    const error = (await downloadFile(memberApi, endpoint({ path: '/x' })).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('sealed bodies', () => {
  it('sends the body as is when the server publishes no key, and retries once after a key change', async () => {
    const sealedEndpoint = endpoint({ method: 'POST', path: '/wps/session/login', auth: 'none', encrypted: true });
    fetchMock
      // No key to seal with (an older server): the body goes as is.
      .mockResolvedValueOnce(reply(404, { success: false, value: null, message: 'No', code: 'NOT_FOUND' }))
      .mockResolvedValueOnce(reply(400, { success: false, value: null, message: 'Key', code: 'PAYLOAD_UNREADABLE' }))
      .mockResolvedValueOnce(reply(404, { success: false, value: null, message: 'No', code: 'NOT_FOUND' }))
      .mockResolvedValueOnce(reply(200, { success: true, value: { ok: true }, message: '' }));
    const seen: string[] = [];
    const off = onApiError((e) => seen.push(e.code));
    await expect(call(sealedEndpoint, { body: { a: 1 } } as never)).resolves.toEqual({ ok: true });
    off();
    const urls = fetchMock.mock.calls.map(([url]) => url as string);
    expect(urls).toEqual([
      '/wps/session/encryption-key',
      '/wps/session/login',
      '/wps/session/encryption-key',
      '/wps/session/login',
    ]);
    expect(lastRequest().init.body).toBe('{"a":1}');
    // The key's absence is the key call's failure; the retried login reports nothing.
    expect(seen).toEqual(['NOT_FOUND', 'NOT_FOUND']);
  });
});
