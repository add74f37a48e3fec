import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startShop } from '../../examples/storefront/shop.mjs';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { describeInBrowser, launchBrowser, merchandiserPage } from '../support/browser.js';
import { historyOf } from '../support/event-history.js';
import { startTestServer, type TestServer } from '../support/http-harness.js';

const TOKENS = '/api/v1/admin/protected/tokens';
const SIMILAR = '/api/v1/products/protected/similar';
const SHOPPER = 'up_loja_web';

/**
 * The storefront script in Chromium, on a shop's own origin (examples/storefront/shop.mjs, another
 * port: another origin), recording with a publishable key what a shopper does, across pages.
 */
describeInBrowser('the storefront script, on a shop page of another origin', () => {
  let server: TestServer;
  let browser: Browser;
  let shop: { url: string; close(): Promise<void> };
  let stranger: { url: string; close(): Promise<void> };
  let key: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    const token = await server.tokenWith(['products:read']);
    // The shop's origin is only known once it listens: a free port is found, the key issued for it, the shop started there.
    const probe = await startShop({ vitrine: server.baseUrl, token, key: '', port: 0 });
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const issued = await server.request('POST', TOKENS, {
      body: { name: 'loja-web', kind: 'publishable', allowedOrigins: [`http://localhost:${port}`] },
    });
    key = issued.json.token as string;
    shop = await startShop({ vitrine: server.baseUrl, token, key, port });
    // The same pages, with the same key, served from an origin the key does not list.
    stranger = await startShop({ vitrine: server.baseUrl, token, key, port: 0 });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await stranger?.close();
    await server?.close();
  });

  const shopUrl = (path: string) => `${shop.url.replace('127.0.0.1', 'localhost')}${path}`;
  const similarTo = async (id: string): Promise<string[]> => {
    const answer = await server.request('POST', SIMILAR, {
      body: { sessionId: 'check', userId: SHOPPER, data: { id, limit: 10 } },
    });
    expect(answer.status).toBe(200);
    return answer.json.products as string[];
  };

  it('records a view, a cart add, a recommendation click and a purchase across pages, and the next answer reflects them', async () => {
    const before = await similarTo('VES-002');
    const { context, page } = await merchandiserPage(browser, { at: server.clock.now() });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/events/')) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(shopUrl(`/?product=VES-002&user=${SHOPPER}`));
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const recommendations = page.getByRole('region', { name: 'Você também pode gostar' });
    const first = recommendations.getByRole('link').first();
    const clicked = (await first.getAttribute('data-vitrine-product-id'))!;
    const recommendationId = (await recommendations.getAttribute('data-vitrine-recommendation-id'))!;
    expect(before).toContain(clicked);
    // Leaving the page sends what waits (a beacon); the next page records its own view.
    await first.click();
    await page.waitForURL(/product=/);
    await page.getByRole('link', { name: 'Comprar agora' }).click();
    await page.getByRole('heading', { name: 'Obrigado pela compra!' }).waitFor();
    await page.evaluate(() => (globalThis as unknown as { vitrine: { flush(): void } }).vitrine.flush());
    await page.waitForFunction(() => (globalThis as unknown as { vitrine: { pending(): number } }).vitrine.pending() === 0);
    await context.close();

    const history = await historyOf(resolve(server.container, EventStoreToken));
    const browserEvents = history.filter((e) => e.source === 'browser');
    expect(browserEvents.map((e) => [e.type, e.productId])).toEqual([
      ['view', 'VES-002'],
      ['add_to_cart', 'VES-002'],
      ['recommendation_click', clicked],
      ['view', clicked],
      ['purchase', clicked],
    ]);
    expect(new Set(browserEvents.map((e) => e.sessionId)).size).toBe(1);
    expect(browserEvents[0]!.sessionId).toMatch(/^web-/);
    expect(browserEvents.every((e) => e.userId === SHOPPER)).toBe(true);
    expect(browserEvents.find((e) => e.type === 'recommendation_click')!.recommendationId).toBe(recommendationId);
    expect(sent.length).toBeGreaterThan(0);
    // The shopper bought it: Vitrine no longer proposes it to them.
    expect(await similarTo('VES-002')).not.toContain(clicked);
  });

  it('records nothing from a page of an origin the key does not list, and keeps the events queued there', async () => {
    const held = (await historyOf(resolve(server.container, EventStoreToken))).length;
    const { context, page } = await merchandiserPage(browser, { at: server.clock.now() });
    const sent: string[] = [];
    const blocked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/events/')) sent.push(request.method());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Access-Control-Allow-Origin')) blocked.push(message.text());
    });
    await page.goto(`${stranger.url}/?product=BOL-006`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.evaluate(() => (globalThis as unknown as { vitrine: { flush(): void } }).vitrine.flush());
    await page
      .waitForFunction(() => (globalThis as unknown as { vitrine: { pending(): number } }).vitrine.pending() === 0, undefined, {
        timeout: 3_000,
      })
      .then(
        () => expect.unreachable('a refused page had its events dropped'),
        () => undefined,
      );
    expect(await page.evaluate(() => (globalThis as unknown as { vitrine: { pending(): number } }).vitrine.pending())).toBe(2);
    // The script did send; the service refused (403, no CORS header), so the browser let the page read nothing.
    expect(sent.length).toBeGreaterThan(0);
    expect(blocked.length).toBeGreaterThan(0);
    await context.close();
    expect((await historyOf(resolve(server.container, EventStoreToken))).length).toBe(held);
  });

  it('keeps what a failed send held and sends it again, recorded once', async () => {
    const held = (await historyOf(resolve(server.container, EventStoreToken))).length;
    const { context, page } = await merchandiserPage(browser, { at: server.clock.now() });
    let cut = 0;
    await page.route('**/api/v1/events/**', async (route) => {
      if (cut++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    const pending = () => page.evaluate(() => (globalThis as unknown as { vitrine: { pending(): number } }).vitrine.pending());
    const flush = () => page.evaluate(() => (globalThis as unknown as { vitrine: { flush(): void } }).vitrine.flush());
    await page.goto(shopUrl('/?product=SAN-005'));
    await flush();
    await page.waitForLoadState('load');
    await expect.poll(() => cut).toBe(1);
    expect(await pending()).toBe(1);
    await flush();
    await expect.poll(pending).toBe(0);
    await context.close();
    const history = await historyOf(resolve(server.container, EventStoreToken));
    expect(history.slice(held).map((e) => [e.type, e.productId, e.source])).toEqual([['view', 'SAN-005', 'browser']]);
  });

  it('is served as a small file: a stable name cached an hour, a hashed name cached for good', async () => {
    const stable = await fetch(`${server.baseUrl}/storefront/vitrine-events.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(stable.status).toBe(200);
    expect(stable.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(stable.headers.get('cache-control')).toBe('public, max-age=3600');
    const body = Buffer.from(await stable.arrayBuffer());
    expect(body.byteLength).toBeLessThan(8 * 1024);
    const hashed = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const pinned = await fetch(`${server.baseUrl}/storefront/vitrine-events.${hashed}.js`);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${server.baseUrl}/storefront/vitrine-events.0000000000000000.js`)).status).toBe(404);
  });
});
