import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../support/browser.js';
import { gridIds, open, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CONSEQUENCE = 'This changes what the storefront serves';

describeInBrowser('nothing goes live unseen (demo data, São Paulo time, clock at 2026-11-21 09:00 there)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    for (const context of browser.contexts()) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function collectionWithLiveSlice(name: string): Promise<{ collectionId: number; liveId: number }> {
    const collectionId = (await server.request('POST', COLLECTIONS, { body: { name } })).json.id;
    const live = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'Presentes para mães', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['VES-001'] },
    });
    return { collectionId, liveId: live.json.id };
  }
  const slicesOf = async (collectionId: number) =>
    (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices`)).json.slices as { id: number; name: string }[];

  it('(a) asks before a new slice with no end replaces the live one in 2 hours: Cancel saves nothing, Confirm saves it', async () => {
    const { collectionId } = await collectionWithLiveSlice('Mães (a)');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}/slices/new`, 'New slice');
    expect(await page.getByLabel('Starts').inputValue()).toBe('');
    await page.getByLabel('Name', { exact: true }).fill('Dia das Mães');
    await page.getByLabel('Starts').fill('2026-11-21T11:00'); // 14:00 UTC: 2 hours after the clock
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: CONSEQUENCE }));
    await visible(dialog.getByText(/^From Nov 21, 2026, 11:00 AM, with no end, this slice replaces “Presentes para mães”\.$/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await slicesOf(collectionId)).map((s) => s.name)).toEqual(['Presentes para mães']);

    await page.getByRole('button', { name: 'Save' }).click();
    await (await visible(page.getByRole('dialog', { name: CONSEQUENCE }))).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/slices\/\d+$/);
    await visible(page.getByRole('status').getByText('this slice replaces “Presentes para mães”', { exact: false }));
    expect((await slicesOf(collectionId)).map((s) => s.name).sort()).toEqual(['Dia das Mães', 'Presentes para mães']);
    const served = await server.request('GET', `${COLLECTIONS}/${collectionId}?at=2026-11-21T14:00:00.000Z`);
    expect(served.json.sliceName).toBe('Dia das Mães');
    const before = await server.request('GET', `${COLLECTIONS}/${collectionId}?at=2026-11-21T13:59:59.999Z`);
    expect(before.json.sliceName).toBe('Presentes para mães');
  });

  it('(b) generating from seeds proposes in the editor, kept over a reload, and saves nothing until Save', async () => {
    const collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Sementes (b)' } })).json.id;
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Sementes (b)');
    await page.getByRole('button', { name: 'Generate from brief' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate from brief' });
    await dialog.getByLabel('Number of products').fill('4');
    await dialog.getByLabel('Or from seed products (ids, comma separated)').fill('VES-001');
    await dialog.getByRole('button', { name: 'Generate from seeds' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    expect(page.url()).toMatch(/slices\/new\?proposal=[0-9a-f]+$/);
    const proposal = await server.request('POST', `${COLLECTIONS}/proposals`, {
      body: { seeds: ['VES-001'], size: 4, includeSeeds: true },
    });
    const proposed = proposal.json.products.map((p: { id: string }) => p.id);
    expect(proposed).toHaveLength(4);
    await expect.poll(() => gridIds(page)).toEqual(proposed);
    expect(await slicesOf(collectionId)).toEqual([]);

    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    await expect.poll(() => gridIds(page)).toEqual(proposed);
    expect(await slicesOf(collectionId)).toEqual([]);

    await page.getByLabel('Starts').fill('2026-12-01T00:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await (await visible(page.getByRole('dialog', { name: CONSEQUENCE }))).getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/slices\/\d+$/);
    const [slice] = await slicesOf(collectionId);
    const stored = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${slice!.id}`)).json;
    expect(stored.products.map((p: { productId: string }) => p.productId)).toEqual(proposed);
  });

  it('(c) names a spreadsheet’s products not in the catalog on save, and their cards never say Active', async () => {
    const collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Planilha (c)' } })).json.id;
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Planilha (c)');
    await page.getByRole('button', { name: 'Upload spreadsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload spreadsheet' });
    expect(await dialog.getByLabel('Starts').inputValue()).toBe('');
    await dialog.getByLabel('Name').fill('Da planilha');
    await dialog.getByLabel('Starts').fill('2026-12-05T08:00');
    await dialog.getByLabel('Ends').fill('2026-12-10T08:00');
    const sheet = 'productId,position\nVES-002,1\nNAO-EXISTE-99,2\n';
    await dialog
      .getByLabel('Spreadsheet file (CSV or XLSX)')
      .setInputFiles({ name: 's.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await dialog.getByRole('button', { name: 'Upload spreadsheet' }).click();
    await page.waitForURL(/slices\/\d+$/); // in 2 weeks, with an end: shown, not asked
    await visible(page.getByRole('status').getByText(/not in the catalog.*: NAO-EXISTE-99$/));
    await visible(
      page
        .getByRole('status')
        .getByText(/From Dec 5, 2026, 8:00 AM to Dec 10, 2026, 8:00 AM this slice is shown where nothing was shown\./),
    );
    const card = page.getByRole('listitem', { name: 'NAO-EXISTE-99' });
    await visible(card.getByText('Not in the catalog', { exact: true }));
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    const [slice] = await slicesOf(collectionId);
    const stored = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${slice!.id}`)).json;
    expect(stored.products.map((p: { productId: string }) => p.productId)).toEqual(['VES-002', 'NAO-EXISTE-99']);
  });

  it('(d) history names the product moved, View shows a version, and a restore is confirmed', async () => {
    const collectionId = (await server.request('POST', COLLECTIONS, { body: { name: 'Histórico (d)' } })).json.id;
    const body = { name: 'Ordem', type: 'MANUAL', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z' };
    const created = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { ...body, products: ['VES-001', 'VES-002', 'SAN-002'] },
    });
    const path = `${COLLECTIONS}/${collectionId}/slices/${created.json.id}`;
    await server.request('PUT', path, { body: { ...body, products: ['VES-002', 'SAN-002', 'VES-001'] } });
    const name = async (id: string) => (await server.request('GET', `/api/v1/products/protected/catalog/${id}`)).json.name;
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}/slices/${created.json.id}`, 'Ordem');
    await page.getByRole('button', { name: 'History' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'History' }));
    const second = history.getByRole('listitem').filter({ hasText: 'Version 2' }).first();
    await visible(second.getByText(`Moved: ${await name('VES-001')} (1 → 3)`));
    const first = history.getByRole('listitem').filter({ hasText: 'Version 1' }).first();
    await first.getByRole('button', { name: 'View' }).click();
    const content = await visible(first.locator('.version-content li'));
    await expect
      .poll(() => content.allTextContents())
      .toEqual([await name('VES-001'), await name('VES-002'), await name('SAN-002')]);
    await first.getByRole('button', { name: 'Restore this version' }).click();
    const restoring = await visible(page.getByRole('dialog', { name: 'Restore version 1?' }));
    await restoring.getByRole('button', { name: 'Cancel' }).click();
    expect((await server.request('GET', path)).json.version).toBe(2);
    await first.getByRole('button', { name: 'Restore this version' }).click();
    await (
      await visible(page.getByRole('dialog', { name: 'Restore version 1?' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await visible(page.getByRole('status').getByText('Version 1 restored.'));
    const restored = (await server.request('GET', path)).json;
    expect(restored.version).toBe(3);
    expect(restored.products.map((p: { productId: string }) => p.productId)).toEqual(['VES-001', 'VES-002', 'SAN-002']);
  });

  it('(e) asks before leaving the editor with unsaved edits; Cancel keeps them', async () => {
    const { collectionId, liveId } = await collectionWithLiveSlice('Sair (e)');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}/slices/${liveId}`, 'Presentes para mães');
    await page.getByLabel('Name', { exact: true }).fill('Presentes, editado');
    await page.getByRole('link', { name: /Calendar/ }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Leave without saving?' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toMatch(new RegExp(`#/collections/${collectionId}/slices/${liveId}$`));
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Presentes, editado');
    // The browser's Back button asks too; Cancel stays on the editor, edits and address kept.
    await page.goBack();
    await (
      await visible(page.getByRole('dialog', { name: 'Leave without saving?' }))
    )
      .getByRole('button', { name: 'Cancel' })
      .click();
    expect(page.url()).toMatch(new RegExp(`#/collections/${collectionId}/slices/${liveId}$`));
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Presentes, editado');
    await page.getByRole('link', { name: /Calendar/ }).click();
    await (
      await visible(page.getByRole('dialog', { name: 'Leave without saving?' }))
    )
      .getByRole('button', { name: 'Leave' })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Sair (e)' }));
    expect((await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${liveId}`)).json.name).toBe(
      'Presentes para mães',
    );
  });

  it('(f) deleting a slice names what is served instead; Cancel keeps it, Confirm deletes it', async () => {
    const { collectionId, liveId } = await collectionWithLiveSlice('Apagar (f)');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Apagar (f)');
    await page.getByRole('button', { name: 'Delete Presentes para mães' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete Presentes para mães' }));
    await visible(dialog.getByText(/^From Nov 21, 2026, 9:00 AM, with no end, nothing is shown instead of this slice\.$/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await slicesOf(collectionId)).map((s) => s.id)).toEqual([liveId]);
    await page.getByRole('button', { name: 'Delete Presentes para mães' }).click();
    await (
      await visible(page.getByRole('dialog', { name: 'Delete Presentes para mães' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(() => slicesOf(collectionId)).toEqual([]);
  });
});
