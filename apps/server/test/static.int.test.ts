import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/** A stand-in for `apps/web/dist`: the server's behaviour must not depend on the real build. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-dist-'));
const INDEX =
  '<!doctype html><html><head><title>&#8203;</title></head><body><div id="root"><p><!--site-name--></p></div></body></html>';
const ASSET = 'console.log("lotus");';

let t: TestApp;
beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'brand'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-B4xQ9z1a.js'), ASSET);
  fs.writeFileSync(path.join(dist, 'assets', 'index-C7yT2kLm.css'), 'body{}');
  fs.writeFileSync(path.join(dist, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist }, build: { serveWeb: true } });
});
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const BOOT = /<script type="application\/json" id="boot-status">(.*?)<\/script>/;
/** The page without what is filled in per visitor (checked on its own below). */
const asBuilt = (body: string) =>
  body
    .replace(BOOT, '')
    .replace(/<title>[^<]*<\/title>/, '<title>&#8203;</title>')
    .replace(/<p>[^<]*<\/p>/, '<p><!--site-name--></p>');

describe('serving the built web app', () => {
  it('serves index.html at / and /index.html without caching', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(asBuilt(res.body)).toBe(INDEX);
    }
  });

  it('caches hashed assets for a year, immutable', async () => {
    const js = await get('/assets/index-B4xQ9z1a.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(ASSET);
    const css = await get('/assets/index-C7yT2kLm.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed copy the browser accepts, brotli first, and the plain file otherwise', async () => {
    const zlib = await import('node:zlib');
    const big = `console.log(${JSON.stringify('lotus '.repeat(400))});`;
    fs.writeFileSync(path.join(dist, 'assets', 'big-D1x2y3z4.js'), big);
    fs.writeFileSync(path.join(dist, 'assets', 'big-D1x2y3z4.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(dist, 'assets', 'big-D1x2y3z4.js.gz'), zlib.gzipSync(big));
    const br = await get('/assets/big-D1x2y3z4.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    const gz = await get('/assets/big-D1x2y3z4.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(big);
    const plain = await get('/assets/big-D1x2y3z4.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    // A file without compressed copies is sent as it is, whatever the browser accepts.
    const css = await get('/assets/index-C7yT2kLm.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('body{}');
  });

  it('caches unhashed public files briefly, not forever', async () => {
    const res = await get('/brand/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('falls back to index.html for client routes, with their query and hash-less paths', async () => {
    for (const url of [
      '/home',
      '/promotions',
      '/rng?vassalage=PG',
      '/register?referralCode=ABC',
      '/member',
      '/agentHome',
    ]) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(asBuilt(res.body)).toBe(INDEX);
    }
  });

  it("sends the visitor's system status inside the page, as GET /wps/system/status answers it", async () => {
    const res = await get('/', { 'x-forwarded-for': '203.0.113.9' });
    const block = BOOT.exec(res.body);
    expect(block).not.toBeNull();
    // A data block in the head: not executed, so the CSP has nothing to allow.
    expect(res.body.indexOf(block![0])).toBeLessThan(res.body.indexOf('</head>'));
    expect(block![1]).not.toMatch(/[<>&]/);
    const inlined = JSON.parse(block![1]!) as Record<string, unknown>;
    const api = (await get('/wps/system/status')).json() as { value: Record<string, unknown> };
    const { serverTime: _a, ...page } = inlined;
    const { serverTime: _b, ...fromApi } = api.value;
    expect(page).toEqual(fromApi);
    expect(inlined.systemStatus).toBe(0);
    // The brand's name is on the loading screen and in the title before any script runs.
    const siteName = (inlined.whitelabel as { siteName: string }).siteName;
    expect(siteName.length).toBeGreaterThan(0);
    expect(res.body).toContain(`<title>${siteName}</title>`);
    expect(res.body).toContain(`<p>${siteName}</p>`);
  });

  it('escapes what could close the data block', async () => {
    const { htmlJson } = await import('../src/http/web.ts');
    const text = htmlJson({ message: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ message: '</script><script>alert(1)</script> & \u2028' });
  });

  it('answers a missing asset with 404, not the app', async () => {
    for (const url of ['/assets/index-missing.js', '/brand/missing.png', '/robots.txt']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('keeps API 404s as JSON envelopes', async () => {
    const res = await get('/wps/no/such/thing', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, value: null, code: 'NOT_FOUND' });
  });

  it('answers HEAD for the app and its assets', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/assets/index-B4xQ9z1a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'HEAD', url: '/promotions' })).statusCode).toBe(200);
  });

  it('refuses a malformed path without a server error', async () => {
    for (const url of ['/%E0%A4%A', '/assets/%ZZ.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('never serves files outside the build folder', async () => {
    const secret = path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`);
    fs.writeFileSync(secret, 'top secret');
    try {
      for (const url of [
        `/..%2F${path.basename(secret)}`,
        `/assets/..%2F..%2F${path.basename(secret)}`,
        '/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      ]) {
        const res = await get(url);
        expect(res.body, url).not.toContain('top secret');
        expect(res.body, url).not.toContain('root:');
      }
    } finally {
      fs.rmSync(secret, { force: true });
    }
  });
});
