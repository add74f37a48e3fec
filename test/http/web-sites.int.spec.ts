import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILDER_CSP } from '../../src/adapters/http/sites/web-sites.js';
import { expectProblem, rawGet, startTestServer, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

/** Raw fetches: the pages take no token and are not API routes. */
async function fetchPage(server: TestServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(`${server.baseUrl}${path}`, { method, headers, redirect: 'manual' });
}

describe('the builder and the API reference, served by Vitrine', () => {
  let server: TestServer;
  let page: string;
  beforeAll(async () => {
    server = await startTestServer();
    page = await (await fetchPage(server, '/builder/')).text();
  });
  afterAll(() => server.close());

  it('leads from / to /builder/ (302) and from /builder to /builder/ (301)', async () => {
    const root = await fetchPage(server, '/');
    expect({ status: root.status, location: root.headers.get('location') }).toEqual({ status: 302, location: '/builder/' });
    const bare = await fetchPage(server, '/builder');
    expect({ status: bare.status, location: bare.headers.get('location') }).toEqual({ status: 301, location: '/builder/' });
  });

  it('serves the page no-cache, with a strict Content-Security-Policy and no inline script', async () => {
    const answer = await fetchPage(server, '/builder/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('content-security-policy')).toBe(BUILDER_CSP);
    expect(BUILDER_CSP).toContain("script-src 'self'");
    expect(BUILDER_CSP).not.toContain('unsafe-inline');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page).toMatch(/<script type="module" crossorigin src="\/builder\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('serves any screen of the app as the page (the app reads the rest of the URL)', async () => {
    const answer = await fetchPage(server, '/builder/collections/3');
    expect({ status: answer.status, body: await answer.text() }).toEqual({ status: 200, body: page });
  });

  it('serves content-hashed assets for a year, compressed with brotli or gzip, 304 when unchanged', async () => {
    const script = /src="(\/builder\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const plain = await rawGet(server, script, {});
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await rawGet(server, script, { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);
    const gz = await rawGet(server, script, { 'Accept-Encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gz.body)).toEqual(plain.body);

    const again = await rawGet(server, script, { 'If-None-Match': plain.headers.etag! });
    expect({ status: again.status, length: again.body.length }).toEqual({ status: 304, length: 0 });
  });

  it('reads Accept-Encoding as RFC 9110 does (q in any case, *, identity, q=0 refusing), each encoding with its own ETag', async () => {
    const script = /src="(\/builder\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const encodingOf = async (acceptEncoding: string) =>
      (await rawGet(server, script, { 'Accept-Encoding': acceptEncoding })).headers['content-encoding'];
    expect(await encodingOf('br;Q=0, gzip')).toBe('gzip');
    expect(await encodingOf('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(await encodingOf('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(await encodingOf('*')).toBe('br');
    expect(await encodingOf('*;q=0.5, br;q=0')).toBe('gzip');
    expect(await encodingOf('identity;q=1, gzip;q=0.5')).toBeUndefined();
    expect(await encodingOf('gzip;q=0, br;q=0')).toBeUndefined();
    expect(await encodingOf('deflate')).toBeUndefined();
    const tags = new Set<string>();
    for (const acceptEncoding of ['', 'gzip', 'br']) {
      const answer = await rawGet(server, script, acceptEncoding === '' ? {} : { 'Accept-Encoding': acceptEncoding });
      tags.add(answer.headers.etag!);
      // Asked again with its own tag: 304; with another encoding's tag: the body.
      const again = await rawGet(server, script, { 'Accept-Encoding': acceptEncoding, 'If-None-Match': answer.headers.etag! });
      expect(again.status).toBe(304);
    }
    expect(tags.size).toBe(3);
    const other = await rawGet(server, script, { 'Accept-Encoding': 'br', 'If-None-Match': [...tags][0]! });
    expect(other.status).toBe(200);
  });

  it('answers a missing asset with a 404 problem, and a write with a 405 problem', async () => {
    const missing = await server.request('GET', '/builder/assets/nothing-here.js', { token: null });
    expectProblem(missing, 404, 'ROUTE_NOT_FOUND');
    const post = await fetchPage(server, '/builder/', {}, 'POST');
    expect({ status: post.status, allow: post.headers.get('allow'), type: post.headers.get('content-type') }).toEqual({
      status: 405,
      allow: 'GET, HEAD',
      type: 'application/problem+json',
    });
  });

  it('serves the API reference at /docs from swagger-ui-dist itself, pointed at the OpenAPI document', async () => {
    const docs = await fetchPage(server, '/docs');
    const html = await docs.text();
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
    expect(html).toContain('href="/builder/"');
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await fetchPage(server, '/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain('SwaggerUIBundle');
    expect(await (await fetchPage(server, '/docs/docs.js')).text()).toContain("url: '/api/v1/openapi.json'");
  });
});
