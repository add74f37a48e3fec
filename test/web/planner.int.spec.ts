import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { resolve } from '../../src/composition/resolve.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import type { EventType } from '../../src/domain/events/shopper-event.js';
import { describeInBrowser, launchBrowser } from '../support/browser.js';
import { frames, open, screenshot, signIn, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { anEvent, at } from '../support/mothers.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';
const DAY = 86_400_000;
const LONG_NAME = 'Esquenta Dia das Mães — seleção especial';

/** The clock is 2026-11-21 09:00 in São Paulo (12:00 UTC); days below are São Paulo's midnights (03:00 UTC). */
describeInBrowser('the season planner (Chromium, São Paulo time)', () => {
  let server: TestServer;
  let browser: Browser;
  let verao: number;
  let natal: number;
  let week: number;

  const slice = async (collectionId: number, name: string, startsAt: string, endsAt: string, products: string[]) => {
    const answer = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name, type: 'MANUAL', startsAt, endsAt, products, filters: { brands: ['Trama'] } },
    });
    return answer.json.id as number;
  };
  const read = async (collectionId: number, sliceId: number) =>
    (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${sliceId}`)).json;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const products = ['A', 'B', 'C'].map((id) => ({ id: `PLAN-${id}`, name: `Vestido ${id}`, brand: 'Trama', price: 100 }));
    await server.request('POST', `${CATALOG}/batch`, { body: { products } });
    verao = (await server.request('POST', COLLECTIONS, { body: { name: 'Verão' } })).json.id;
    natal = (await server.request('POST', COLLECTIONS, { body: { name: 'Natal' } })).json.id;
    await slice(verao, 'Pré-verão', '2026-11-15T03:00:00.000Z', '2026-11-20T03:00:00.000Z', ['PLAN-C']);
    week = await slice(verao, 'Semana de ofertas', '2026-11-20T03:00:00.000Z', '2026-11-24T03:00:00.000Z', ['PLAN-A', 'PLAN-B']);
    await slice(natal, LONG_NAME, '2026-12-01T03:00:00.000Z', '2026-12-01T15:00:00.000Z', ['PLAN-C']);
    const events = (n: number, type: EventType, id: string, instant: string) =>
      Array.from({ length: n }, () => anEvent({ type, productId: `PLAN-${id}`, at: at(instant) }));
    await resolve(server.container, EventStoreToken).append([
      ...events(4, 'view', 'A', '2026-11-21T05:00:00.000Z'),
      ...events(2, 'add_to_cart', 'A', '2026-11-21T06:00:00.000Z'),
      ...events(1, 'purchase', 'B', '2026-11-21T07:00:00.000Z'),
    ]);
  });
  afterEach(async () => {
    for (const context of browser.contexts()) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const bar = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}:`) });
  const range = (page: Page) => page.locator('.scale-range').textContent();

  async function openPlanner(page: Page, zoom = 'Week', byLink = true): Promise<void> {
    if (byLink) {
      await page.getByRole('link', { name: 'Planner' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Planner' }));
    } else await open(page, '#/planner', 'Planner');
    await page.getByRole('button', { name: zoom, exact: true }).click();
    await visible(bar(page, 'Semana de ofertas'));
  }

  /** Drags with the mouse from the middle of `from` by `dx` pixels, in steps as a hand would. */
  async function dragBy(page: Page, from: Locator, dx: number): Promise<void> {
    const box = (await from.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 6 });
    await frames(page, 2);
    await page.mouse.move(x + dx, y, { steps: 6 });
    await frames(page, 2);
    await page.mouse.up();
  }
  const dayWidth = async (page: Page) => (await page.locator('.scale-track').boundingBox())!.width / 7;

  it('zooms and pans the scale: the stretch shown and the bars follow', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page, 'Month');
    expect(await range(page)).toBe('Showing Nov 18, 2026 to Dec 18, 2026');
    const monthWidth = (await bar(page, 'Semana de ofertas').boundingBox())!.width;
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await range(page)).toBe('Showing Nov 20, 2026 to Nov 26, 2026');
    const weekWidth = (await bar(page, 'Semana de ofertas').boundingBox())!.width;
    expect(weekWidth / monthWidth).toBeCloseTo(31 / 7, 1);
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    expect(await range(page)).toBe('Showing Nov 21, 2026 to Nov 21, 2026');
    await page.getByRole('button', { name: 'Later' }).click();
    expect(await range(page)).toBe('Showing Nov 22, 2026 to Nov 22, 2026');
    await page.getByRole('button', { name: 'Today' }).click();
    expect(await range(page)).toBe('Showing Nov 21, 2026 to Nov 21, 2026');
    await page.getByRole('button', { name: 'Quarter' }).click();
    expect(await range(page)).toBe('Showing Nov 14, 2026 to Feb 12, 2027');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Later' }).click();
    expect(await range(page)).toBe('Showing Nov 27, 2026 to Dec 3, 2026');
    await visible(bar(page, LONG_NAME));
    expect(await bar(page, 'Semana de ofertas').count()).toBe(0);
    await page.getByRole('button', { name: 'Earlier' }).click();
    expect(await range(page)).toBe('Showing Nov 20, 2026 to Nov 26, 2026');
    await visible(page.locator('.planner-now .now'));
    // What each collection serves now is written on its lane.
    await visible(page.getByRole('region', { name: 'Verão' }).getByText('Serving now: Semana de ofertas'));
    await visible(page.getByRole('region', { name: 'Natal' }).getByText('Serving nothing now'));
  });

  it("shows a name too long for its bar beside it, and the whole name in the bar's title and accessible name", async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page);
    await page.getByRole('button', { name: 'Later' }).click();
    const long = await visible(bar(page, LONG_NAME));
    expect(await long.getAttribute('title')).toContain(LONG_NAME);
    expect(await long.locator('.bar-name').count()).toBe(0);
    const beside = page.locator('.bar-beside', { hasText: LONG_NAME });
    await visible(beside);
    const [b, l] = [(await beside.boundingBox())!, (await long.boundingBox())!];
    expect(b.x >= l.x + l.width || b.x + b.width <= l.x, 'beside the bar, not over it').toBe(true);

    // On a phone there is less room beside the bar: the name ends in "…" at the lane's edge.
    await page.setViewportSize({ width: 390, height: 844 });
    const text = beside.locator('.bar-beside-text');
    await expect.poll(() => text.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await text.evaluate((e) => e.ownerDocument.defaultView?.getComputedStyle(e).textOverflow)).toBe('ellipsis');
    const track = (await page.locator('.lane-track', { has: long }).boundingBox())!;
    const shown = (await text.boundingBox())!;
    expect(shown.x >= track.x - 1 && shown.x + shown.width <= track.x + track.width + 1, 'within the lane').toBe(true);
  });

  it('drags a bar to move the slice after the consequence, and Cancel saves nothing', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page);
    const before = await read(verao, week);
    await dragBy(page, bar(page, 'Semana de ofertas'), await dayWidth(page));
    const dialog = await visible(page.getByRole('dialog', { name: 'New dates for “Semana de ofertas”' }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await read(verao, week)).toEqual(before);

    await dragBy(page, bar(page, 'Semana de ofertas'), await dayWidth(page));
    await (
      await visible(page.getByRole('dialog', { name: 'New dates for “Semana de ofertas”' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await visible(page.getByText('New dates saved for “Semana de ofertas”.'));
    const moved = await read(verao, week);
    expect([moved.startsAt, moved.endsAt]).toEqual(['2026-11-21T03:00:00.000Z', '2026-11-25T03:00:00.000Z']);
    expect(moved.products.map((p: { productId: string }) => p.productId)).toEqual(['PLAN-A', 'PLAN-B']);
    expect(moved.filters).toEqual(before.filters);
    const timeline = await server.request(
      'GET',
      `${COLLECTIONS}/${verao}/timeline?from=2026-11-20T03:00:00Z&to=2026-11-26T03:00:00Z`,
    );
    expect(timeline.json.segments.map((s: { sliceName?: string; from: string }) => [s.from, s.sliceName ?? null])).toEqual([
      ['2026-11-20T03:00:00.000Z', null],
      ['2026-11-21T03:00:00.000Z', 'Semana de ofertas'],
      ['2026-11-25T03:00:00.000Z', null],
    ]);

    // Its end dragged a day earlier: only the end changes.
    await dragBy(page, bar(page, 'Semana de ofertas').locator('[data-handle=end]'), -(await dayWidth(page)));
    await (
      await visible(page.getByRole('dialog', { name: 'New dates for “Semana de ofertas”' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(async () => (await read(verao, week)).endsAt).toBe('2026-11-24T03:00:00.000Z');
    expect((await read(verao, week)).startsAt).toBe('2026-11-21T03:00:00.000Z');
  });

  it('duplicates a slice to another collection, and its side panel shows the figures the API serves', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page);
    await bar(page, 'Semana de ofertas').click();
    const panel = await visible(page.getByRole('complementary', { name: 'Semana de ofertas' }));
    const served = (await server.request('GET', `${COLLECTIONS}/${verao}/slices/${week}/performance`)).json;
    const totals = panel.getByRole('table', { name: 'Totals' });
    await visible(totals);
    const cell = async (label: string) =>
      (await totals
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .first()
        .textContent())!;
    expect([await cell('Views'), await cell('Add-to-carts'), await cell('Purchases')]).toEqual(
      [served.totals.views, served.totals.addToCarts, served.totals.purchases].map(String),
    );
    expect(served.totals.views).toBeGreaterThan(0);
    expect(await panel.getByRole('link', { name: 'Open in the editor' }).getAttribute('href')).toBe(
      `#/collections/${verao}/slices/${week}`,
    );

    await panel.getByRole('button', { name: 'Duplicate' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Duplicate “Semana de ofertas”' }));
    await dialog.getByLabel('To collection').selectOption({ label: 'Natal' });
    await dialog.getByLabel('Starts').fill('2026-12-10T00:00');
    await dialog.getByRole('button', { name: 'Duplicate' }).click();
    await (
      await visible(page.getByRole('dialog', { name: 'Duplicate “Semana de ofertas”' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await visible(page.getByText('Copy of “Semana de ofertas” created.'));
    const source = await read(verao, week);
    const copies = (await server.request('GET', `${COLLECTIONS}/${natal}/slices`)).json.slices.filter(
      (s: { name: string }) => s.name === 'Semana de ofertas',
    );
    expect(copies).toHaveLength(1);
    const copy = await read(natal, copies[0].id);
    expect(copy.startsAt).toBe('2026-12-10T03:00:00.000Z');
    expect(Date.parse(copy.endsAt) - Date.parse(copy.startsAt)).toBe(Date.parse(source.endsAt) - Date.parse(source.startsAt));
    expect(copy.products.map((p: { productId: string }) => p.productId)).toEqual(
      source.products.map((p: { productId: string }) => p.productId),
    );
    expect(copy.filters).toEqual(source.filters);
  });

  it('changes dates from the keyboard through the side panel', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page);
    await bar(page, 'Semana de ofertas').focus();
    await page.keyboard.press('Enter');
    const panel = await visible(page.getByRole('complementary', { name: 'Semana de ofertas' }));
    await panel.getByRole('button', { name: 'Change dates' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Change the dates of “Semana de ofertas”' }));
    await dialog.getByLabel('Ends').fill('2026-11-26T00:00');
    await dialog.getByRole('button', { name: 'Change dates' }).click();
    await (
      await visible(page.getByRole('dialog', { name: 'New dates for “Semana de ofertas”' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(async () => (await read(verao, week)).endsAt).toBe('2026-11-26T03:00:00.000Z');
  });

  it('fits a 390 px phone without sideways scrolling, and a wide screen for the guide', async () => {
    const phone = await signIn(browser, server, ADMIN_SECRET);
    await phone.setViewportSize({ width: 390, height: 844 });
    await openPlanner(phone, 'Week', false);
    await frames(phone, 2);
    expect(await phone.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
    const box = (await bar(phone, 'Semana de ofertas').boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await bar(phone, 'Semana de ofertas').click();
    await visible(phone.getByRole('complementary', { name: 'Semana de ofertas' }));
    expect(await phone.evaluate<number>('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);

    const wide = await signIn(browser, server, ADMIN_SECRET);
    await wide.setViewportSize({ width: 1440, height: 900 });
    await openPlanner(wide, 'Month');
    await wide
      .getByRole('region', { name: 'Verão' })
      .getByRole('button', { name: /^Semana de ofertas:/ })
      .click();
    await visible(wide.getByRole('complementary', { name: 'Semana de ofertas' }).getByRole('table', { name: 'Totals' }));
    await screenshot(wide, 'planner');
  });

  it('shows a conflict when someone changed the slice since the planner read it, saves nothing and reloads', async () => {
    const page = await signIn(browser, server, ADMIN_SECRET);
    await openPlanner(page);
    const stored = await read(verao, week);
    const renamed = await server.request('PUT', `${COLLECTIONS}/${verao}/slices/${week}`, {
      headers: { 'If-Match': `"slice-${week}.${stored.version}"` },
      body: {
        name: 'Semana de ofertas (revista)',
        type: stored.type,
        startsAt: stored.startsAt,
        endsAt: stored.endsAt,
        filters: stored.filters,
        products: stored.products.map((p: { productId: string }) => p.productId),
      },
    });
    expect(renamed.status).toBe(200);
    await dragBy(page, bar(page, 'Semana de ofertas'), await dayWidth(page));
    await (
      await visible(page.getByRole('dialog', { name: 'New dates for “Semana de ofertas”' }))
    )
      .getByRole('button', { name: 'Confirm' })
      .click();
    await visible(page.getByText('Someone changed “Semana de ofertas” first', { exact: false }));
    const after = await read(verao, week);
    expect([after.startsAt, after.endsAt, after.version]).toEqual([stored.startsAt, stored.endsAt, stored.version + 1]);
    await visible(bar(page, 'Semana de ofertas \\(revista\\)'));
  });
});
