import fc from 'fast-check';
import { unzipSync, zipSync } from 'fflate';
import { lyingZip, repetitiveSheetXml } from '../support/lying-zip.js';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { maxAgeSeconds } from '../../src/adapters/http/pipeline/entity-tags.js';
import { expectProblem, startTestServer, type TestResponse, type TestServer } from '../support/http-harness.js';
import { describe } from '../support/suite.js';

const BASE = '/api/v1/merchandising-collections/protected';
const CSV = { 'Content-Type': 'text/csv' };
const XLSX = { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

describe('the merchandising builder', () => {
  let server: TestServer;
  let id: number;

  beforeAll(async () => {
    server = await startTestServer();
    const catalog: [string, Record<string, unknown>][] = [
      ['SEED-V', { name: 'Vestido', category: 'vestidos', brand: 'Aurora' }],
      ['V1', { name: 'V1', category: 'vestidos', brand: 'Aurora' }],
      ['V2', { name: 'V2', category: 'vestidos', brand: 'Aurora' }],
      ['V-OUT', { name: 'V-OUT', category: 'vestidos', available: false }],
    ];
    for (const [productId, body] of catalog)
      await server.request('PUT', `/api/v1/products/protected/catalog/${productId}`, { body });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.clock.set('2026-11-21T12:00:00.000Z');
    id = (await server.request('POST', BASE, { body: { name: 'Black Friday', description: 'Ofertas' } })).json.id;
  });

  const paths = (answer: TestResponse) => answer.json.errors.map((e: { path: string }) => e.path);
  const upload = (body: string | Buffer, headers = CSV, query = 'name=Black%20Friday&startsAt=2026-11-27T00:00:00-03:00') =>
    server.request('POST', `${BASE}/${id}/slices/spreadsheet?${query}`, { rawBody: body, headers });

  describe('spreadsheet slices', () => {
    it('refuses filters sent as separate query parameters (as a client reading them as an object would), saving nothing', async () => {
      const answer = await upload('productId\nVES-001\n', CSV, 'name=BF&startsAt=2026-11-27T00:00:00Z&availableOnly=true');
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([
        { path: 'availableOnly', message: 'is not a query parameter of this route (it takes: name, startsAt, endsAt, filters)' },
      ]);
      expect((await server.request('GET', `${BASE}/${id}/slices`)).json.slices ?? []).toEqual([]);
      const right = await upload(
        'productId\nVES-001\n',
        CSV,
        `name=BF&startsAt=2026-11-27T00:00:00Z&filters=${encodeURIComponent('{"availableOnly":true}')}`,
      );
      expect(right.status).toBe(201);
      expect(right.json.filters).toMatchObject({ availableOnly: true });
    });

    it('creates a SPREADSHEET slice from a CSV', async () => {
      const answer = await upload('productId,position\nVES-003,2\nVES-001,1\n\n');
      expect(answer.status).toBe(201);
      expect(answer.headers.get('location')).toBe(`${BASE}/${id}/slices/${answer.json.id}`);
      expect(answer.json).toMatchObject({
        name: 'Black Friday',
        type: 'SPREADSHEET',
        startsAt: '2026-11-27T03:00:00.000Z',
        endsAt: '9999-12-31T23:59:59.999Z',
        products: [
          { productId: 'VES-001', position: 1 },
          { productId: 'VES-003', position: 2 },
        ],
      });
    });

    it('reads `;` separators, a UTF-8 BOM, CRLF lines, quoted cells, other header spellings and extra columns', async () => {
      const csv = '\uFEFFNome;Product ID;Posição\r\n"Vestido; midi";VES-002;2\r\nSandália;SAN-001;1\r\n';
      const answer = await upload(Buffer.from(csv, 'utf8'));
      expect(answer.status).toBe(201);
      expect(answer.json.products.map((p: { productId: string }) => p.productId)).toEqual(['SAN-001', 'VES-002']);
    });

    it('takes the row order when there is no position column', async () => {
      const answer = await upload('productId\nB\nA\nC\n');
      expect(answer.json.products.map((p: { productId: string }) => p.productId)).toEqual(['B', 'A', 'C']);
    });

    it('creates a slice from a real .xlsx workbook (numbers as ids too)', async () => {
      const sheet = await writeXlsxFile([
        [{ value: 'productId' }, { value: 'position' }],
        [{ value: 'VES-001' }, { value: 2 }],
        [{ value: 12345 }, { value: 1 }],
      ]).toBuffer();
      const answer = await upload(
        sheet,
        XLSX,
        'name=Natal&startsAt=2026-12-01T00:00:00Z&endsAt=2026-12-26T00:00:00Z&filters=%7B%22availableOnly%22%3Atrue%7D',
      );
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({
        name: 'Natal',
        type: 'SPREADSHEET',
        filters: { availableOnly: true },
        products: [
          { productId: '12345', position: 1 },
          { productId: 'VES-001', position: 2 },
        ],
      });
    });

    it('lists every bad row with its row number and reason, and saves nothing', async () => {
      const csv = ['productId,position', 'A,1', ',2', 'A,3', 'B,x', 'C,', 'D,1', 'E,0'].join('\n');
      const answer = await upload(csv);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([
        { path: 'rows.3.productId', message: 'is empty' },
        { path: 'rows.4.productId', message: 'duplicates row 2 (A)' },
        { path: 'rows.5.position', message: 'must be a whole number from 1 (got "x")' },
        { path: 'rows.6.position', message: 'is empty' },
        { path: 'rows.7.position', message: 'duplicates the position of row 2 (1)' },
        { path: 'rows.8.position', message: 'must be a whole number from 1 (got "0")' },
      ]);
      expect((await server.request('GET', `${BASE}/${id}/slices`)).json.slices).toEqual([]);
    });

    it('accepts the 500th row and refuses the 501st', async () => {
      const rows = (n: number) => ['productId', ...Array.from({ length: n }, (_, i) => `P-${i + 1}`)].join('\n');
      const full = await upload(rows(500));
      expect(full.status).toBe(201);
      expect(full.json.products).toHaveLength(500);
      const over = await upload(rows(501));
      expectProblem(over, 400, 'VALIDATION_FAILED');
      expect(over.json.errors).toEqual([{ path: 'rows', message: 'must hold at most 500 products (got 501)' }]);
    });

    it('refuses a sheet without a productId column, an empty one, non-UTF-8 text and a broken workbook', async () => {
      expect((await upload('sku_old,posicao\nA,1')).json.errors).toEqual([
        { path: 'header', message: 'needs a productId column (found: sku_old, posicao)' },
      ]);
      expect(paths(await upload(''))).toEqual(['header']);
      expect(paths(await upload('productId\n'))).toEqual(['rows']);
      expect(paths(await upload(Buffer.from([0x70, 0xff, 0xfe, 0x0a])))).toEqual(['file']);
      expect(paths(await upload(Buffer.from('not a zip'), XLSX))).toEqual(['file']);
    });

    it('refuses other content types (415) and bad slice details in the query (400)', async () => {
      expectProblem(await upload('productId\nA', { 'Content-Type': 'application/json' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectProblem(await upload('productId\nA', { 'Content-Type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(paths(await upload('productId\nA', CSV, 'startsAt=2026-11-27T00:00:00'))).toEqual(['name', 'startsAt']);
      expect(paths(await upload('productId\nA', CSV, 'name=X&startsAt=2026-11-27T00:00:00Z&filters=%7Bbroken'))).toEqual([
        'filters',
      ]);
    });

    it('refuses Excel cells that are not ids as Excel kept them: fractions, huge numbers, dates, true/false', async () => {
      const sheet = await writeXlsxFile([
        [{ value: 'productId' }, { value: 'position' }],
        [{ value: 0.1 + 0.2 }, { value: 1 }],
        [{ value: 1e21 }, { value: 2 }],
        [{ value: new Date('2026-11-27T00:00:00Z'), format: 'yyyy-mm-dd' }, { value: 3 }],
        [{ value: true }, { value: 4 }],
        [{ value: 'OK-1' }, { value: 2.5 }],
        [{ value: 7891234567895 }, { value: 6 }],
      ]).toBuffer();
      const answer = await upload(sheet, XLSX);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([
        { path: 'rows.2.productId', message: 'is the number 0.30000000000000004, not a whole number Excel keeps exactly' },
        { path: 'rows.3.productId', message: 'is the number 1e+21, not a whole number Excel keeps exactly' },
        { path: 'rows.4.productId', message: 'is a date' },
        { path: 'rows.5.productId', message: 'is true, not text' },
        { path: 'rows.6.position', message: 'is the number 2.5, not a whole number Excel keeps exactly' },
      ]);
    });

    it('finds the separator outside quoted header cells', async () => {
      const answer = await upload('"product, id";"a,b,c";position\nVES-001;x;1\n');
      expect(answer.status).toBe(201);
      expect(answer.json.products).toEqual([{ productId: 'VES-001', position: 1 }]);
    });

    it('refuses a sheet far longer than a slice, and a workbook that unpacks too large, before reading it all', async () => {
      const long = await upload(['productId', ...Array.from({ length: 3_000 }, (_, i) => `P-${i}`)].join('\n'));
      expect(long.json.errors).toEqual([
        { path: 'rows', message: 'must hold at most 500 products (the sheet has more than 2000 rows)' },
      ]);
      const bomb = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(6 * 1024 * 1024) }));
      expect(bomb.length).toBeLessThan(64 * 1024);
      expect((await upload(bomb, XLSX)).json.errors).toEqual([
        { path: 'file', message: 'unpacks to more than a slice of 500 products can need' },
      ]);
    });

    it('counts what a workbook really unpacks to, whatever its headers declare, and stops at the cap', async () => {
      const sheet = await writeXlsxFile([[{ value: 'productId' }], [{ value: 'VES-001' }]]).toBuffer();
      const files = unzipSync(new Uint8Array(sheet));
      // 25 MB of XML behind headers that say 100 bytes: an upload of under 100 KB.
      files['xl/worksheets/sheet1.xml'] = repetitiveSheetXml(25 * 1024 * 1024);
      const bomb = lyingZip(files);
      expect(bomb.length).toBeLessThan(100 * 1024);
      const answer = await upload(bomb, XLSX);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([{ path: 'file', message: 'unpacks to more than a slice of 500 products can need' }]);
      // The same workbook, honest and small, is read.
      expect((await upload(lyingZip(unzipSync(new Uint8Array(sheet)), 1), XLSX)).status).toBe(201);
    });

    it('answers 413 to a spreadsheet over 5 MB', async () => {
      const answer = await upload(`productId\n${'A'.repeat(5 * 1024 * 1024)}`);
      expectProblem(answer, 413, 'PAYLOAD_TOO_LARGE');
      expect(answer.json.detail).toBe('The spreadsheet must not exceed 5 MB.');
    });

    it('replaces a slice’s products from a spreadsheet, keeping the rest, under If-Match', async () => {
      const created = await server.request('POST', `${BASE}/${id}/slices`, {
        body: {
          name: 'Natal',
          type: 'MANUAL',
          startsAt: '2026-12-01T00:00:00Z',
          filters: { tags: ['festa'] },
          products: ['OLD'],
        },
      });
      const path = `${BASE}/${id}/slices/${created.json.id}/products/spreadsheet`;
      const replaced = await server.request('PUT', path, {
        rawBody: 'productId\nNEW-1\nNEW-2',
        headers: { ...CSV, 'If-Match': created.headers.get('etag') ?? '' },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.json).toMatchObject({ name: 'Natal', type: 'SPREADSHEET', filters: { tags: ['festa'] }, version: 2 });
      expect(replaced.json.products.map((p: { productId: string }) => p.productId)).toEqual(['NEW-1', 'NEW-2']);
      const stale = await server.request('PUT', path, {
        rawBody: 'productId\nX',
        headers: { ...CSV, 'If-Match': created.headers.get('etag') ?? '' },
      });
      expectProblem(stale, 412, 'PRECONDITION_FAILED');
    });
  });

  describe('AI slices', () => {
    it('creates an AI slice from seeds and regenerates it later', async () => {
      const created = await server.request('POST', `${BASE}/${id}/slices/ai`, {
        body: { name: 'Sugestões', startsAt: '2026-11-01T00:00:00Z', seeds: ['SEED-V'], size: 5, includeSeeds: true },
      });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ type: 'AI', generator: { seeds: ['SEED-V'], size: 5, includeSeeds: true } });
      expect(created.json.products.map((p: { productId: string }) => p.productId)).toEqual(['SEED-V', 'V1', 'V2']);
      await server.request('PUT', '/api/v1/products/protected/catalog/V1', {
        body: { name: 'V1', category: 'vestidos', available: false },
      });
      const again = await server.request('POST', `${BASE}/${id}/slices/${created.json.id}/regenerate`, {
        headers: { 'If-Match': created.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(200);
      expect(again.json.products.map((p: { productId: string }) => p.productId)).toEqual(['SEED-V', 'V2']);
      expect(again.json.version).toBe(2);
    });

    it('keeps generating after a PUT that keeps the slice AI, leaves deleted seeds out, and says when none is left', async () => {
      await server.request('PUT', '/api/v1/products/protected/catalog/SEED-2', {
        body: { name: 'Seed 2', category: 'vestidos' },
      });
      const created = await server.request('POST', `${BASE}/${id}/slices/ai`, {
        body: { name: 'S', startsAt: '2026-11-01T00:00:00Z', seeds: ['SEED-V', 'SEED-2'], size: 3 },
      });
      const path = `${BASE}/${id}/slices/${created.json.id}`;
      const put = await server.request('PUT', path, {
        body: { name: 'Renomeada', type: 'AI', startsAt: '2026-11-01T00:00:00Z', products: ['V2'] },
      });
      expect(put.json.generator).toEqual({ seeds: ['SEED-V', 'SEED-2'], size: 3, includeSeeds: false });
      await server.request('DELETE', '/api/v1/products/protected/catalog/SEED-V');
      const again = await server.request('POST', `${path}/regenerate`);
      expect(again.status).toBe(200);
      expect(again.json.name).toBe('Renomeada');
      await server.request('DELETE', '/api/v1/products/protected/catalog/SEED-2');
      expectProblem(await server.request('POST', `${path}/regenerate`), 409, 'CONFLICT');
      await server.request('PUT', '/api/v1/products/protected/catalog/SEED-V', {
        body: { name: 'Vestido', category: 'vestidos', brand: 'Aurora' },
      });
    });

    it('refuses unknown seeds and sizes out of range, and regenerating a slice that is not AI', async () => {
      const bad = await server.request('POST', `${BASE}/${id}/slices/ai`, {
        body: { name: 'X', startsAt: '2026-11-01T00:00:00Z', seeds: ['NOPE'], size: 10 },
      });
      expect(paths(bad)).toEqual(['seeds.0']);
      expect(
        paths(
          await server.request('POST', `${BASE}/${id}/slices/ai`, {
            body: { name: 'X', startsAt: '2026-11-01T00:00:00Z', seeds: ['V1'], size: 501 },
          }),
        ),
      ).toEqual(['size']);
      const manual = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'M', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] },
      });
      expectProblem(await server.request('POST', `${BASE}/${id}/slices/${manual.json.id}/regenerate`), 409, 'CONFLICT');
    });
  });

  describe('products not in the catalog, named on every write', () => {
    const ids = (answer: TestResponse) => answer.json.notInCatalog;

    it('names them in slice order on create, replace, product edits, spreadsheets, restore and AI writes, saving them all', async () => {
      const created = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'Mães', type: 'MANUAL', startsAt: '2026-12-01T00:00:00Z', products: ['NAO-EXISTE-99', 'V1', 'vES-002'] },
      });
      expect(created.status).toBe(201);
      expect(ids(created)).toEqual(['NAO-EXISTE-99', 'vES-002']);
      expect(created.json.products.map((p: { productId: string }) => p.productId)).toEqual(['NAO-EXISTE-99', 'V1', 'vES-002']);
      const path = `${BASE}/${id}/slices/${created.json.id}`;
      const put = await server.request('PUT', path, {
        body: { name: 'Mães', type: 'MANUAL', startsAt: '2026-12-01T00:00:00Z', products: ['V2', 'GHOST'] },
      });
      expect(ids(put)).toEqual(['GHOST']);
      const patched = await server.request('PATCH', `${path}/products`, {
        body: { operations: [{ op: 'add', productId: 'PHANTOM', position: 1 }] },
      });
      expect(ids(patched)).toEqual(['PHANTOM', 'GHOST']);
      const sheet = await server.request('PUT', `${path}/products/spreadsheet`, {
        rawBody: 'productId\nV1\nNAO-EXISTE-99\n',
        headers: CSV,
      });
      expect(ids(sheet)).toEqual(['NAO-EXISTE-99']);
      const restored = await server.request('POST', `${path}/versions/1/restore`);
      expect(restored.status).toBe(200);
      expect(ids(restored)).toEqual(['NAO-EXISTE-99', 'vES-002']);
      expect(ids(await upload('productId\nUNKNOWN-1\nV2\n'))).toEqual(['UNKNOWN-1']);
      const ai = await server.request('POST', `${BASE}/${id}/slices/ai`, {
        body: { name: 'IA', startsAt: '2026-12-01T00:00:00Z', seeds: ['SEED-V'], size: 3 },
      });
      expect(ids(ai)).toEqual([]);
      expect(ids(await server.request('POST', `${BASE}/${id}/slices/${ai.json.id}/regenerate`))).toEqual([]);
    });

    it('names at most 100 of them', async () => {
      const products = Array.from({ length: 150 }, (_, i) => `MISSING-${i}`);
      const created = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'Muitos', type: 'MANUAL', startsAt: '2026-12-01T00:00:00Z', products },
      });
      expect(created.status).toBe(201);
      expect(ids(created)).toEqual(products.slice(0, 100));
    });
  });

  describe('the consequence of a change, before it is made', () => {
    const preview = (body: unknown, collection = id) =>
      server.request('POST', `${BASE}/${collection}/timeline/preview`, { body });
    let live: number;
    beforeEach(async () => {
      live = (
        await server.request('POST', `${BASE}/${id}/slices`, {
          body: { name: 'Presentes para mães', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['V1'] },
        })
      ).json.id;
    });

    it('names the slice a new one replaces, asks for a confirmation within 24 hours, and saves nothing', async () => {
      const answer = await preview({
        from: '2026-11-21T12:00:00Z',
        to: '2026-11-30T00:00:00Z',
        change: { kind: 'save', name: 'Dia das Mães', startsAt: '2026-11-21T14:00:00Z' },
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        collectionId: id,
        from: '2026-11-21T12:00:00.000Z',
        to: '2026-11-30T00:00:00.000Z',
        before: [
          {
            from: '2026-11-21T12:00:00.000Z',
            until: '2026-11-30T00:00:00.000Z',
            sliceId: live,
            sliceName: 'Presentes para mães',
            draft: false,
          },
        ],
        after: [
          {
            from: '2026-11-21T12:00:00.000Z',
            until: '2026-11-21T14:00:00.000Z',
            sliceId: live,
            sliceName: 'Presentes para mães',
            draft: false,
          },
          {
            from: '2026-11-21T14:00:00.000Z',
            until: '2026-11-30T00:00:00.000Z',
            sliceId: null,
            sliceName: 'Dia das Mães',
            draft: true,
          },
        ],
        changes: [
          {
            from: '2026-11-21T14:00:00.000Z',
            until: null,
            sliceBefore: { sliceId: live, sliceName: 'Presentes para mães', draft: false },
            sliceAfter: { sliceId: null, sliceName: 'Dia das Mães', draft: true },
          },
        ],
        needsConfirmation: true,
      });
      expect((await server.request('GET', `${BASE}/${id}/slices`)).json.slices).toHaveLength(1);
    });

    it('asks no confirmation for a bounded change starting 24 hours from now by the service clock, and asks one a millisecond earlier', async () => {
      const change = (startsAt: string) => ({ kind: 'save', name: 'Depois', startsAt, endsAt: '2026-11-25T00:00:00Z' });
      const range = { from: '2026-11-21T00:00:00Z', to: '2026-11-26T00:00:00Z' };
      expect((await preview({ ...range, change: change('2026-11-22T12:00:00.000Z') })).json.needsConfirmation).toBe(false);
      expect((await preview({ ...range, change: change('2026-11-22T11:59:59.999Z') })).json.needsConfirmation).toBe(true);
      server.clock.set('2026-11-21T12:00:00.001Z');
      expect((await preview({ ...range, change: change('2026-11-22T12:00:00.000Z') })).json.needsConfirmation).toBe(true);
    });

    it('previews a delete and a stored slice moved, by id', async () => {
      const deleted = await preview({
        from: '2026-11-21T12:00:00Z',
        to: '2026-11-22T00:00:00Z',
        change: { kind: 'delete', sliceId: live },
      });
      expect(deleted.json.changes).toEqual([
        {
          from: '2026-11-21T12:00:00.000Z',
          until: null,
          sliceBefore: { sliceId: live, sliceName: 'Presentes para mães', draft: true },
          sliceAfter: null,
        },
      ]);
      expect(deleted.json.needsConfirmation).toBe(true);
      const moved = await preview({
        from: '2026-11-21T12:00:00Z',
        to: '2026-11-22T00:00:00Z',
        change: { kind: 'save', sliceId: live, name: 'Presentes para mães', startsAt: '2026-11-01T00:00:00Z', endsAt: null },
      });
      expect(moved.json.changes).toEqual([]);
      expect(moved.json.needsConfirmation).toBe(false);
    });

    it('refuses bad input with the field named, an unknown slice and an unknown collection', async () => {
      const save = { kind: 'save', name: 'X', startsAt: '2026-12-01T00:00:00Z' };
      const cases: [unknown, string[]][] = [
        [{ from: '2026-11-21T00:00:00Z', to: '2026-11-21T00:00:00Z', change: save }, ['to']],
        [{ from: '2026-01-01T00:00:00Z', to: '2028-01-03T00:00:00Z', change: save }, ['to']],
        [{ from: '2026-11-21', to: '2026-11-22T00:00:00Z', change: save }, ['from']],
        [
          { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', change: { ...save, endsAt: '2026-11-30T00:00:00Z' } },
          ['change.endsAt'],
        ],
        [{ from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', change: { ...save, name: ' ' } }, ['change.name']],
        [{ from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', change: { kind: 'move' } }, ['change.kind']],
        [{ from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z', change: { kind: 'delete' } }, ['change.sliceId']],
        [{ from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' }, ['change']],
      ];
      for (const [body, expected] of cases) {
        const answer = await preview(body);
        expectProblem(answer, 400, 'VALIDATION_FAILED');
        expect(paths(answer), JSON.stringify(body)).toEqual(expected);
      }
      const range = { from: '2026-11-21T00:00:00Z', to: '2026-11-22T00:00:00Z' };
      expectProblem(await preview({ ...range, change: { kind: 'delete', sliceId: live + 99 } }), 404, 'SLICE_NOT_FOUND');
      expectProblem(await preview({ ...range, change: save }, id + 999), 404, 'COLLECTION_NOT_FOUND');
    });
  });

  describe('editing products in place, without lost updates', () => {
    let slicePath: string;
    let etag: string;
    beforeEach(async () => {
      const created = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['A', 'B', 'C'] },
      });
      slicePath = `${BASE}/${id}/slices/${created.json.id}`;
      etag = created.headers.get('etag') ?? '';
    });

    it('adds, removes and moves in one request; positions stay 1..n', async () => {
      const answer = await server.request('PATCH', `${slicePath}/products`, {
        body: {
          operations: [
            { op: 'add', productId: 'D', position: 2 },
            { op: 'remove', productId: 'A' },
            { op: 'move', productId: 'C', position: 1 },
          ],
        },
        headers: { 'If-Match': etag },
      });
      expect(answer.status).toBe(200);
      expect(answer.json.products).toEqual([
        { productId: 'C', position: 1 },
        { productId: 'D', position: 2 },
        { productId: 'B', position: 3 },
      ]);
      expect(answer.headers.get('etag')).toBe(etag.replace('.1"', '.2"'));
    });

    it('answers 400 naming each bad operation and changes nothing', async () => {
      const answer = await server.request('PATCH', `${slicePath}/products`, {
        body: {
          operations: [
            { op: 'move', productId: 'Z', position: 1 },
            { op: 'add', productId: 'B' },
            { op: 'swap', productId: 'A' },
          ],
        },
      });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(paths(answer)).toEqual(['operations.2.op']);
      const semantic = await server.request('PATCH', `${slicePath}/products`, {
        body: {
          operations: [
            { op: 'move', productId: 'Z', position: 1 },
            { op: 'add', productId: 'B' },
          ],
        },
      });
      expect(paths(semantic)).toEqual(['operations.0.productId']);
      expect((await server.request('GET', slicePath)).json.version).toBe(1);
    });

    it('reads a slice with its ETag, and a stale If-Match is 412 that changes nothing', async () => {
      const read = await server.request('GET', slicePath);
      expect(read.headers.get('etag')).toBe(etag);
      await server.request('PUT', slicePath, {
        body: { name: 'S2', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['X'] },
        headers: { 'If-Match': etag },
      });
      for (const [method, path, body] of [
        ['PUT', slicePath, { name: 'S3', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: ['Y'] }],
        ['PATCH', `${slicePath}/products`, { operations: [{ op: 'add', productId: 'Y' }] }],
        ['DELETE', slicePath, undefined],
      ] as const) {
        const answer = await server.request(method, path, { body, headers: { 'If-Match': etag } });
        expectProblem(answer, 412, 'PRECONDITION_FAILED');
      }
      expect((await server.request('GET', slicePath)).json).toMatchObject({
        name: 'S2',
        version: 2,
        products: [{ productId: 'X', position: 1, active: true }],
      });
      expectProblem(
        await server.request('DELETE', slicePath, { headers: { 'If-Match': '"collection-1.1"' } }),
        412,
        'PRECONDITION_FAILED',
      );
      expectProblem(
        await server.request('DELETE', slicePath, { headers: { 'If-Match': `W/${etag.replace('.1"', '.2"')}` } }),
        412,
        'PRECONDITION_FAILED',
      );
      expect((await server.request('DELETE', slicePath, { headers: { 'If-Match': '*' } })).status).toBe(204);
    });

    it('refuses an If-Match that is not entity tags with 400 naming the header, and changes nothing', async () => {
      for (const ifMatch of [etag.replaceAll('"', ''), 'garbage', `${etag}, slice`]) {
        const answer = await server.request('DELETE', slicePath, { headers: { 'If-Match': ifMatch } });
        expectProblem(answer, 400, 'VALIDATION_FAILED');
        expect(answer.json.errors).toEqual([
          { path: 'If-Match', message: expect.stringContaining('entity tags in double quotes') },
        ]);
      }
      expect((await server.request('GET', slicePath)).status).toBe(200);
      // An empty element of the list names nothing; the tag beside it still counts.
      expect((await server.request('DELETE', slicePath, { headers: { 'If-Match': `, ${etag}` } })).status).toBe(204);
    });

    it('lets exactly one of two builders saving the same version win; the other gets 412', async () => {
      const save = (products: string[]) =>
        server.request('PUT', slicePath, {
          body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products },
          headers: { 'If-Match': etag },
        });
      const answers = await Promise.all([save(['ONE']), save(['TWO']), save(['THREE'])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
      const winner = answers.find((a) => a.status === 200);
      expect((await server.request('GET', slicePath)).json.products[0].productId).toBe(winner?.json.products[0].productId);
    });

    it('records who changed a slice last, and when', async () => {
      const issued = await server.request('POST', '/api/v1/admin/protected/tokens', {
        body: { name: 'ana-merchandising', scopes: ['collections:write'] },
      });
      server.clock.set('2026-11-22T08:30:00.000Z');
      await server.request('PATCH', `${slicePath}/products`, {
        token: issued.json.token,
        body: { operations: [{ op: 'remove', productId: 'A' }] },
      });
      expect((await server.request('GET', slicePath)).json).toMatchObject({
        createdAt: '2026-11-21T12:00:00.000Z',
        updatedAt: '2026-11-22T08:30:00.000Z',
        updatedBy: 'ana-merchandising',
      });
    });

    it('accepts any of several tags in If-Match, compares them exactly, and marks builder reads not cacheable', async () => {
      const next = etag.replace('.1"', '.2"');
      const two = await server.request('PATCH', `${slicePath}/products`, {
        body: { operations: [{ op: 'remove', productId: 'A' }] },
        headers: { 'If-Match': `${next}, ${etag}` },
      });
      expect(two.status).toBe(200);
      const three = await server.request('PATCH', `${slicePath}/products`, {
        body: { operations: [{ op: 'remove', productId: 'B' }] },
        headers: { 'If-Match': `"slice-999.2", ${next}` },
      });
      expect(three.status).toBe(200);
      const leadingZero = etag.replace('.1"', '.03"');
      expectProblem(
        await server.request('DELETE', slicePath, { headers: { 'If-Match': leadingZero } }),
        412,
        'PRECONDITION_FAILED',
      );
      const read = await server.request('GET', slicePath);
      expect(read.headers.get('cache-control')).toBe('no-store');
      expect(read.headers.get('etag')).toBe(etag.replace('.1"', '.3"'));
    });
  });

  describe('collections without lost updates', () => {
    it('renames with If-Match, 412 on a stale version, and reads the ETag from the slice list', async () => {
      const listed = await server.request('GET', `${BASE}/${id}/slices`);
      const etag = listed.headers.get('etag') ?? '';
      expect(etag).toBe(`"collection-${id}.1"`);
      expect(
        (await server.request('PATCH', `${BASE}/${id}`, { body: { name: 'Cyber' }, headers: { 'If-Match': etag } })).status,
      ).toBe(200);
      expectProblem(
        await server.request('PATCH', `${BASE}/${id}`, { body: { name: 'Late' }, headers: { 'If-Match': etag } }),
        412,
        'PRECONDITION_FAILED',
      );
      expectProblem(
        await server.request('DELETE', `${BASE}/${id}`, { headers: { 'If-Match': etag } }),
        412,
        'PRECONDITION_FAILED',
      );
      expect((await server.request('GET', `${BASE}/${id}/slices`)).json.collection).toMatchObject({ name: 'Cyber', version: 2 });
    });
  });

  describe('overlaps', () => {
    it('warns on create and change, and marks overlaps in the slice list', async () => {
      const week = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'Semana', type: 'MANUAL', startsAt: '2026-11-23T00:00:00Z', endsAt: '2026-11-30T00:00:00Z', products: [] },
      });
      expect(week.json.warnings).toEqual([]);
      const friday = await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'Sexta', type: 'MANUAL', startsAt: '2026-11-27T00:00:00Z', endsAt: '2026-11-28T00:00:00Z', products: [] },
      });
      expect(friday.status).toBe(201);
      expect(friday.json.warnings).toEqual([
        {
          code: 'SLICE_OVERLAP',
          sliceId: week.json.id,
          sliceName: 'Semana',
          from: '2026-11-27T00:00:00.000Z',
          until: '2026-11-28T00:00:00.000Z',
        },
      ]);
      const moved = await server.request('PUT', `${BASE}/${id}/slices/${friday.json.id}`, {
        body: { name: 'Sexta', type: 'MANUAL', startsAt: '2026-11-30T00:00:00Z', endsAt: '2026-12-01T00:00:00Z', products: [] },
      });
      expect(moved.json.warnings).toEqual([]);
      await server.request('PUT', `${BASE}/${id}/slices/${friday.json.id}`, {
        body: { name: 'Sexta', type: 'MANUAL', startsAt: '2026-11-29T00:00:00Z', endsAt: '2026-12-01T00:00:00Z', products: [] },
      });
      const listed = await server.request('GET', `${BASE}/${id}/slices`);
      expect(listed.json.slices.map((s: { name: string; overlapsWith: number[] }) => [s.name, s.overlapsWith])).toEqual([
        ['Semana', [friday.json.id]],
        ['Sexta', [week.json.id]],
      ]);
    });
  });

  describe('preview and timeline', () => {
    beforeEach(async () => {
      for (const slice of [
        { name: 'Semana', startsAt: '2026-11-23T03:00:00Z', endsAt: '2026-11-30T03:00:00Z' },
        { name: 'Sexta', startsAt: '2026-11-27T03:00:00Z', endsAt: '2026-11-28T03:00:00Z' },
      ]) {
        await server.request('POST', `${BASE}/${id}/slices`, { body: { ...slice, type: 'MANUAL', products: ['V1'] } });
      }
    });

    it.each([
      ['2026-11-23T02:59:59.999Z', undefined],
      ['2026-11-23T03:00:00.000Z', 'Semana'],
      ['2026-11-27T02:59:59.999Z', 'Semana'],
      ['2026-11-27T00:00:00.000-03:00', 'Sexta'],
      ['2026-11-28T02:59:59.999Z', 'Sexta'],
      ['2026-11-28T03:00:00.000Z', 'Semana'],
      ['2026-11-30T03:00:00.000Z', undefined],
    ])('previews what the contract read answers at %s', async (at, name) => {
      const preview = await server.request('GET', `${BASE}/${id}?at=${encodeURIComponent(at)}`);
      if (name === undefined) {
        expectProblem(preview, 404, 'NO_ACTIVE_SLICE');
      } else {
        expect(preview.status).toBe(200);
        expect(preview.json.sliceName).toBe(name);
        expect(preview.headers.get('cache-control')).toBe('no-store');
      }
      server.clock.set(at);
      const live = await server.request('GET', `${BASE}/${id}`);
      expect(live.status).toBe(preview.status);
      if (name !== undefined) expect(live.json).toEqual(preview.json);
    });

    it('needs collections:write to preview, and a valid instant', async () => {
      const reader = await server.tokenWith(['collections:read']);
      expectProblem(await server.request('GET', `${BASE}/${id}?at=2026-11-27T03:00:00Z`, { token: reader }), 403, 'FORBIDDEN');
      expect((await server.request('GET', `${BASE}/${id}`, { token: reader })).status).toBe(404);
      const writer = await server.tokenWith(['collections:write']);
      expect((await server.request('GET', `${BASE}/${id}?at=2026-11-27T03:00:00Z`, { token: writer })).status).toBe(200);
      expect(paths(await server.request('GET', `${BASE}/${id}?at=tomorrow`))).toEqual(['at']);
    });

    it('lists which slice is shown when over a range', async () => {
      const answer = await server.request('GET', `${BASE}/${id}/timeline?from=2026-11-22T00:00:00Z&to=2026-12-01T00:00:00Z`);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        collectionId: id,
        from: '2026-11-22T00:00:00.000Z',
        to: '2026-12-01T00:00:00.000Z',
        segments: [
          { from: '2026-11-22T00:00:00.000Z', until: '2026-11-23T03:00:00.000Z', sliceId: null, sliceName: null },
          {
            from: '2026-11-23T03:00:00.000Z',
            until: '2026-11-27T03:00:00.000Z',
            sliceId: expect.any(Number),
            sliceName: 'Semana',
          },
          {
            from: '2026-11-27T03:00:00.000Z',
            until: '2026-11-28T03:00:00.000Z',
            sliceId: expect.any(Number),
            sliceName: 'Sexta',
          },
          {
            from: '2026-11-28T03:00:00.000Z',
            until: '2026-11-30T03:00:00.000Z',
            sliceId: expect.any(Number),
            sliceName: 'Semana',
          },
          { from: '2026-11-30T03:00:00.000Z', until: '2026-12-01T00:00:00.000Z', sliceId: null, sliceName: null },
        ],
      });
      expect(
        paths(await server.request('GET', `${BASE}/${id}/timeline?from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z`)),
      ).toEqual(['to']);
      expect(paths(await server.request('GET', `${BASE}/${id}/timeline?from=2026-12-01T00:00:00Z`))).toEqual(['to']);
      expectProblem(
        await server.request('GET', `${BASE}/987654/timeline?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`),
        404,
        'COLLECTION_NOT_FOUND',
      );
    });
  });

  describe('HTTP caching of the contract read', () => {
    beforeEach(async () => {
      await server.request('POST', `${BASE}/${id}/slices`, {
        body: {
          name: 'S',
          type: 'MANUAL',
          startsAt: '2026-11-21T00:00:00Z',
          endsAt: '2026-11-21T12:00:30.000Z',
          products: ['V1'],
        },
      });
    });

    it('sends a strong ETag and a max-age that ends by the next transition, and 304 for a current copy', async () => {
      const first = await server.request('GET', `${BASE}/${id}`);
      const tag = first.headers.get('etag') ?? '';
      expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('cache-control')).toBe('private, max-age=30');
      const again = await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': tag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(tag);
      expect((await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': `"other", W/${tag}` } })).status).toBe(
        304,
      );
      expect((await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
    });

    it('changes the ETag whenever the answer changes: the collection, or a product’s active flag', async () => {
      await server.request('PUT', '/api/v1/products/protected/catalog/V1', {
        body: { name: 'V1', category: 'vestidos', brand: 'Aurora' },
      });
      const before = (await server.request('GET', `${BASE}/${id}`)).headers.get('etag');
      await server.request('PATCH', `${BASE}/${id}`, { body: { description: 'Nova descrição' } });
      const renamed = await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': before ?? '' } });
      expect(renamed.status).toBe(200);
      expect(renamed.headers.get('etag')).not.toBe(before);
      const sliceId = (await server.request('GET', `${BASE}/${id}/slices`)).json.slices[0].id;
      await server.request('PUT', `${BASE}/${id}/slices/${sliceId}`, {
        body: { name: 'S', type: 'MANUAL', startsAt: '2026-11-21T00:00:00Z', filters: { availableOnly: true }, products: ['V1'] },
      });
      const filtered = await server.request('GET', `${BASE}/${id}`);
      expect(filtered.json.products).toEqual([{ productId: 'V1', position: 1, active: true }]);
      const tag = filtered.headers.get('etag') ?? '';
      // A catalog change reaches the answer within CACHE_TTL (at once without a shared cache).
      await server.request('PUT', '/api/v1/products/protected/catalog/V1', {
        body: { name: 'V1', category: 'vestidos', brand: 'Aurora', available: false },
      });
      server.clock.advance(60_000);
      const flipped = await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': tag } });
      expect(flipped.status).toBe(200);
      expect(flipped.json.products).toEqual([{ productId: 'V1', position: 1, active: false }]);
      await server.request('PUT', '/api/v1/products/protected/catalog/V1', {
        body: { name: 'V1', category: 'vestidos', brand: 'Aurora' },
      });
      server.clock.advance(60_000);
      expect((await server.request('GET', `${BASE}/${id}`, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    });

    it('caps max-age at 60 s, and gives 0 in the last second before a transition', async () => {
      server.clock.set('2026-11-21T12:00:29.500Z');
      expect((await server.request('GET', `${BASE}/${id}`)).headers.get('cache-control')).toBe('private, max-age=0');
      await server.request('POST', `${BASE}/${id}/slices`, {
        body: { name: 'Longa', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] },
      });
      server.clock.set('2026-11-21T13:00:00.000Z');
      expect((await server.request('GET', `${BASE}/${id}`)).headers.get('cache-control')).toBe('private, max-age=60');
    });

    it('never lets max-age reach past a transition, for any schedule (property)', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 10 ** 7 }),
          fc.option(fc.integer({ min: 1, max: 10 ** 8 }), { nil: undefined }),
          (now, ahead) => {
            const next = ahead === undefined ? undefined : new Date(now + ahead);
            const age = maxAgeSeconds(new Date(now), next, 60);
            expect(Number.isInteger(age) && age >= 0 && age <= 60).toBe(true);
            if (next !== undefined) expect(now + age * 1000).toBeLessThanOrEqual(next.getTime());
          },
        ),
      );
    });
  });

  describe('listing at scale', () => {
    it('pages with limit and cursor, and filters by name', async () => {
      for (const name of ['Natal 2026', 'Dia das Mães', 'natal 2027', 'Inverno'])
        await server.request('POST', BASE, { body: { name } });
      const all: string[] = [];
      const ids: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer: TestResponse = await server.request('GET', `${BASE}?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`);
        expect(answer.json.collections.length).toBeLessThanOrEqual(2);
        all.push(...answer.json.collections.map((c: { name: string }) => c.name));
        ids.push(...answer.json.collections.map((c: { id: number }) => c.id));
        cursor = answer.json.nextCursor;
        pages++;
      } while (cursor !== null && pages < 100);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      expect(all).toEqual(expect.arrayContaining(['Natal 2026', 'Dia das Mães', 'natal 2027', 'Inverno']));
      const natal = await server.request('GET', `${BASE}?name=NATAL`);
      expect(natal.json.collections.map((c: { name: string }) => c.name)).toEqual(['Natal 2026', 'natal 2027']);
      expect(paths(await server.request('GET', `${BASE}?limit=0`))).toEqual(['limit']);
      expect(paths(await server.request('GET', `${BASE}?limit=201`))).toEqual(['limit']);
      expect(paths(await server.request('GET', `${BASE}?cursor=not-a-cursor`))).toEqual(['cursor']);
      expect(paths(await server.request('GET', `${BASE}?name=%00`))).toEqual(['name']);
      const natalPage = await server.request('GET', `${BASE}?name=natal&limit=1`);
      expect(natalPage.json.collections.map((c: { name: string }) => c.name)).toEqual(['Natal 2026']);
      const natalNext = await server.request('GET', `${BASE}?name=natal&limit=1&cursor=${natalPage.json.nextCursor}`);
      expect(natalNext.json).toMatchObject({ collections: [{ name: 'natal 2027' }], nextCursor: null });
    });

    it('filters a collection’s slices by status', async () => {
      for (const slice of [
        { name: 'Passada', startsAt: '2026-10-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' },
        { name: 'Agora', startsAt: '2026-11-01T00:00:00Z' },
        { name: 'Futura', startsAt: '2026-12-01T00:00:00Z' },
      ]) {
        await server.request('POST', `${BASE}/${id}/slices`, { body: { ...slice, type: 'MANUAL', products: [] } });
      }
      for (const [status, name] of [
        ['EXPIRED', 'Passada'],
        ['ACTIVE', 'Agora'],
        ['SCHEDULED', 'Futura'],
      ]) {
        const answer = await server.request('GET', `${BASE}/${id}/slices?status=${status}`);
        expect(answer.json.slices.map((s: { name: string }) => s.name)).toEqual([name]);
        expect(answer.json.collection.sliceCount).toBe(3);
      }
      expect(paths(await server.request('GET', `${BASE}/${id}/slices?status=LIVE`))).toEqual(['status']);
    });
  });
});
