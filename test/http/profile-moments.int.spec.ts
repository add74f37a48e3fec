import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';

const PROFILE = '/api/v1/crm/protected/profile';
const EVENTS = '/api/v1/events/protected/batch';
const CATALOG = '/api/v1/products/protected/catalog';
const MINUTE = 60_000;
const STORED = ['2026-11-18 21:05 — buscou "vestido para casamento de dia"'];

// The fake clock starts at 2026-11-21T12:00:00Z: 09:00 in São Paulo.
describe('profile lookups answer what the shopper is doing now', () => {
  let server: TestServer;

  /** `n` minutes from the clock's now. */
  const minutes = (n: number) => new Date(server.clock.now().getTime() + n * MINUTE).toISOString();
  const record = async (...events: object[]) => {
    const answer = await server.request('POST', EVENTS, { body: { events } });
    expect(answer.json).toMatchObject({ accepted: events.length });
  };
  const byPhone = () => server.request('GET', `${PROFILE}/phone/11987654321`);
  const navegacoes = async () => (await byPhone()).json.profile.momento_compra_atual?.navegacoes;

  beforeAll(async () => {
    server = await startTestServer();
    for (const [id, name] of [
      ['VES-001', 'Vestido Midi de Linho'],
      ['SAN-002', 'Sandália Salto Bloco'],
    ]) {
      expect((await server.request('PUT', `${CATALOG}/${id}`, { body: { name } })).status).toBe(201);
    }
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    await server.request('DELETE', `${PROFILE}/user-profile-id/up_ana`);
    const created = await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: {
        identifiers: { phones: ['11987654321'], emails: ['ana@example.com'] },
        profile: { ganchos_conteudo: ['a'], momento_compra_atual: { navegacoes: STORED, resumo_momento: 'r' } },
      },
    });
    expect(created.status).toBe(201);
  });

  it('answers a profile whose shopper did nothing known exactly as stored', async () => {
    const answer = await byPhone();
    expect(answer.json.profile).toEqual({
      ganchos_conteudo: ['a'],
      momento_compra_atual: { navegacoes: STORED, resumo_momento: 'r' },
    });
  });

  it('leads navegacoes with the shopper’s latest view, cart add and purchase, in São Paulo time, on every lookup', async () => {
    await record(
      { type: 'view', productId: 'VES-001', sessionId: 'sess-1', userId: 'up_ana', at: minutes(-3) },
      { type: 'add_to_cart', productId: 'SAN-002', sessionId: 'sess-1', userId: 'up_ana', at: minutes(-2) },
      { type: 'purchase', productId: 'SAN-002', sessionId: 'sess-1', userId: 'up_ana', at: minutes(-1) },
      { type: 'view', productId: 'NOT-IN-CATALOG', sessionId: 'sess-1', userId: 'up_ana', at: minutes(0) },
    );
    const expected = [
      '2026-11-21 09:00 — visualizou NOT-IN-CATALOG',
      '2026-11-21 08:59 — comprou Sandália Salto Bloco (SAN-002)',
      '2026-11-21 08:58 — adicionou à sacola Sandália Salto Bloco (SAN-002)',
      '2026-11-21 08:57 — visualizou Vestido Midi de Linho (VES-001)',
      ...STORED,
    ];
    for (const path of ['user-profile-id/up_ana', 'phone/11987654321', 'email/ana@example.com']) {
      const answer = await server.request('GET', `${PROFILE}/${path}`);
      expect(answer.json.profile, path).toEqual({
        ganchos_conteudo: ['a'],
        momento_compra_atual: { navegacoes: expected, resumo_momento: 'r' },
      });
    }
  });

  it('changes the ETag with a new event, keeps it while the moment is unchanged, and follows a renamed product', async () => {
    await record({ type: 'view', productId: 'VES-001', sessionId: 'sess-1', userId: 'up_ana', at: minutes(-1) });
    const first = await byPhone();
    const etag = first.headers.get('etag')!;
    const again = await server.request('GET', `${PROFILE}/phone/11987654321`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    await record({ type: 'view', productId: 'SAN-002', sessionId: 'sess-1', userId: 'up_ana', at: minutes(0) });
    const after = await server.request('GET', `${PROFILE}/phone/11987654321`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.json.profile.momento_compra_atual.navegacoes[0]).toBe(
      '2026-11-21 09:00 — visualizou Sandália Salto Bloco (SAN-002)',
    );
    await server.request('PUT', `${CATALOG}/SAN-002`, { body: { name: 'Sandália Bloco Caramelo' } });
    expect((await navegacoes())[0]).toBe('2026-11-21 09:00 — visualizou Sandália Bloco Caramelo (SAN-002)');
    await server.request('PUT', `${CATALOG}/SAN-002`, { body: { name: 'Sandália Salto Bloco' } });
  });

  it('counts a session’s anonymous events once it names the shopper: the session is theirs from its start', async () => {
    await record(
      { type: 'view', productId: 'VES-001', sessionId: 'sess-anon', at: minutes(-5) },
      { type: 'view', productId: 'VES-001', sessionId: 'sess-other', at: minutes(-4) },
    );
    expect(await navegacoes()).toEqual(STORED);
    await record({ type: 'add_to_cart', productId: 'SAN-002', sessionId: 'sess-anon', userId: 'up_ana', at: minutes(-1) });
    expect(await navegacoes()).toEqual([
      '2026-11-21 08:59 — adicionou à sacola Sandália Salto Bloco (SAN-002)',
      '2026-11-21 08:55 — visualizou Vestido Midi de Linho (VES-001)',
      ...STORED,
    ]);
  });

  it('counts a stitched session’s anonymous purchase for the shopper’s similar answers too: what they bought is left out', async () => {
    for (const id of ['VES-101', 'VES-102', 'VES-103']) {
      await server.request('PUT', `${CATALOG}/${id}`, { body: { name: `Vestido ${id}`, category: 'vestidos-stitch' } });
    }
    const similar = async (userId?: string) =>
      (
        await server.request('POST', '/api/v1/products/protected/similar', {
          body: { sessionId: 'sess-asking', ...(userId === undefined ? {} : { userId }), data: { id: 'VES-101' } },
        })
      ).json.products as string[];
    expect(await similar('up_ana')).toContain('VES-102');
    await record({ type: 'purchase', productId: 'VES-102', sessionId: 'sess-bought', at: minutes(-2) });
    expect(await similar('up_ana')).toContain('VES-102');
    await record({ type: 'view', productId: 'VES-103', sessionId: 'sess-bought', userId: 'up_ana', at: minutes(-1) });
    expect(await similar('up_ana')).not.toContain('VES-102');
    expect(await similar()).toContain('VES-102');
  });

  it('forgets the moment with the profile: an erased shopper recreated has only what is stored', async () => {
    await record(
      { type: 'view', productId: 'VES-001', sessionId: 'sess-e', at: minutes(-2) },
      { type: 'view', productId: 'SAN-002', sessionId: 'sess-e', userId: 'up_ana', at: minutes(-1) },
    );
    expect(await navegacoes()).toHaveLength(3);
    expect((await server.request('DELETE', `${PROFILE}/user-profile-id/up_ana`)).status).toBe(204);
    expectProblem(await byPhone(), 404, 'PROFILE_NOT_FOUND');
    await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
      body: { identifiers: { phones: ['11987654321'] }, profile: { momento_compra_atual: { navegacoes: STORED } } },
    });
    expect(await navegacoes()).toEqual(STORED);
  });
});

