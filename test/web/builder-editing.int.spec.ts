import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../support/browser.js';
import { gridIds, open, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';
const product = (id: string, name: string, brand: string, category = 'vestidos') => ({
  id,
  name,
  brand,
  category,
  price: 129.9,
  tags: [],
});
const PRODUCTS = [
  product('VES-101', 'Vestido Midi Linho', 'Trama'),
  product('VES-102', 'Vestido Midi Linho', 'Aurora'),
  product('VES-103', 'Vestido Longo Seda', 'Aurora'),
  product('VES-104', 'Vestido Curto Crepe', 'Trama'),
  product('SAI-101', 'Saia Plissada', 'Trama', 'saias'),
];
/** A slice of 500 products, to type its name in. */
const MANY = Array.from({ length: 500 }, (_, i) =>
  product(`MUITOS-${String(i).padStart(3, '0')}`, `Peça ${i}`, 'Trama', 'pecas'),
);
const TYPED_KEYS = 20;

describeInBrowser('editing a slice as a current admin: search as you type, filters, selection, undo', () => {
  let server: TestServer;
  let browser: Browser;
  let collectionId: number;
  let bigSlicePath: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const written = await server.request('POST', `${CATALOG}/batch`, { body: { products: [...PRODUCTS, ...MANY] } });
    expect(written.json.created).toBe(PRODUCTS.length + MANY.length);
    collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Edição', description: '' } })).json.id;
    const big = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'Quinhentas', type: 'MANUAL', startsAt: '2027-01-01T00:00:00.000Z', products: MANY.map((p) => p.id) },
    });
    bigSlicePath = `#/collections/${collectionId}/slices/${big.json.id}`;
  });
  afterEach(async () => {
    for (const context of browser.contexts()) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const results = (page: Page) => page.locator('.catalog-search .results');

  it('finds dresses as "vestid" is typed, filters by brand, adds, moves and removes a selection, undoes and redoes, and saves that order', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Edição');
    await page.getByRole('button', { name: 'New slice' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    await page.getByLabel('Name', { exact: true }).fill('Edição rápida');
    await page.getByLabel('Starts', { exact: true }).fill('2026-12-01 10:00');

    // No button, no Enter: the results come as the word is typed.
    await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('vestid', { delay: 40 });
    await visible(page.getByRole('button', { name: 'Add Vestido Longo Seda' }));
    expect(await results(page).getByRole('listitem').count()).toBe(4);
    // The two "Vestido Midi Linho" are told apart by their SKU.
    await visible(results(page).getByText('SKU VES-101'));
    await visible(results(page).getByText('SKU VES-102'));
    await visible(results(page).getByText('R$129.90').first());

    await page.getByRole('combobox', { name: 'Brand' }).selectOption('Aurora');
    await expect.poll(() => results(page).getByRole('button', { name: 'Add Vestido Curto Crepe' }).count()).toBe(0);
    expect(await results(page).getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: 'Add Vestido Longo Seda' }).click();
    expect(await gridIds(page)).toEqual(['VES-103']);

    await page.getByRole('combobox', { name: 'Brand' }).selectOption('');
    await visible(page.getByRole('button', { name: 'Add Vestido Curto Crepe' }));
    await page.getByRole('button', { name: 'Add all results' }).click();
    await visible(page.getByText('Products added: 3.'));
    expect(await gridIds(page)).toEqual(['VES-103', 'VES-101', 'VES-102', 'VES-104']);

    await page.getByRole('checkbox', { name: 'Select Vestido Curto Crepe' }).check();
    await page.getByRole('checkbox', { name: 'Select Vestido Longo Seda' }).check();
    await page.getByRole('spinbutton', { name: 'Position' }).fill('1');
    await page.getByRole('button', { name: 'Move selected to position' }).click();
    expect(await gridIds(page)).toEqual(['VES-103', 'VES-104', 'VES-101', 'VES-102']);
    await page.getByRole('button', { name: 'Remove selected' }).click();
    expect(await gridIds(page)).toEqual(['VES-101', 'VES-102']);

    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await gridIds(page)).toEqual(['VES-103', 'VES-104', 'VES-101', 'VES-102']);
    await page.getByRole('button', { name: 'Redo' }).click();
    expect(await gridIds(page)).toEqual(['VES-101', 'VES-102']);

    await page.getByRole('button', { name: 'Save' }).click();
    // Shown from 1 December, more than a day ahead, until the collection's next slice takes over: no
    // confirmation is asked, the consequence is said beside Save.
    await page.waitForURL(new RegExp(`#/collections/${collectionId}/slices/\\d+$`));
    const sliceId = Number(/slices\/(\d+)$/.exec(page.url())![1]);
    const saved = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;
    expect(saved.name).toBe('Edição rápida');
    expect(saved.products.map((p: { productId: string; position: number }) => [p.position, p.productId])).toEqual([
      [1, 'VES-101'],
      [2, 'VES-102'],
    ]);
  });

  it(`types ${TYPED_KEYS} keys in the name of a 500-product slice, measured in the page (the figures go to the log)`, async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, bigSlicePath, 'Quinhentas');
    await visible(page.locator('.product-grid').getByRole('listitem', { name: 'Peça 499' }));
    await page.waitForLoadState('networkidle');
    // Each key's main-thread cost: from its keydown until the task that handled it is done (React renders
    // the controlled field's change in that task), and the Event Timing API's longest event (with paint).
    await page.evaluate(`(() => {
      window.__keyCosts = [];
      window.__events = [];
      window.addEventListener('keydown', () => {
        const started = performance.now();
        setTimeout(() => window.__keyCosts.push(performance.now() - started), 0);
      }, true);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__events.push({ name: e.name, duration: e.duration, processing: e.processingEnd - e.processingStart });
      }).observe({ type: 'event', durationThreshold: 16, buffered: false });
    })()`);
    const name = page.getByLabel('Name', { exact: true });
    await name.click();
    await name.press('End');
    await page.evaluate('new Promise((done) => setTimeout(done, 100))');
    await page.evaluate('window.__keyCosts.length = 0; window.__events.length = 0');
    for (let i = 0; i < TYPED_KEYS; i++) await name.press(String.fromCharCode(97 + (i % 26)), { delay: 30 });
    await page.evaluate('new Promise((done) => setTimeout(done, 300))');
    const costs = await page.evaluate<number[]>('window.__keyCosts');
    const events = await page.evaluate<{ name: string; duration: number; processing: number }[]>('window.__events');
    expect(costs).toHaveLength(TYPED_KEYS);
    const sorted = [...costs].sort((a, b) => a - b);
    const figures = {
      keys: TYPED_KEYS,
      medianMs: Number(sorted[Math.floor(sorted.length / 2)]!.toFixed(1)),
      longestMs: Number(sorted.at(-1)!.toFixed(1)),
      eventsOver16ms: events.length,
      longestEventMs: events.length === 0 ? 0 : Math.max(...events.map((e) => e.duration)),
      longestHandlersMs: events.length === 0 ? 0 : Number(Math.max(...events.map((e) => e.processing)).toFixed(1)),
    };
    console.log(`typing in a 500-product slice's name: ${JSON.stringify(figures)}`);
    expect(await name.inputValue()).toBe(`Quinhentas${'abcdefghijklmnopqrst'.slice(0, TYPED_KEYS)}`);
  });
});
