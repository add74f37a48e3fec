import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, merchandiserPage } from '../support/browser.js';
import { drag, expectAccessible, nextTask, tabTo, gridIds, open, screenshot, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';

describeInBrowser('the builder, in a real browser (demo data, São Paulo time, clock at T0)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    browser = await launchBrowser();
  });
  afterEach(async (test) => {
    // Each journey's tabs go; a failed journey leaves a picture of every tab for whoever reads the failure.
    const failed = test.task.result?.state === 'fail';
    for (const [i, context] of browser.contexts().entries()) {
      if (failed && process.env.BUILDER_FAILURE_SHOTS) {
        for (const page of context.pages())
          await page.screenshot({ path: `${process.env.BUILDER_FAILURE_SHOTS}/${test.task.name.slice(0, 30)}-${i}.png` });
      }
      await context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function collectionNamed(name: string): Promise<{ id: number; sliceCount: number }> {
    const page = (await server.request('GET', `${COLLECTIONS}?name=${encodeURIComponent(name)}`)).json;
    return page.collections.find((c: { name: string }) => c.name === name);
  }

  async function newCollection(name: string): Promise<number> {
    return (await server.request('POST', COLLECTIONS, { body: { name, description: `${name}, made by a test` } })).json.id;
  }

  /** A slice built in the editor: name, window (São Paulo wall time), products found by a search. */
  async function buildSlice(
    page: Page,
    collectionId: number,
    slice: { name: string; starts: string; ends?: string; search: string; count: number },
  ) {
    await open(page, `#/collections/${collectionId}`, /.+/);
    await page.getByRole('button', { name: 'New slice' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    await page.getByLabel('Name', { exact: true }).fill(slice.name);
    await page.getByLabel('Starts').fill(slice.starts);
    if (slice.ends !== undefined) {
      await page.getByRole('checkbox', { name: 'No end' }).uncheck();
      await page.getByLabel('Ends').fill(slice.ends);
    }
    // Results appear as the merchandiser types; Enter asks at once.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(slice.search);
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    const adds = await visible(page.getByRole('button', { name: /^Add / }));
    const names: string[] = [];
    for (let i = 0; i < slice.count; i++) {
      const add = adds.nth(i);
      names.push((await add.textContent())!.trim().replace(/^\+?Add /, ''));
      await add.click();
    }
    return names;
  }

  /** Saves a new slice, confirming what it changes in the storefront when the builder asks (within 24 h or no end). */
  async function saved(page: Page, collectionId: number): Promise<number> {
    const url = new RegExp(`#/collections/${collectionId}/slices/\\d+$`);
    const confirm = page
      .getByRole('dialog', { name: 'This changes what the storefront serves' })
      .getByRole('button', { name: 'Confirm' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => url.test(page.url()) || (await confirm.isVisible()), { timeout: 10_000 }).toBe(true);
    if (await confirm.isVisible()) await confirm.click();
    await page.waitForURL(url);
    return Number(/slices\/(\d+)$/.exec(page.url())![1]);
  }

  it('takes a merchandiser through the whole manual flow with the keyboard alone', async () => {
    const { page } = await merchandiserPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await tabTo(page, 'App token');
    await page.keyboard.type(ADMIN_SECRET);
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Collections' }));
    await tabTo(page, 'New collection');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog', { name: 'New collection' }));
    await tabTo(page, 'Name');
    await page.keyboard.type('Só teclado');
    await tabTo(page, 'Create');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Só teclado');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'Só teclado' }));
    await tabTo(page, 'New slice');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    await tabTo(page, 'Name');
    await page.keyboard.type('Sandálias, pelo teclado');
    // No start date is chosen for the merchandiser: typed as the builder shows dates in English.
    await tabTo(page, 'Starts');
    await page.keyboard.type('2026-12-01 10:00');
    await tabTo(page, 'Search products');
    await page.keyboard.type('sandalia');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: /^Add / }));
    const first = (await tabTo(page, /^Add /)).slice('Add '.length);
    await page.keyboard.press('Enter');
    const second = (await tabTo(page, /^Add /)).slice('Add '.length);
    await page.keyboard.press('Enter');
    await tabTo(page, `Drag ${second} to reorder`);
    await page.keyboard.press('Space');
    await nextTask(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByText(`${second} → 1`).count()).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await tabTo(page, 'Save');
    await page.keyboard.press('Enter');
    // No end: the builder asks first, naming what the storefront will serve.
    await visible(page.getByRole('dialog', { name: 'This changes what the storefront serves' }));
    await tabTo(page, 'Confirm');
    await page.keyboard.press('Enter');
    await page.waitForURL(/slices\/\d+$/);

    const collection = await collectionNamed('Só teclado');
    const sliceId = Number(/slices\/(\d+)$/.exec(page.url())![1]);
    const slice = (await server.request('GET', `${COLLECTIONS}/${collection.id}/slices/${sliceId}`)).json;
    const names = await Promise.all(
      slice.products.map(
        async (p: { productId: string }) =>
          (await server.request('GET', `/api/v1/products/protected/catalog/${p.productId}`)).json.name,
      ),
    );
    expect({ name: slice.name, names }).toEqual({ name: 'Sandálias, pelo teclado', names: [second, first] });
  });

  it('signs in with a token kept in sessionStorage only, shows who is signed in, and the collections', async () => {
    const { page } = await merchandiserPage(browser);
    await page.goto(`${server.baseUrl}/`);
    await expectAccessible(page, 'sign-in');
    await screenshot(page, 'sign-in');
    await page.getByLabel('App token').fill('vtr_not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('This token was not accepted'));
    await page.getByLabel('App token').fill(ADMIN_SECRET);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByText('Signed in as bootstrap-admin'));
    const kept = await page.evaluate<{ session: string | null; local: string; cookie: string; url: string }>(
      `({ session: sessionStorage.getItem('vitrine.token'), local: JSON.stringify(localStorage), cookie: document.cookie, url: location.href })`,
    );
    expect(kept.session).toBe(ADMIN_SECRET);
    expect([kept.cookie, kept.local.includes(ADMIN_SECRET), kept.url.includes(ADMIN_SECRET)]).toEqual(['', false, false]);
    const row = page.getByRole('row', { name: /Verão 2027/ });
    await visible(row.getByText('Verão — destaque do fim de semana'));
    await visible(page.getByRole('row', { name: /Liquida Inverno/ }).getByText('Nothing live'));
    await expectAccessible(page, 'collections');
    await screenshot(page, 'collections');
  });

  it('creates, renames and deletes a collection, the deletion confirmed by name', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByLabel('Name').fill('Dia das Mães');
    await dialog.getByLabel('Description').fill('Presentes para maio');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('link', { name: 'Dia das Mães' }));
    expect(await collectionNamed('Dia das Mães')).toMatchObject({ description: 'Presentes para maio', sliceCount: 0 });

    await page.getByRole('button', { name: 'Rename Dia das Mães' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Dia das Mães 2027');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('link', { name: 'Dia das Mães 2027' }));
    expect(await collectionNamed('Dia das Mães 2027')).toBeDefined();

    await page.getByRole('button', { name: 'Delete Dia das Mães 2027' }).click();
    await visible(page.getByText('Delete the collection “Dia das Mães 2027” and its 0 slices?'));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'Dia das Mães 2027' }).waitFor({ state: 'detached' });
    expect(await collectionNamed('Dia das Mães 2027')).toBeUndefined();
  });

  it('builds a slice by search, add, drag-and-drop and keyboard reorder, and saves it in UTC', async () => {
    const collectionId = await newCollection('Festa de fim de ano');
    const page = await signIn(browser, server, ADMIN_SECRET);
    const names = await buildSlice(page, collectionId, {
      name: 'Vestidos de festa',
      starts: '2026-12-01 09:00',
      ends: '2026-12-31 23:00',
      search: 'vestido linho',
      count: 3,
    });
    await visible(page.getByText('3 products (at most 500)'));
    const [a, b, c] = await gridIds(page);
    // The third card dragged onto the first: C A B.
    await drag(
      page,
      page.getByRole('button', { name: `Drag ${names[2]} to reorder` }),
      page.getByRole('listitem', { name: names[0] }),
    );
    await expect.poll(() => gridIds(page)).toEqual([c, a, b]);
    // By keyboard: A picked up with Space, moved right, dropped with Space: C B A.
    const handle = page.getByRole('button', { name: `Drag ${names[0]} to reorder` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await nextTask(page); // the sensor listens for the arrows from the next task on
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByText(`${names[0]} → 3`).count()).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await expect.poll(() => gridIds(page)).toEqual([c, b, a]);
    // And by the cards' own buttons.
    await page.getByRole('button', { name: `Move ${names[1]} up` }).click();
    await expect.poll(() => gridIds(page)).toEqual([b, c, a]);
    await expectAccessible(page, 'slice editor');
    await screenshot(page, 'slice-editor');

    const sliceId = await saved(page, collectionId);
    const slice = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;
    expect(slice).toMatchObject({
      name: 'Vestidos de festa',
      type: 'MANUAL',
      startsAt: '2026-12-01T12:00:00.000Z',
      endsAt: '2027-01-01T02:00:00.000Z',
      products: [
        { productId: b, position: 1 },
        { productId: c, position: 2 },
        { productId: a, position: 3 },
      ],
    });
  });

  it("shows a product's image when it has an imageUrl, a placeholder otherwise, and why a product is inactive", async () => {
    const imageUrl = `${server.baseUrl}/pictures/vestido-azul.jpg`;
    const product = {
      name: 'Vestido Azul com Foto',
      category: 'vestidos',
      brand: 'Aurora',
      price: 199.9,
      available: false,
      tags: [],
      attributes: {},
      imageUrl,
    };
    expect((await server.request('PUT', '/api/v1/products/protected/catalog/FOTO-1', { body: product })).status).toBe(201);
    const collectionId = await newCollection('Fotos');
    const created = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: {
        name: 'Com e sem foto',
        type: 'MANUAL',
        startsAt: '2026-11-01T00:00:00.000Z',
        filters: { availableOnly: true },
        products: ['FOTO-1', 'VES-001'],
      },
    });
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}/slices/${created.json.id}`, 'Com e sem foto');
    const photo = page.getByRole('listitem', { name: 'Vestido Azul com Foto' });
    expect(await (await visible(photo.getByRole('img', { name: 'Vestido Azul com Foto' }))).getAttribute('src')).toBe(imageUrl);
    await visible(photo.getByText('Inactive: not available'));
    const served = (await server.request('GET', `${COLLECTIONS}/${collectionId}`)).json.products;
    expect(served.map((p: { productId: string; active: boolean }) => [p.productId, p.active])).toEqual([
      ['FOTO-1', false],
      ['VES-001', true],
    ]);
    const plain = page.locator('.product-grid > li').nth(1);
    await visible(plain.getByRole('img', { name: 'No image' }));
    await visible(plain.getByText('Active', { exact: true }));
  });

  it('flags overlapping slices on the calendar with the contract’s advice, and marks the one served now', async () => {
    const collectionId = await newCollection('Black Friday');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await buildSlice(page, collectionId, {
      name: 'Esquenta',
      starts: '2026-11-20 00:00',
      ends: '2026-11-28 00:00',
      search: 'bolsa',
      count: 1,
    });
    await saved(page, collectionId);
    await buildSlice(page, collectionId, {
      name: 'Black Friday — dia',
      starts: '2026-11-27 00:00',
      ends: '2026-11-29 00:00',
      search: 'tenis',
      count: 1,
    });
    await saved(page, collectionId);

    await open(page, `#/collections/${collectionId}`, 'Black Friday');
    await visible(page.getByText('Times in America/Sao_Paulo'));
    const list = page.getByRole('table', { name: 'List' });
    await visible(list.getByRole('row', { name: /Esquenta/ }).getByText('Overlaps with “Black Friday — dia”'));
    await visible(list.getByRole('row', { name: /Black Friday — dia/ }).getByText('Avoid more than one active slice at a time'));
    await visible(list.getByRole('row', { name: /Esquenta/ }).getByText('Served now'));
    await visible(page.getByRole('link', { name: /^Esquenta\W+Active\W.*Served now/ }));
    await visible(page.getByRole('link', { name: /^Black Friday — dia\W+Scheduled/ }));
    await expectAccessible(page, 'calendar');
    await screenshot(page, 'calendar');

    const slices = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices`)).json.slices;
    expect(slices.map((s: { name: string; overlapsWith: number[] }) => [s.name, s.overlapsWith.length])).toEqual([
      ['Esquenta', 1],
      ['Black Friday — dia', 1],
    ]);
    expect((await server.request('GET', `${COLLECTIONS}/${collectionId}`)).json.sliceName).toBe('Esquenta');
  });

  it('previews what the API would serve at a chosen instant', async () => {
    const verao = await collectionNamed('Verão 2027');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${verao.id}`, 'Verão 2027');
    await page.getByLabel('Preview at').fill('2026-11-30 10:00');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const served = (await server.request('GET', `${COLLECTIONS}/${verao.id}?at=2026-11-30T13:00:00.000Z`)).json;
    await visible(page.getByRole('status').getByText(`the API serves “${served.sliceName}”`));
    const rows = page.getByRole('table', { name: served.sliceName }).getByRole('row');
    expect(await rows.count()).toBe(served.products.length + 1);
    await expectAccessible(page, 'preview');
    await screenshot(page, 'preview');
  });

  it('uploads a spreadsheet: bad rows listed by number with their reason and nothing saved, then the fixed sheet', async () => {
    const collectionId = await newCollection('Planilhas');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Planilhas');
    await page.getByRole('button', { name: 'Upload spreadsheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload spreadsheet' });
    await dialog.getByLabel('Name').fill('Da planilha');
    await dialog.getByLabel('Starts').fill('2026-12-05 08:00');
    const file = dialog.getByLabel('Spreadsheet file (CSV or XLSX)');
    const bad = 'productId,position\nVES-001,1\n,2\nVES-001,3\nSAN-002,x\n';
    await file.setInputFiles({ name: 'slice.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await dialog.getByRole('button', { name: 'Upload spreadsheet' }).click();
    await (
      await visible(
        page.getByRole('dialog', { name: 'This changes what the storefront serves' }).getByRole('button', { name: 'Confirm' }),
      )
    ).click();
    const problems = await visible(dialog.getByRole('alert'));
    await visible(problems.getByText(/nothing was saved/));
    for (const row of ['3', '4', '5']) await visible(problems.getByRole('cell', { name: row, exact: true }));
    await visible(problems.getByText(/duplicates row 2/));
    await expectAccessible(page, 'spreadsheet dialog with errors');
    await screenshot(page, 'spreadsheet-errors');
    expect((await collectionNamed('Planilhas')).sliceCount).toBe(0);

    const good = 'productId,position\nVES-001,2\nBOL-003,1\nSAN-002,3\n';
    await file.setInputFiles({ name: 'slice.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await dialog.getByRole('button', { name: 'Upload spreadsheet' }).click();
    await (
      await visible(
        page.getByRole('dialog', { name: 'This changes what the storefront serves' }).getByRole('button', { name: 'Confirm' }),
      )
    ).click();
    await page.waitForURL(/slices\/\d+$/);
    const sliceId = Number(/slices\/(\d+)$/.exec(page.url())![1]);
    const slice = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;
    expect(slice).toMatchObject({ name: 'Da planilha', type: 'SPREADSHEET', startsAt: '2026-12-05T11:00:00.000Z' });
    expect(slice.products.map((p: { productId: string }) => p.productId)).toEqual(['BOL-003', 'VES-001', 'SAN-002']);
  });

  it('generates a proposal from a text brief, edited in the grid before it is saved', async () => {
    const collectionId = await newCollection('Casamentos');
    const page = await signIn(browser, server, ADMIN_SECRET);
    await open(page, `#/collections/${collectionId}`, 'Casamentos');
    await page.getByRole('button', { name: 'Generate from brief' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate from brief' });
    const brief = 'vestidos leves para casamento de dia até R$ 400';
    await dialog.getByLabel('Brief').fill(brief);
    await dialog.getByLabel('Number of products').fill('6');
    await expectAccessible(page, 'brief dialog');
    await dialog.getByRole('button', { name: 'Generate from brief' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'New slice' }));
    const proposal = (await server.request('POST', `${COLLECTIONS}/proposals`, { body: { brief, size: 6 } })).json;
    const proposed = proposal.products.map((p: { id: string }) => p.id);
    expect(proposed.length).toBeGreaterThan(0);
    expect(proposal.products.every((p: { price: number; category: string }) => p.price <= 400 && p.category === 'vestidos')).toBe(
      true,
    );
    await expect.poll(() => gridIds(page)).toEqual(proposed);
    await screenshot(page, 'brief-proposal');
    // The merchandiser drops the last proposal before saving.
    const last = page.getByRole('listitem', { name: proposal.products.at(-1).name });
    await last.getByRole('button', { name: /^Remove / }).click();
    await page.getByLabel('Name', { exact: true }).fill('Madrinhas');
    await page.getByLabel('Starts').fill('2026-12-10T00:00');
    const sliceId = await saved(page, collectionId);
    const slice = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;
    expect(slice.products.map((p: { productId: string }) => p.productId)).toEqual(proposed.slice(0, -1));
  });

  it('answers a 412 between two tabs with who changed the slice and when, then overwrites; and restores an old version', async () => {
    const collectionId = await newCollection('Conflitos');
    const created = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'Original', type: 'MANUAL', startsAt: '2026-12-01T12:00:00.000Z', products: ['VES-001', 'VES-002'] },
    });
    const sliceId = created.json.id;
    const other = await server.tokenWith(['collections:read', 'collections:write', 'products:read']);
    const mine = await signIn(browser, server, ADMIN_SECRET);
    const theirs = await signIn(browser, server, other);
    for (const tab of [mine, theirs]) await open(tab, `#/collections/${collectionId}/slices/${sliceId}`, 'Original');

    await theirs.getByLabel('Name', { exact: true }).fill('Theirs');
    await theirs.getByRole('button', { name: 'Save' }).click();
    await visible(theirs.getByRole('status').getByText('Saved.'));

    await mine.getByLabel('Name', { exact: true }).fill('Mine');
    await mine.getByRole('button', { name: 'Save' }).click();
    const conflict = await visible(mine.getByRole('dialog', { name: 'Someone else changed this slice' }));
    const stored = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;
    expect(stored.name).toBe('Theirs');
    await visible(conflict.getByText(`${stored.updatedBy} saved a newer version at`));
    await expectAccessible(mine, 'conflict dialog');
    await screenshot(mine, 'conflict');
    await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
    await visible(mine.getByRole('status').getByText('Saved.'));
    expect((await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json).toMatchObject({
      name: 'Mine',
      version: 3,
    });

    await mine.getByRole('button', { name: 'History' }).click();
    const history = await visible(mine.getByRole('dialog', { name: 'History' }));
    const first = history.getByRole('listitem').filter({ hasText: 'Version 1' });
    await visible(first);
    await expectAccessible(mine, 'history');
    await screenshot(mine, 'history');
    await first.getByRole('button', { name: 'Restore this version' }).click();
    const restoring = await visible(mine.getByRole('dialog', { name: 'Restore version 1?' }));
    await restoring.getByRole('button', { name: 'Confirm' }).click();
    await visible(mine.getByRole('status').getByText('Version 1 restored.'));
    expect((await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json).toMatchObject({
      name: 'Original',
      version: 4,
    });
  });

  it('shows a read-only token everything and no write control', async () => {
    const reader = await server.tokenWith(['collections:read', 'products:read']);
    const verao = await collectionNamed('Verão 2027');
    const page = await signIn(browser, server, reader);
    await visible(page.getByText('Read only: this token cannot change collections.'));
    expect((await server.request('GET', '/api/v1/admin/protected/tokens/self', { token: reader })).json.scopes).toEqual([
      'collections:read',
      'products:read',
    ]);
    const writes =
      /^(New collection|New slice|Save|Upload spreadsheet|Generate from brief|Rename|Delete|Restore this version|Add |Remove )/;
    expect(await page.getByRole('button', { name: writes }).count()).toBe(0);
    await open(page, `#/collections/${verao.id}`, 'Verão 2027');
    expect(await page.getByRole('button', { name: writes }).count()).toBe(0);
    await page.getByRole('link', { name: 'Verão — seleção principal', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Verão — seleção principal' }));
    expect(await page.getByRole('button', { name: writes }).count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'History' }).click();
    await visible(page.getByRole('dialog', { name: 'History' }).getByText('Version 1'));
    expect(await page.getByRole('button', { name: writes }).count()).toBe(0);
  });

  it('returns to sign-in with a clear message when the token stops working', async () => {
    const token = await server.tokenWith(['collections:read', 'products:read']);
    const page = await signIn(browser, server, token);
    await visible(page.getByRole('link', { name: 'Verão 2027' }));
    // Every request of the page answered before the token goes: the next one is the click's.
    await page.waitForLoadState('networkidle');
    const self = (await server.request('GET', '/api/v1/admin/protected/tokens/self', { token })).json;
    expect((await server.request('DELETE', `/api/v1/admin/protected/tokens/${self.id}`)).status).toBe(204);
    await page.getByRole('link', { name: 'Verão 2027' }).click();
    await visible(page.getByText('Your session ended or the token is no longer valid. Sign in again.'));
    await visible(page.getByLabel('App token'));
    expect(await page.evaluate(`sessionStorage.getItem('vitrine.token')`)).toBeNull();
  });

  it('speaks Brazilian Portuguese to a Portuguese browser, and English when switched', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET, 'pt-BR');
    await visible(page.getByRole('heading', { level: 1, name: 'Coleções' }));
    await visible(page.getByRole('button', { name: 'Nova coleção' }));
    await visible(page.getByRole('row', { name: /Liquida Inverno/ }).getByText('Nada no ar'));
    await expectAccessible(page, 'collections in Portuguese');
    await page.getByLabel('Idioma').selectOption('en');
    await visible(page.getByRole('heading', { level: 1, name: 'Collections' }));
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
  });
});
