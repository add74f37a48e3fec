import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../support/browser.js';
import { expectAccessible, open, screenshot, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';

describeInBrowser('a slice filled by rules, in the builder (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The products a list of the editor shows, in order: each line's product id, with `*` when pinned. */
  async function listed(page: Page, name: string): Promise<string[]> {
    const items = page.getByRole('list', { name, exact: true }).getByRole('listitem');
    return (await items.allTextContents()).map((text) => {
      const id = /SKU ([\w-]+)/.exec(text)?.[1] ?? text;
      return text.includes('Pinned') ? `${id}*` : id;
    });
  }

  it('makes a slice of best sellers with two pins, previewed, confirmed, then served with the pins at their positions', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, '#/collections/1', /.+/);
    await page.getByRole('button', { name: 'Fill a slice by rules' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    expect(await page.getByLabel('Type').inputValue()).toBe('RULES');
    await page.getByLabel('Name', { exact: true }).fill('Vestidos mais vendidos');
    await page.getByLabel('Starts').fill('2026-11-21T12:00');
    await page.getByRole('checkbox', { name: 'No end' }).uncheck();
    await page.getByLabel('Ends').fill('2026-11-28T12:00');
    await page.getByLabel('Categories to include').selectOption(['vestidos']);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('bestSelling');
    await page.getByLabel('Days of events counted').fill('30');
    await page.getByLabel('Most products').fill('8');

    // Two products pinned from the search: the first at 1, the second moved to 3.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('saia');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    const adds = await visible(page.getByRole('button', { name: /^Add / }));
    const pinnedNames: string[] = [];
    for (let i = 0; i < 2; i++) {
      pinnedNames.push((await adds.nth(i).textContent())!.trim().replace(/^\+?Add /, ''));
      await adds.nth(i).click();
    }
    await page.getByLabel(`Position of ${pinnedNames[1]}`).fill('3');

    // The live preview: what the rules would hold now, the two pins at 1 and 3.
    const preview = 'What the rules would hold now';
    await expect.poll(async () => (await listed(page, preview)).length, { timeout: 10_000 }).toBe(8);
    await expect
      .poll(async () => (await listed(page, preview)).filter((id) => id.endsWith('*')).map((id, i) => [id, i]))
      .toHaveLength(2);
    const previewed = await listed(page, preview);
    expect(previewed[0]).toMatch(/\*$/);
    expect(previewed[2]).toMatch(/\*$/);
    const answered = (
      await server.request('POST', `${COLLECTIONS}/1/slices/rules/preview`, {
        body: {
          rules: {
            conditions: { categories: ['vestidos'], availableOnly: true },
            sort: 'bestSelling',
            windowDays: 30,
            pins: [
              { productId: previewed[0]!.slice(0, -1), position: 1 },
              { productId: previewed[2]!.slice(0, -1), position: 3 },
            ],
            size: 8,
          },
        },
      })
    ).json;
    expect(previewed).toEqual(
      answered.products.map((p: { productId: string; pinned: boolean }) => p.productId + (p.pinned ? '*' : '')),
    );
    await expectAccessible(page, 'the rule slice editor');

    // Saved: the storefront changes within 24 hours of the service's clock, so the builder asks to confirm.
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('dialog', { name: 'This changes what the storefront serves' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await page.waitForURL(/#\/collections\/1\/slices\/\d+$/);
    const sliceId = Number(/slices\/(\d+)$/.exec(page.url())![1]);
    await visible(page.getByText(/^Made by the rules /));
    await expect.poll(() => listed(page, 'What the saved rules hold')).toEqual(previewed);
    await screenshot(page, 'rule-slice');

    // What the storefront is served at the slice's start: the rule-made list, the pins at 1 and 3.
    const slice = (await server.request('GET', `${COLLECTIONS}/1/slices/${sliceId}`)).json;
    expect(slice).toMatchObject({ type: 'RULES', rules: { sort: 'bestSelling', size: 8 } });
    const served = await server.request('GET', `${COLLECTIONS}/1?at=${encodeURIComponent(slice.startsAt)}`);
    expect(served.status).toBe(200);
    expect(served.json.sliceId).toBe(sliceId);
    expect(served.json.products.map((p: { productId: string }) => p.productId)).toEqual(
      previewed.map((id) => id.replace(/\*$/, '')),
    );
    expect(served.json.products[0].position).toBe(1);
    expect(served.json.products[2].position).toBe(3);
  });
});
