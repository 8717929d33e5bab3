import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createContext } from '../src/context.ts';
import { createTestApp, testConfig, type TestApp } from './harness.ts';

/** Log lines the app writes, so a test can check what operators would see. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    build: {
      logger: { level: 'error', stream: logStream },
      extend: (app) => {
        app.get('/wps/test/boom', async () => {
          throw new Error('connection to db failed: password=hunter2');
        });
      },
    },
  });
});
afterAll(() => t.close());

/** The same database under another configuration (CORS, HSTS) without cloning it again. */
const appWith = async (env: Record<string, string>) => {
  const app = await buildApp(createContext(testConfig(env), t.ctx.database), { logger: false, serveWeb: false });
  await app.ready();
  return app;
};

const login = (payload: string, contentType = 'application/json') =>
  t.call({
    method: 'POST',
    url: '/wps/operator/session/login',
    payload,
    headers: { 'content-type': contentType },
  });

describe('request bodies', () => {
  it('refuses a body over BODY_LIMIT_BYTES with a 413 envelope', async () => {
    const res = await login(JSON.stringify({ username: 'admin', password: 'x'.repeat(4096) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, value: null, code: 'PAYLOAD_TOO_LARGE' });
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('accepts a body just under the limit (the limit is not set lower than configured)', async () => {
    const res = await login(JSON.stringify({ username: 'admin', password: 'x'.repeat(100) }));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers invalid JSON with a 400 envelope', async () => {
    const res = await login('{"username": "admin", "password":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, value: null, code: 'BAD_REQUEST' });
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const res = await login('<login/>', 'application/xml');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, value: null, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers a body of the wrong shape with one message per field', async () => {
    const res = await login(JSON.stringify({ username: 42, extra: true }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['extra', 'password', 'username']);
  });
});

describe('unexpected errors', () => {
  it('answers a generic 500 envelope with the request id and no internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    const reqId = res.headers['x-request-id'];
    expect(reqId).toEqual(expect.any(String));
    expect(body).toMatchObject({ success: false, value: null, code: 'INTERNAL' });
    expect(body.message).toContain(reqId);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'success', 'value']);
  });

  it('logs the error with its stack under the same request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/test/boom',
      headers: { 'x-request-id': 'trace-0123456789' },
    });
    expect(res.headers['x-request-id']).toBe('trace-0123456789');
    const entry = logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'trace-0123456789' && l.err);
    expect(entry).toBeDefined();
    expect(entry.level).toBe(50);
    expect(entry.err.stack).toContain('hunter2');
  });

  it('replaces a request id that does not look like one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS', () => {
  it('is closed by default: a foreign origin gets no allow-origin header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/wps/operator/session/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens to the configured origins only', async () => {
    const app = await appWith({ CORS_ORIGINS: 'https://partner.example,https://other.example' });
    try {
      const ok = await app.inject({
        method: 'GET',
        url: '/wps/system/whitelabel',
        headers: { origin: 'https://partner.example' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example');
      expect(ok.headers['access-control-allow-credentials']).toBe('true');
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/wps/operator/session/login',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://other.example');
      const foreign = await app.inject({
        method: 'GET',
        url: '/wps/system/whitelabel',
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that fits the app and the usual helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'self'");
    expect(directives['frame-src']).toContain("'self'");
    // Connections go to our own origins only: no scheme-wide ws:, wss: or https: (decision 051).
    expect(directives['connect-src']).toBe("'self' ws://localhost:3000");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('lets the web app connect to its own https and wss origins and the configured CDNs only', async () => {
    const app = await appWith({
      PUBLIC_BASE_URL: 'https://lotus88.example',
      CSP_CONNECT_SRC: 'https://cdn.lotus88.example',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/wps/system/status' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' wss://lotus88.example https://cdn.lotus88.example;");
    } finally {
      await app.close();
    }
  });

  it('sends HSTS only when the public URL is https', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const app = await appWith({ PUBLIC_BASE_URL: 'https://lotus88.example' });
    try {
      const tls = await app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
      expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await app.close();
    }
  });
});
