import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import type { EventType } from '../../src/domain/events/shopper-event.js';
import { describeInBrowser, launchBrowser } from '../support/browser.js';
import { open, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { anEvent, at } from '../support/mothers.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';

describeInBrowser('what a slice did, in the builder (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let collectionId: number;
  let sliceId: number;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const products = ['A', 'B', 'C', 'X'].map((id) => ({ id: `PERF-${id}`, name: `Vestido ${id}`, brand: 'Trama', price: 100 }));
    await server.request('POST', `${CATALOG}/batch`, { body: { products } });
    collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Verão' } })).json.id;
    const slice = async (name: string, startsAt: string, endsAt: string, ids: string[]) =>
      (
        await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
          body: { name, type: 'MANUAL', startsAt, endsAt, products: ids.map((id) => `PERF-${id}`) },
        })
      ).json.id as number;
    await slice('Antes', '2026-11-10T00:00:00.000Z', '2026-11-18T00:00:00.000Z', ['X']);
    sliceId = await slice('Semana', '2026-11-18T00:00:00.000Z', '2026-11-25T00:00:00.000Z', ['A', 'B', 'C']);
    const events = (n: number, type: EventType, id: string, instant: string) =>
      Array.from({ length: n }, () => anEvent({ type, productId: `PERF-${id}`, at: at(instant) }));
    await resolve(server.container, EventStoreToken).append([
      ...events(5, 'view', 'X', '2026-11-12T00:00:00.000Z'),
      ...events(1, 'purchase', 'X', '2026-11-12T01:00:00.000Z'),
      ...events(7, 'view', 'A', '2026-11-19T00:00:00.000Z'),
      ...events(2, 'add_to_cart', 'A', '2026-11-19T01:00:00.000Z'),
      ...events(1, 'purchase', 'A', '2026-11-19T02:00:00.000Z'),
      ...events(3, 'view', 'B', '2026-11-20T00:00:00.000Z'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens the Performance panel of a slice with events, its numbers those the API serves, and fits a phone', async () => {
    const served = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}/performance`)).json;
    expect(served.totals).toEqual({ views: 10, addToCarts: 2, purchases: 1 });
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}/slices/${sliceId}`, 'Semana');
    await page.getByRole('button', { name: 'Performance' }).click();
    const panel = await visible(page.getByRole('dialog', { name: 'Performance' }));
    const totals = panel.getByRole('table', { name: 'Totals' });
    const cells = (label: string) =>
      totals
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .allTextContents();
    expect(await cells('Views')).toEqual([String(served.totals.views), String(served.before.totals.views)]);
    expect(await cells('Add-to-carts')).toEqual([String(served.totals.addToCarts), String(served.before.totals.addToCarts)]);
    expect(await cells('Purchases')).toEqual([String(served.totals.purchases), String(served.before.totals.purchases)]);
    await visible(panel.getByText('Before it: “Antes”', { exact: false }));
    await visible(panel.getByText('#1 Vestido A: views 7, add-to-carts 2, purchases 1'));
    await visible(panel.getByRole('heading', { name: '1 product nobody viewed' }));
    await visible(panel.getByText('Vestido C', { exact: true }));

    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByText('Every product').click();
    await visible(panel.getByRole('table', { name: 'Every product' }));
    expect(await page.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(
      await panel.evaluate((dialog: { scrollWidth: number; clientWidth: number }) => dialog.scrollWidth - dialog.clientWidth),
    ).toBeLessThanOrEqual(0);
  });
});