describe('live moments, configured', () => {
  it('hold at most MOMENT_LINES lines, and none of them with LIVE_MOMENTS=false', async () => {
    for (const [env, expected] of [
      [{ MOMENT_LINES: '2' }, 2],
      [{ LIVE_MOMENTS: 'false' }, 1],
    ] as const) {
      const server = await startTestServer({ env });
      try {
        await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, {
          body: { identifiers: { phones: ['11987654321'] }, profile: { momento_compra_atual: { navegacoes: STORED } } },
        });
        const at = (n: number) => new Date(server.clock.now().getTime() - n * MINUTE).toISOString();
        await server.request('POST', EVENTS, {
          body: {
            events: [1, 2, 3].map((n) => ({ type: 'view', productId: `P-${n}`, sessionId: 's', userId: 'up_ana', at: at(n) })),
          },
        });
        const lines = (await server.request('GET', `${PROFILE}/phone/11987654321`)).json.profile.momento_compra_atual.navegacoes;
        expect(lines, JSON.stringify(env)).toHaveLength(expected);
        if (expected === 1) expect(lines).toEqual(STORED);
      } finally {
        await server.close();
      }
    }
  });

  it('writes the prefixes in SHOP_TIME_ZONE, and refuses a zone the runtime does not know', async () => {
    const server = await startTestServer({ env: { SHOP_TIME_ZONE: 'Europe/Lisbon' } });
    try {
      await server.request('PUT', `${PROFILE}/user-profile-id/up_ana`, { body: { profile: {} } });
      await server.request('POST', EVENTS, {
        body: { events: [{ type: 'view', productId: 'P-1', sessionId: 's', userId: 'up_ana', at: '2026-11-21T11:59:00Z' }] },
      });
      const lines = (await server.request('GET', `${PROFILE}/user-profile-id/up_ana`)).json.profile.momento_compra_atual
        .navegacoes;
      expect(lines).toEqual(['2026-11-21 11:59 — visualizou P-1']);
    } finally {
      await server.close();
    }
    await expect(startTestServer({ env: { SHOP_TIME_ZONE: 'Mars/Olympus' } })).rejects.toThrow(/SHOP_TIME_ZONE/);
  });
});
