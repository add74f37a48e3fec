import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { describeInBrowser, launchBrowser, SCREENSHOTS } from '../support/browser.js';
import { open, screenshot, visible } from '../support/builder-pages.js';
import { ADMIN_SECRET, startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';

const COLLECTIONS = '/api/v1/merchandising-collections/protected';
const CATALOG = '/api/v1/products/protected/catalog';
const SIZE = 500;
const ids = Array.from({ length: SIZE }, (_, i) => `CELULAR-${String(i).padStart(3, '0')}`);
const PHONE = { width: 390, height: 844 };

describeInBrowser('the builder on a phone (390×844, pt-BR): every screen fits, Save in reach, dates typed dd/mm/aaaa', () => {
  let server: TestServer;
  let browser: Browser;
  let collectionId: number;
  let sliceId: number;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_DATA: 'true' } });
    browser = await launchBrowser();
    const products = ids.map((id, i) => ({
      id,
      name: `Vestido longo estampado número ${i}`,
      brand: 'Trama',
      price: 100 + i,
      category: 'vestidos',
    }));
    expect((await server.request('POST', `${CATALOG}/batch`, { body: { products } })).json.created).toBe(SIZE);
    collectionId = (
      await server.request('POST', COLLECTIONS, { body: { name: 'Dia das Mães 2027', description: 'Presentes para mães' } })
    ).json.id;
    const slice = await server.request('POST', `${COLLECTIONS}/${collectionId}/slices`, {
      body: { name: 'Quinhentos vestidos', type: 'MANUAL', startsAt: '2026-11-01T00:00:00.000Z', products: ids },
    });
    expect(slice.status).toBe(201);
    sliceId = slice.json.id;
  });
  afterEach(async () => {
    for (const context of browser.contexts()) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A phone in Portuguese, São Paulo's zone, opened at `fragment` before signing in; every API request it sends is kept. */
  async function phone(fragment = '', token = ADMIN_SECRET): Promise<{ page: Page; requests: Request[] }> {
    const context = await browser.newContext({
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: PHONE,
      hasTouch: true,
    });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    await page.clock.setFixedTime(T0);
    const requests: Request[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r);
    });
    await page.goto(`${server.baseUrl}/${fragment}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Entrar' }));
    expect(await widthOf(page), 'sign-in').toBeLessThanOrEqual(PHONE.width);
    await page.getByLabel('Token do aplicativo').fill(token);
    await page.getByRole('button', { name: 'Entrar' }).click();
    return { page, requests };
  }

  const widthOf = (page: Page) => page.evaluate<number>('document.scrollingElement.scrollWidth');

  it('fits every screen in 390 px, with a one-row header and touch targets of 44 px', async () => {
    const { page } = await phone();
    await visible(page.getByRole('heading', { level: 1, name: 'Coleções' }));
    const widths: Record<string, number> = {};
    widths.collections = await widthOf(page);
    const header = (await page.locator('header.top').boundingBox())!;
    expect(header.height, 'the header is one row').toBeLessThanOrEqual(64);
    const search = page.getByRole('searchbox', { name: 'Buscar coleções pelo nome' });
    // The placeholder is not cut: the box is as wide as its text.
    await visible(search);
    // The placeholder is not cut: its text, in the box's font, fits inside the box's padding.
    const room = await page.evaluate<{ text: number; box: number }>(`(() => {
      const box = document.querySelector('main input[type=search]');
      const style = getComputedStyle(box);
      const context = document.createElement('canvas').getContext('2d');
      context.font = style.font;
      return {
        text: context.measureText(box.placeholder).width,
        box: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    })()`);
    expect(room.text).toBeLessThanOrEqual(room.box);
    for (const button of await page.locator('main button:visible').all()) {
      expect((await button.boundingBox())!.height, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, 'mobile-collections');

    await open(page, `#/collections/${collectionId}`, 'Dia das Mães 2027');
    widths.calendar = await widthOf(page);
    const timeline = (await page.getByRole('group', { name: 'Linha do tempo' }).boundingBox())!;
    expect(timeline.x + timeline.width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'mobile-calendar');

    await page.getByRole('button', { name: 'Enviar planilha' }).click();
    await visible(page.getByRole('dialog', { name: 'Enviar planilha' }));
    widths.spreadsheetDialog = await widthOf(page);
    const dialog = (await page.getByRole('dialog').boundingBox())!;
    expect(dialog.x >= 0 && dialog.x + dialog.width <= PHONE.width, 'the dialog is on screen').toBe(true);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await page
      .getByRole('button', { name: 'Menu' })
      .or(page.getByText('Menu', { exact: true }))
      .first()
      .click();
    await visible(page.getByRole('button', { name: 'Sair' }));
    widths.menu = await widthOf(page);
    for (const [screen, width] of Object.entries(widths)) expect(width, screen).toBeLessThanOrEqual(PHONE.width);
  });

  it('lands on a deep link after signing in, and keeps Save on screen in the middle of 500 products', async () => {
    const { page } = await phone(`#/collections/${collectionId}/slices/${sliceId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Quinhentos vestidos' }));
    await visible(page.locator('.product-grid > li').nth(SIZE - 1), 20_000);
    expect(await widthOf(page), 'editor').toBeLessThanOrEqual(PHONE.width);
    await page.evaluate('window.scrollTo(0, document.scrollingElement.scrollHeight / 2)');
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(5_000);
    const save = (await page.getByRole('button', { name: 'Salvar' }).boundingBox())!;
    expect(save.y >= 0 && save.y + save.height <= PHONE.height, `Save at y=${save.y}`).toBe(true);
    expect(save.height).toBeGreaterThanOrEqual(44);
    // What the phone shows there (a full page would be 500 cards long).
    await page.screenshot({ path: fileURLToPath(new URL('mobile-editor.png', SCREENSHOTS)) });
  });

  it('takes dates typed dd/mm/aaaa, refuses an end before the start beside the field without sending, and saves the right instants', async () => {
    const { page, requests } = await phone(`#/collections/${collectionId}/slices/new`);
    await visible(page.getByRole('heading', { level: 1, name: 'Nova fatia' }));
    await page.getByLabel('Nome').fill('Semana das mães');
    await page.getByLabel('Sem fim').uncheck();
    await page.getByLabel('Início').fill('01/12/2026 10:00');
    await page.getByLabel('Fim', { exact: true }).fill('30/11/2026 10:00');
    const before = requests.length;
    await page.getByRole('button', { name: 'Salvar' }).click();
    const end = page.getByLabel('Fim', { exact: true });
    await expect.poll(() => end.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await end.getAttribute('aria-describedby'))!.split(' ');
    const said = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(said).toContain('O fim deve ser depois do início.');
    await visible(page.getByRole('alert').filter({ hasText: 'Nada foi enviado. Confira este campo: Fim.' }));
    expect(await widthOf(page), 'editor with errors').toBeLessThanOrEqual(PHONE.width);
    expect(
      requests
        .slice(before)
        .filter((r) => r.method() !== 'GET')
        .map((r) => r.url()),
      'nothing sent',
    ).toEqual([]);

    await end.fill('31/02/2027 10:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByText('Esse dia não existe: confira o dia e o mês.'));

    await end.fill('05/12/2026 18:30');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/slices\/\d+$/);
    const created = Number(/slices\/(\d+)$/.exec(page.url())![1]);
    const slice = (await server.request('GET', `${COLLECTIONS}/${collectionId}/slices/${created}`)).json;
    // São Paulo is three hours behind UTC.
    expect({ startsAt: slice.startsAt, endsAt: slice.endsAt }).toEqual({
      startsAt: '2026-12-01T13:00:00.000Z',
      endsAt: '2026-12-05T21:30:00.000Z',
    });
    await visible(page.getByRole('heading', { level: 1, name: 'Semana das mães' }));
    expect(await page.getByLabel('Início').inputValue()).toBe('01/12/2026 10:00');
  });

  it('says “1 fatia” when deleting a collection with one slice', async () => {
    const one = (await server.request('POST', COLLECTIONS, { body: { name: 'Uma só', description: '' } })).json.id;
    await server.request('POST', `${COLLECTIONS}/${one}/slices`, {
      body: { name: 'Única', type: 'MANUAL', startsAt: '2026-11-01T00:00:00.000Z', products: [] },
    });
    const { page } = await phone();
    await page.getByRole('button', { name: 'Excluir Uma só' }).click();
    await visible(page.getByText('Excluir a coleção “Uma só” e sua 1 fatia? Não há como desfazer.'));
  });

  it('says a token is read only in the one-row header, outside the menu', async () => {
    const reader = await server.tokenWith(['collections:read', 'products:read']);
    const { page } = await phone('', reader);
    await visible(page.getByRole('heading', { level: 1, name: 'Coleções' }));
    const mark = page.locator('header.top').getByText('Somente leitura', { exact: true });
    await visible(mark);
    expect((await page.locator('header.top').boundingBox())!.height).toBeLessThanOrEqual(64);
    expect(await widthOf(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
