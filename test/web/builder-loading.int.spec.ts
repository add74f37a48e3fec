import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, merchandiserPage } from '../support/browser.js';
import { open, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';
const TOKENS = '/api/v1/admin/protected/tokens';
const SIZE = 500;
const ids = Array.from({ length: SIZE }, (_, i) => `MUITOS-${String(i).padStart(3, '0')}`);

describeInBrowser('the builder loads what it shows in a few requests, and says so when the service refuses (demo data)', () => {
  let server: TestServer;
  let browser: Browser;
  let slicePath: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    browser = await launchBrowser();
    const products = ids.map((id, i) => ({ id, name: `Peça ${i}`, brand: 'Trama', price: 100 + i, category: 'vestidos' }));
    expect((await server.request('POST', `${CATALOG}/batch`, { body: { products } })).json.created).toBe(SIZE);
    const collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Quinhentos', description: '' } })).json.id;
    const slice = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'Quinhentas peças', type: 'MANUAL', startsAt: '2026-11-01T00:00:00.000Z', products: ids },
    });
    expect(slice.status).toBe(201);
    slicePath = `#/collections/${collectionId}/slices/${slice.json.id}`;
  });
  afterEach(async () => {
    for (const context of browser.contexts()) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in page, with every API request it sends and every console error it logs from the start. */
  async function signedIn(token: string): Promise<{ page: Page; requests: Request[]; consoleErrors: string[] }> {
    const { page } = await merchandiserPage(browser);
    const requests: Request[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('App token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Collections' }));
    return { page, requests, consoleErrors };
  }

  const grid = (page: Page) => page.locator('.product-grid');
  const pathsOf = (requests: readonly Request[]) => requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`);

  it('lists collections with what each shows now in one request, and no 404 in the console', async () => {
    const { page, requests, consoleErrors } = await signedIn(ADMIN_SECRET);
    await visible(page.getByRole('row', { name: /Verão 2027/ }).getByText('Verão — destaque do fim de semana'));
    await visible(page.getByRole('row', { name: /Liquida Inverno/ }).getByText('Nothing live'));
    await visible(page.getByRole('row', { name: /Quinhentos/ }).getByText('Quinhentas peças'));
    await page.waitForLoadState('networkidle');
    const listing = pathsOf(requests).filter((p) => p.startsWith(`GET ${COLLECTIONS}`));
    expect(listing).toEqual([`GET ${COLLECTIONS}`]);
    expect(consoleErrors).toEqual([]);
  });

  it('opens a slice of 500 products with the slice and one batch read, every card drawn from its product', async () => {
    const { page, requests } = await signedIn(ADMIN_SECRET);
    await page.waitForLoadState('networkidle');
    const before = requests.length;
    await open(page, slicePath, 'Quinhentas peças');
    await visible(grid(page).getByRole('listitem', { name: 'Peça 499' }));
    expect(await grid(page).getByRole('listitem').count()).toBe(SIZE);
    expect(await grid(page).getByText('Loading…').count()).toBe(0);
    expect(await grid(page).getByText('Available', { exact: true }).count()).toBe(SIZE);
    await visible(grid(page).getByRole('listitem', { name: 'Peça 0' }).getByText('Trama · R$100.00'));
    await page.waitForLoadState('networkidle');
    const opened = pathsOf(requests.slice(before));
    expect(opened.filter((p) => p.includes('/catalog/'))).toEqual([`POST ${CATALOG}/lookup`]);
    expect(opened.length).toBeLessThanOrEqual(3);
  });

  it('shows a 429 on the products to the merchandiser, draws no card from it, and recovers after Retry-After', async () => {
    const issued = await server.request('POST', TOKENS, {
      body: { name: 'apressado', scopes: ['collections:read', 'products:read'], rateLimit: { requests: 20, windowSeconds: 2 } },
    });
    const token = issued.json.token as string;
    const { page, requests } = await signedIn(token);
    await page.waitForLoadState('networkidle');
    // Just before the builder's batch read, the token's quota is spent (by the test, on the real server).
    let spent = false;
    await page.route('**/catalog/lookup', async (route) => {
      if (!spent) {
        spent = true;
        while ((await server.request('GET', `${COLLECTIONS}?limit=1`, { token })).status !== 429);
      }
      await route.continue();
    });
    await open(page, slicePath, 'Quinhentas peças');
    const alert = await visible(page.getByRole('alert').filter({ hasText: 'The products could not be loaded' }));
    expect(await alert.textContent()).toMatch(
      /^The products could not be loaded: This token made more requests than its rate limit allows; try again later\. Trying again in [12] s\.$/,
    );
    expect(await grid(page).getByText('Available', { exact: true }).count()).toBe(0);
    expect(await grid(page).getByText('Active', { exact: true }).count()).toBe(0);
    expect(await grid(page).getByText('Loading…').count()).toBe(SIZE);
    await visible(grid(page).getByRole('listitem', { name: 'Peça 499' }), 5_000);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await grid(page).getByText('Available', { exact: true }).count()).toBe(SIZE);
    const lookups = pathsOf(requests).filter((p) => p === `POST ${CATALOG}/lookup`);
    expect(lookups).toHaveLength(2);
  });
});
