import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { historyOf } from '../support/event-history.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `vitrine` command, as npm's bin link does, without a terminal. */
function vitrine(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

describe('vitrine import (the bulk import command)', () => {
  let server: TestServer;
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const importing = (kind: string, path: string, ...more: string[]) =>
    vitrine(['import', kind, path, '--url', server.baseUrl, '--token', ADMIN_SECRET, ...more]);

  beforeAll(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'vitrine-import-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a catalog from JSON Lines, reports every bad line by its number without stopping, and a re-run changes nothing', async () => {
    const lines = [
      JSON.stringify({ id: 'J-1', name: 'Vestido linho areia', category: 'vestidos', price: 300 }),
      '{ not json',
      JSON.stringify({ id: 'J-2', name: 'Vestido linho cru', category: 'vestidos', price: 320 }),
      '',
      JSON.stringify({ id: 'J-3', name: 'Vestido', price: -1 }),
      JSON.stringify([1, 2]),
      JSON.stringify({ id: 'J-4', name: 'Vestido linho branco', category: 'vestidos' }),
    ];
    const path = file('catalog.jsonl', `${lines.join('\n')}\n`);
    const first = await importing('catalog', path, '--batch-size', '2');
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/6 lines, 3 created, 0 replaced, 0 unchanged, 3 refused/);
    expect(first.stderr).toMatch(/^line 2: is not valid JSON$/m);
    expect(first.stderr).toMatch(/^line 5: price: must be a number of 0 or more$/m);
    expect(first.stderr).toMatch(/^line 6: must be a JSON object$/m);
    expect((await server.request('GET', '/api/v1/products/protected/catalog/J-4')).status).toBe(200);
    const similar = await server.request('POST', '/api/v1/products/protected/similar', {
      body: { sessionId: 's', data: { id: 'J-1' } },
    });
    expect(similar.json.products.sort()).toEqual(['J-2', 'J-4']);

    const again = await importing('catalog', path);
    expect(again.stdout).toMatch(/6 lines, 0 created, 0 replaced, 3 unchanged, 3 refused/);
  });

  it('imports a catalog from CSV, with lists separated by | and attributes as attr.<name> columns', async () => {
    const path = file(
      'catalog.csv',
      'id;name;category;price;available;tags;attr.cor\nC-1;Saia plissada;saias;129.9;sim;verão|midi;azul\nC-2;Saia jeans;saias;abc;true;;\nC-3;Saia linho;saias;99;não;linho;\n',
    );
    const run = await importing('catalog', path);
    expect(run.stderr).toMatch(/^line 3: price: "abc" is not a number/m);
    expect(run.stdout).toMatch(/3 lines, 2 created, 0 replaced, 0 unchanged, 1 refused/);
    const product = await server.request('GET', '/api/v1/products/protected/catalog/C-1');
    expect(product.json).toMatchObject({ price: 129.9, available: true, tags: ['verão', 'midi'], attributes: { cor: 'azul' } });
    expect((await server.request('GET', '/api/v1/products/protected/catalog/C-3')).json.available).toBe(false);
  });

  it('reads a ; separated CSV with that separator only: a decimal comma is refused, not cut, and a row with extra cells too', async () => {
    const path = file('semicolon.csv', 'id;name;price\nK-1;Saia;12,50\nK-2;Saia;10;extra\nK-3;Saia, midi;30\n');
    const run = await importing('catalog', path);
    expect(run.stderr).toMatch(/^line 2: price: "12,50" is not a number/m);
    expect(run.stderr).toMatch(/^line 3: has 4 cells where the header names 3 columns$/m);
    expect(run.stdout).toMatch(/3 lines, 1 created, 0 replaced, 0 unchanged, 2 refused/);
    expect((await server.request('GET', '/api/v1/products/protected/catalog/K-3')).json).toMatchObject({
      name: 'Saia, midi',
      price: 30,
    });
  });

  it('imports profiles from JSON Lines', async () => {
    const path = file(
      'profiles.jsonl',
      [
        JSON.stringify({
          userProfileId: 'up_i1',
          identifiers: { phones: ['(11) 98765-0001'] },
          profile: { ganchos_conteudo: ['x'] },
        }),
        JSON.stringify({ userProfileId: 'up_i2', identifiers: { phones: ['+55 11 98765-0001'] }, profile: {} }),
      ].join('\n'),
    );
    const run = await importing('profiles', path);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/2 lines, 1 created, 0 replaced, 0 unchanged, 1 refused/);
    expect(run.stderr).toMatch(/^line 2: identifiers.phones.0: is given already by line 1$/m);
    expect((await importing('profiles', path)).stdout).toMatch(/1 unchanged, 1 refused/);
  });

  it('imports shopper events from JSON Lines: bad lines by number, an eventId seen before a duplicate, a re-run all duplicates', async () => {
    const lines = [
      JSON.stringify({ eventId: 'imp-1', type: 'view', productId: 'VES-001', sessionId: 'imp-s1', at: '2026-11-20T10:00:00Z' }),
      JSON.stringify({ eventId: 'imp-2', type: 'purchase', productId: 'VES-001', sessionId: 'imp-s1', userId: 'up_imp' }),
      JSON.stringify({ eventId: 'imp-1', type: 'view', productId: 'VES-001', sessionId: 'imp-s1' }),
      '{ not json',
      JSON.stringify({ eventId: 'imp-5', type: 'like', productId: 'VES-001', sessionId: 'imp-s1' }),
      JSON.stringify({ eventId: 'imp-6', type: 'view', productId: 'VES-001', sessionId: 'imp-s1', at: '2099-01-01T00:00:00Z' }),
    ];
    const path = file('events.jsonl', `${lines.join('\n')}\n`);
    const first = await importing('events', path, '--batch-size', '2');
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/events import of .*: 6 lines, 2 accepted, 1 duplicate, 3 refused, in /);
    expect(first.stderr).toMatch(/^line 4: is not valid JSON$/m);
    expect(first.stderr).toMatch(/^line 5: type: must be one of view, add_to_cart, purchase, recommendation_click$/m);
    expect(first.stderr).toMatch(/^line 6: at: must not be in the future/m);
    const history = resolve(server.container, EventStoreToken);
    expect(
      (await historyOf(history)).filter((e) => e.userId === 'up_imp' && e.type === 'purchase').map((e) => e.productId),
    ).toEqual(['VES-001']);

    const good = file('events-good.jsonl', `${lines.slice(0, 3).join('\n')}\n`);
    const again = await importing('events', good);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/3 lines, 0 accepted, 3 duplicate, 0 refused/) });
    expect(await history.count()).toBe(2);
    const csv = await importing('events', file('events.csv', 'eventId,type\n'));
    expect(csv).toMatchObject({ code: 2, stderr: expect.stringMatching(/events are imported from JSON Lines only/) });
  });

  it('imports GA4 export rows and Segment calls as they are: mapped by line, other events skipped, a re-run all duplicates', async () => {
    const items = (...ids: string[]) => ids.map((item_id) => ({ item_id }));
    const session = [{ key: 'ga_session_id', value: { int_value: 1795168000 } }];
    const row = (event_name: string, event_timestamp: string, more: object) =>
      JSON.stringify({ event_name, event_timestamp, user_pseudo_id: 'ga.1', user_id: 'up_ga', event_params: session, ...more });
    const ga4 = [
      row('page_view', '1795168800000001', {}),
      row('view_item', '1795168800000002', { items: items('VES-002') }),
      row('purchase', '1795168800000003', { items: items('VES-002', 'SAN-005') }),
      row('select_item', '1795168800000004', { items: items('BOL-006') }),
    ];
    const ga4File = file('ga4.jsonl', `${ga4.join('\n')}\n`);
    const first = await importing('events', ga4File);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(/4 lines, 3 accepted, 0 duplicate, 1 refused, 1 skipped/);
    expect(first.stderr).toMatch(
      /^line 4: items.0.item_list_id: select_item needs the X-Recommendation-Id of the answer clicked$/m,
    );
    expect(first.stderr).toMatch(/^skipped \(events Vitrine does not record\): page_view 1$/m);
    const history = resolve(server.container, EventStoreToken);
    const fromGa4 = (await historyOf(history)).filter((e) => e.userId === 'up_ga');
    expect(fromGa4.map((e) => [e.type, e.productId, e.sessionId])).toEqual([
      ['view', 'VES-002', 'ga.1.1795168000'],
      ['purchase', 'VES-002', 'ga.1.1795168000'],
      ['purchase', 'SAN-005', 'ga.1.1795168000'],
    ]);
    expect((await importing('events', ga4File, '--format', 'ga4')).stdout).toMatch(
      /0 accepted, 3 duplicate, 1 refused, 1 skipped/,
    );

    const call = (event: string, properties: object, messageId: string) =>
      JSON.stringify({
        type: 'track',
        event,
        properties,
        userId: 'up_seg',
        anonymousId: 'anon-1',
        messageId,
        timestamp: '2026-11-20T11:00:00Z',
      });
    const segmentFile = file(
      'segment.jsonl',
      [
        call('Product Viewed', { product_id: 'ACE-010' }, 'm1'),
        call('Order Completed', { products: [{ product_id: 'ACE-010' }, { product_id: 'VES-002' }] }, 'm2'),
        call('Signed In', {}, 'm3'),
        call('Product Added', {}, 'm4'),
      ].join('\n'),
    );
    const segment = await importing('events', segmentFile, '--format', 'segment');
    expect(segment.stdout).toMatch(/4 lines, 3 accepted, 0 duplicate, 1 refused, 1 skipped/);
    expect(segment.stderr).toMatch(/^line 4: properties.product_id: is required$/m);
    expect((await historyOf(history)).filter((e) => e.userId === 'up_seg').map((e) => [e.type, e.productId])).toEqual([
      ['view', 'ACE-010'],
      ['purchase', 'ACE-010'],
      ['purchase', 'VES-002'],
    ]);
    expect(await importing('events', segmentFile, '--format', 'catalogo')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--format must be one of auto, vitrine, ga4, segment/),
    });
  });

  it('imports a Merchant Center feed from an http(s) URL as it is, again unchanged, marking unavailable what left it', async () => {
    const item = (id: string, title: string, price: string) =>
      `<item><g:id>${id}</g:id><g:title>${title}</g:title><g:price>${price}</g:price><g:availability>in_stock</g:availability>` +
      `<g:brand>Feira</g:brand><g:product_type>Casa &gt; Mesa</g:product_type></item>`;
    let items = [
      item('FEED-1', 'Jogo Americano', '89.90 BRL'),
      item('FEED-2', 'Travessa', '59.00 BRL'),
      item('FEED-3', 'Copo', 'grátis'),
    ];
    const feed = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${items.join('')}</channel></rss>`,
      );
    });
    await new Promise<void>((done) => feed.listen(0, '127.0.0.1', done));
    const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
    try {
      const first = await importing('catalog', feedUrl);
      expect(first.code).toBe(1);
      expect(first.stdout).toMatch(/3 lines, 2 created, 0 replaced, 0 unchanged, 1 refused/);
      expect(first.stderr).toMatch(/^item 3: price: must be an amount and an ISO 4217 currency/m);
      const read = await server.request('GET', '/api/v1/products/protected/catalog/FEED-1');
      expect(read.json).toMatchObject({ name: 'Jogo Americano', price: 89.9, brand: 'Feira', category: 'Mesa', available: true });
      expect(read.json.attributes).toEqual({ currency: 'BRL', productType: 'Casa > Mesa' });

      const again = await importing('catalog', feedUrl);
      expect(again.stdout).toMatch(/0 created, 0 replaced, 2 unchanged, 1 refused/);

      items = [item('FEED-1', 'Jogo Americano', '79.90 BRL')];
      const pruned = await importing('catalog', feedUrl, '--unavailable-when-missing');
      expect(pruned).toMatchObject({ code: 0 });
      expect(pruned.stdout).toMatch(/1 lines, 0 created, 1 replaced, 0 unchanged, 0 refused/);
      const marked = Number(/(\d+) products the feed no longer holds marked unavailable/.exec(pruned.stdout)?.[1]);
      expect(marked).toBeGreaterThanOrEqual(1);
      expect((await server.request('GET', '/api/v1/products/protected/catalog/FEED-2')).json).toMatchObject({
        available: false,
        price: 59,
      });
      expect((await server.request('GET', '/api/v1/products/protected/catalog/FEED-1')).json).toMatchObject({
        available: true,
        price: 79.9,
      });
      const catalog = await server.request('GET', '/api/v1/products/protected/catalog?available=true&limit=100');
      expect(catalog.json.products.map((p: { id: string }) => p.id)).toEqual(['FEED-1']);
    } finally {
      feed.closeAllConnections();
      await new Promise((done) => feed.close(done));
    }
    const refusedUrl = await importing('events', 'http://127.0.0.1:9/events.jsonl');
    expect(refusedUrl).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/only a Merchant Center feed is read from a URL/),
    });
  });

  it('exits 0 when every line was applied, and 2 with a clear message when it cannot run', async () => {
    const path = file('one.jsonl', `${JSON.stringify({ id: 'O-1', name: 'Uma' })}\n`);
    expect((await importing('catalog', path)).code).toBe(0);
    const denied = await vitrine(['import', 'catalog', path, '--url', server.baseUrl, '--token', 'vtr_wrong']);
    expect(denied.code).toBe(2);
    expect(denied.stderr).toMatch(/Vitrine answered 401/);
    const missing = await importing('catalog', join(dir, 'nope.jsonl'));
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toMatch(/cannot read/);
    expect(await importing('catalog', dir)).toMatchObject({ code: 2, stderr: expect.stringMatching(/not a file/) });
    const usage = await vitrine(['import', 'orders', path]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage:/);
    expect((await vitrine(['import', 'catalog', path, '--url', server.baseUrl])).stderr).toMatch(/a token is needed/);
  });
});
