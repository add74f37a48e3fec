import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describe } from '../support/suite.js';
import { expectProblem, startTestServer, type TestServer } from '../support/http-harness.js';
import { someProfileContent, VALID_ALPHANUMERIC_CNPJ_FORMATTED, VALID_CPF_FORMATTED } from '../support/mothers.js';

const BASE = '/api/v1/crm/protected/profile';
const profile = someProfileContent();

describe('profile endpoints', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    for (const id of ['up_ana', 'up_bob', 'up_new']) await server.request('DELETE', `${BASE}/user-profile-id/${id}`);
    const created = await server.request('PUT', `${BASE}/user-profile-id/up_ana`, {
      body: {
        identifiers: {
          phones: ['+55 (11) 98765-4321'],
          emails: ['Ana+News@Example.com'],
          documents: [VALID_CPF_FORMATTED, VALID_ALPHANUMERIC_CNPJ_FORMATTED],
        },
        profile,
      },
    });
    expect(created.status).toBe(201);
  });

  describe('lookups', () => {
    it.each([
      ['user-profile-id/up_ana'],
      ['phone/11987654321'],
      ['phone/5511987654321'],
      ['phone/%2B5511987654321'],
      ['phone/+5511987654321'],
      ['phone/%2B55%20(11)%2098765-4321'],
      ['phone/(11)%2098765-4321'],
      ['email/ana+news@example.com'],
      ['email/ana%2Bnews%40example.com'],
      ['email/ANA%2BNEWS@EXAMPLE.COM'],
      ['email/%20ana+news@example.com%20'],
      ['document/52998224725'],
      ['document/529.982.247-25'],
      ['document/529%20982%20247%2025'],
      ['document/12ABC34501DE35'],
      ['document/12.abc.345%2F01de-35'],
    ])('GET %s answers 200 with exactly { userProfileId, profile }', async (path) => {
      const answer = await server.request('GET', `${BASE}/${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Object.keys(answer.json)).toEqual(['userProfileId', 'profile']);
      expect(answer.json).toEqual({ userProfileId: 'up_ana', profile });
    });

    it('sends the contract field names with ã in UTF-8', async () => {
      const answer = await server.request('GET', `${BASE}/user-profile-id/up_ana`);
      const bytes = Buffer.from(answer.text, 'utf8');
      expect(bytes.includes(Buffer.from('"ocasião"', 'utf8'))).toBe(true);
      expect(bytes.includes(Buffer.from('"persona_na_ocasião"', 'utf8'))).toBe(true);
      expect(answer.json.profile.ocasioes_relevantes[0]).toHaveProperty('ocasião', 'Casamento');
    });

    it.each([
      ['user-profile-id/up_nobody'],
      ['user-profile-id/UP_ANA'],
      ['user-profile-id/%7B%22%24ne%22%3Anull%7D'],
      ['phone/11912345678'],
      ['email/nobody@example.com'],
      ['document/12345678909'],
    ])('GET %s answers 404 PROFILE_NOT_FOUND', async (path) => {
      expectProblem(await server.request('GET', `${BASE}/${path}`), 404, 'PROFILE_NOT_FOUND');
    });

    it.each([
      ['phone/not-a-phone', 'phone'],
      ['phone/123', 'phone'],
      ['email/ana-at-example.com', 'email'],
      ['email/%7B%22%24gt%22%3A%22%22%7D', 'email'],
      ['document/529.982.247-26', 'document'],
      ['document/11.222.333%2F0001-82', 'document'],
      ['document/12.ABC.345%2F01DE-36', 'document'],
      ['document/%20.%20', 'document'],
      [`user-profile-id/${'x'.repeat(129)}`, 'userProfileId'],
      ['user-profile-id/%20%20%20', 'userProfileId'],
    ])('GET %s answers 400 naming %s', async (path, field) => {
      const answer = await server.request('GET', `${BASE}/${path}`);
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([{ path: field, message: expect.any(String) }]);
    });

    it('refuses a profile id of spaces only on write, and stores nothing', async () => {
      const answer = await server.request('PUT', `${BASE}/user-profile-id/%20%20`, { body: { profile: {} } });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors).toEqual([{ path: 'userProfileId', message: 'must not be blank' }]);
    });

    it('needs a %2F for a slash inside a document (an unencoded slash is another route)', async () => {
      expectProblem(await server.request('GET', `${BASE}/document/12.ABC.345/01DE-35`), 404, 'ROUTE_NOT_FOUND');
    });
  });

  describe('writing', () => {
    it('answers 201 on create and 200 on replace, with the CustomerProfile', async () => {
      const created = await server.request('PUT', `${BASE}/user-profile-id/up_new`, { body: { profile: {} } });
      expect(created.status).toBe(201);
      expect(created.json).toEqual({ userProfileId: 'up_new', profile: {} });
      const replaced = await server.request('PUT', `${BASE}/user-profile-id/up_new`, { body: { profile } });
      expect(replaced.status).toBe(200);
      expect(replaced.json).toEqual({ userProfileId: 'up_new', profile });
    });

    it('accepts profile ids with URL-encoded characters', async () => {
      const id = 'cliente 42+vip@loja';
      const path = `${BASE}/user-profile-id/${encodeURIComponent(id)}`;
      expect((await server.request('PUT', path, { body: { profile: {} } })).json.userProfileId).toBe(id);
      expect((await server.request('GET', path)).json.userProfileId).toBe(id);
      expect((await server.request('DELETE', path)).status).toBe(204);
    });

    it('answers 409 CONFLICT when an identifier belongs to another profile, and changes nothing', async () => {
      const answer = await server.request('PUT', `${BASE}/user-profile-id/up_bob`, {
        body: { identifiers: { phones: ['+55 21 99876-5432'], emails: ['ANA+news@example.com'] }, profile: {} },
      });
      expectProblem(answer, 409, 'CONFLICT');
      expect(answer.json.detail).toBe('The e-mail address in identifiers.emails.0 belongs to another profile.');
      expect(answer.text).not.toContain('up_ana');
      expectProblem(await server.request('GET', `${BASE}/user-profile-id/up_bob`), 404, 'PROFILE_NOT_FOUND');
      expectProblem(await server.request('GET', `${BASE}/phone/21998765432`), 404, 'PROFILE_NOT_FOUND');
      expect((await server.request('GET', `${BASE}/email/ana+news@example.com`)).json.userProfileId).toBe('up_ana');
    });

    it.each([
      ['no profile', { identifiers: {} }, ['profile']],
      ['a profile that is not an object', { profile: 'x' }, ['profile']],
      ['a profile that is an array', { profile: [] }, ['profile']],
      ['an occasion that is an array', { profile: { ocasioes_relevantes: [[]] } }, ['profile.ocasioes_relevantes.0']],
      [
        'a string field with a number',
        { profile: { perfil_cliente: { estilo_geral: 5 } } },
        ['profile.perfil_cliente.estilo_geral'],
      ],
      ['a string list with a number', { profile: { ganchos_conteudo: ['ok', 7] } }, ['profile.ganchos_conteudo.1']],
      [
        'a boolean as text',
        { profile: { momento_compra_atual: { novo_comportamento: 'yes' } } },
        ['profile.momento_compra_atual.novo_comportamento'],
      ],
      [
        'null for a string',
        { profile: { perfil_cliente: { descricao_geral: null } } },
        ['profile.perfil_cliente.descricao_geral'],
      ],
      [
        'an occasion with a wrong type',
        { profile: { ocasioes_relevantes: [{ ocasião: ['x'] }] } },
        ['profile.ocasioes_relevantes.0.ocasião'],
      ],
      [
        'an operator object for a string',
        { profile: { perfil_cliente: { descricao_geral: { $ne: null } } } },
        ['profile.perfil_cliente.descricao_geral'],
      ],
      ['an operator object for an identifier', { identifiers: { emails: [{ $gt: '' }] }, profile: {} }, ['identifiers.emails.0']],
      [
        'bad identifiers',
        { identifiers: { phones: ['123'], documents: ['111.111.111-11'] }, profile: {} },
        ['identifiers.phones.0', 'identifiers.documents.0'],
      ],
      ['a JSON array', [], ['body']],
    ])('answers 400 for %s and changes nothing', async (_label, body, paths) => {
      const answer = await server.request('PUT', `${BASE}/user-profile-id/up_ana`, { body });
      expectProblem(answer, 400, 'VALIDATION_FAILED');
      expect(answer.json.errors.map((e: { path: string }) => e.path)).toEqual(paths);
      expect((await server.request('GET', `${BASE}/user-profile-id/up_ana`)).json.profile).toEqual(profile);
      expect((await server.request('GET', `${BASE}/phone/11987654321`)).status).toBe(200);
    });

    it('answers 409 to a change of an existing profile that takes another’s identifier, keeping the old version', async () => {
      await server.request('PUT', `${BASE}/user-profile-id/up_bob`, {
        body: { identifiers: { phones: ['21 99876-5432'] }, profile: {} },
      });
      const answer = await server.request('PUT', `${BASE}/user-profile-id/up_bob`, {
        body: { identifiers: { phones: ['21 90000-0000'], documents: ['529.982.247-25'] }, profile: { ganchos_conteudo: ['x'] } },
      });
      expectProblem(answer, 409, 'CONFLICT');
      expect((await server.request('GET', `${BASE}/phone/21998765432`)).json).toEqual({ userProfileId: 'up_bob', profile: {} });
      expectProblem(await server.request('GET', `${BASE}/phone/21900000000`), 404, 'PROFILE_NOT_FOUND');
      expect((await server.request('GET', `${BASE}/document/52998224725`)).json.userProfileId).toBe('up_ana');
    });

    it('answers deeply nested JSON without failing (an unknown field is named and not walked, wrong types are 400)', async () => {
      const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const unknown = await server.request('PUT', `${BASE}/user-profile-id/up_new`, {
        rawBody: `{"profile":{},"x":${deep(5000)}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expectProblem(unknown, 400, 'VALIDATION_FAILED');
      expect(unknown.json.errors).toEqual([
        { path: 'x', message: 'is not a field of this object (it takes: identifiers, profile)' },
      ]);
      const wrong = await server.request('PUT', `${BASE}/user-profile-id/up_new`, {
        rawBody: `{"profile":{"ocasioes_relevantes":${deep(5000)}}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expectProblem(wrong, 400, 'VALIDATION_FAILED');
    });

    it('keeps fields whose keys arrive in decomposed Unicode, and refuses unknown fields, naming them, storing nothing', async () => {
      const decomposed = 'ocasia\u0303o';
      const refused = await server.request('PUT', `${BASE}/user-profile-id/up_new`, {
        body: { profile: { ocasioes_relevantes: [{ [decomposed]: 'Praia' }], campo_desconhecido: 'x' }, extra: true },
      });
      expectProblem(refused, 400, 'VALIDATION_FAILED');
      expect(refused.json.errors.map((e: { path: string }) => e.path)).toEqual(['profile.campo_desconhecido', 'extra']);
      expectProblem(await server.request('GET', `${BASE}/user-profile-id/up_new`), 404, 'PROFILE_NOT_FOUND');
      const answer = await server.request('PUT', `${BASE}/user-profile-id/up_new`, {
        body: { profile: { ocasioes_relevantes: [{ [decomposed]: 'Praia' }] } },
      });
      expect(answer.status).toBe(201);
      expect(answer.json.profile).toEqual({ ocasioes_relevantes: [{ ocasião: 'Praia' }] });
    });

    it('erases a profile: 204, then every identifier answers 404, and a second erase 404', async () => {
      expect((await server.request('DELETE', `${BASE}/user-profile-id/up_ana`)).status).toBe(204);
      for (const path of [
        'user-profile-id/up_ana',
        'phone/11987654321',
        'email/ana+news@example.com',
        'document/52998224725',
        'document/12ABC34501DE35',
      ]) {
        expectProblem(await server.request('GET', `${BASE}/${path}`), 404, 'PROFILE_NOT_FOUND');
      }
      expectProblem(await server.request('DELETE', `${BASE}/user-profile-id/up_ana`), 404, 'PROFILE_NOT_FOUND');
    });
  });
});
