import * as v from 'valibot';
import type { EraseProfile } from '../../../application/profile/erase-profile.js';
import type { LookUpProfile, ProfileKey } from '../../../application/profile/look-up-profile.js';
import type { UpsertProfile } from '../../../application/profile/upsert-profile.js';
import type { UpsertProfiles } from '../../../application/profile/upsert-profiles.js';
import { json, noContent, rendered } from '../pipeline/reply.js';
import { renderer } from '../pipeline/rendered-answers.js';
import { batchBody, jsonBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import { batchAnswerExample, WRITE_OUTCOMES } from '../shared/batch-examples.js';
import { BatchResponse, parseBatch } from '../shared/batch-schemas.js';
import { presentProfile } from './profile-presenter.js';
import {
  CustomerProfileResponse,
  ProfileBatchBody,
  ProfileBatchItem,
  ProfileContentSchema,
  ProfileWriteBody,
} from './profile-schemas.js';

export const PROFILE_BASE = '/api/v1/crm/protected/profile';

const PROFILES_TAG: RouteTag = {
  name: 'Profiles',
  description: 'Who is this customer: a marketing and style profile, found by id, phone, e-mail or document.',
};

/** The four lookups share one shape, `/<kind>/:<param>`, with the contract's parameter names. */
const LOOKUPS: readonly {
  segment: string;
  param: string;
  key: ProfileKey;
  summary: string;
  description: string;
  /** A value that finds the demo data's Ana Souza. */
  example: string;
}[] = [
  {
    segment: 'user-profile-id',
    param: 'userProfileId',
    key: 'userProfileId',
    example: 'up_ana_souza',
    summary: 'Look up a profile by its id',
    description: 'The id is matched exactly.',
  },
  {
    segment: 'phone',
    param: 'phone',
    key: 'phone',
    example: '(11) 98765-4321',
    summary: 'Look up a profile by phone number',
    description: 'Any usual way of writing the number finds the profile: it is read with DEFAULT_COUNTRY into E.164.',
  },
  {
    segment: 'email',
    param: 'email',
    key: 'email',
    example: 'Ana.Souza@exemplo.com.br',
    summary: 'Look up a profile by e-mail address',
    description: 'Matched trimmed and lower-cased.',
  },
  {
    segment: 'document',
    param: 'document',
    key: 'document',
    example: '529.982.247-25',
    summary: 'Look up a profile by document number',
    description:
      'Punctuation is ignored; with country BR, CPF and CNPJ (the alphanumeric CNPJ too) must pass their check digits.',
  },
];

const ProfileParams = v.object({ userProfileId: v.string() });

/** The demo data's Ana Souza, as the lookups answer her (a part of her profile). */
const ANA_EXAMPLE = {
  userProfileId: 'up_ana_souza',
  profile: {
    perfil_cliente: {
      descricao_geral: 'Ana, 34 anos, gerente de projetos em São Paulo. Compra com frequência mensal.',
      estilo_geral: 'Clássico contemporâneo, com tons neutros e tecidos naturais',
    },
    ocasioes_relevantes: [
      {
        ocasião: 'Casamento de amiga',
        persona_na_ocasião: 'Convidada elegante que evita exageros',
        sugestao_look: ['Vestido midi de seda terracota', 'Sandália de salto bloco caramelo'],
      },
    ],
    briefing_marketing: {
      tom_de_voz: ['Próximo e seguro', 'Sem gírias'],
      direcao_visual: ['Luz natural', 'Paleta terrosa'],
      orientacao_campanhas: ['Destacar versatilidade das peças'],
    },
    ganchos_conteudo: ['5 formas de usar a mesma pantalona'],
    momento_compra_atual: {
      navegacoes: ['2026-11-25 14:32 — visualizou Vestido Midi de Linho (VES-001)'],
      resumo_momento: 'Procurando um look para um casamento diurno nas próximas semanas.',
      relacao_com_historico: 'Coerente com o histórico: já comprou vestidos midi e sandálias de salto baixo.',
      novo_comportamento: false,
      oportunidades: ['Oferecer combinação vestido + sandália'],
    },
  },
};

/** A new customer's profile, as a write sends it: her identifiers, then the contract's profile object. */
const BRUNO_WRITE_EXAMPLE = {
  identifiers: { phones: ['+55 21 99876-5432'], emails: ['bruno.lima@exemplo.com.br'], documents: ['111.444.777-35'] },
  profile: {
    perfil_cliente: { descricao_geral: 'Bruno, 29 anos, designer no Rio de Janeiro.', estilo_geral: 'Casual urbano' },
    ganchos_conteudo: ['Looks de fim de semana na praia'],
  },
};

const BRUNO_EXAMPLE = { userProfileId: 'up_bruno_lima', profile: BRUNO_WRITE_EXAMPLE.profile };

/** Who is this customer: the contract's four lookups, and the writes that feed them. */
export function profileRoutes(
  lookUp: LookUpProfile,
  upsert: UpsertProfile,
  upsertMany: UpsertProfiles,
  erase: EraseProfile,
): RouteGroup {
  const render = renderer(presentProfile);
  const byId = `${PROFILE_BASE}/user-profile-id/:userProfileId`;
  const lookups = LOOKUPS.map(({ segment, param, key, summary, description, example }) =>
    route({
      method: 'GET',
      path: `${PROFILE_BASE}/${segment}/:${param}`,
      operationId: `getProfileBy${segment.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`,
      summary,
      description,
      scope: 'profiles:read',
      params: v.object({ [param]: v.string() }),
      sensitiveParams: [param],
      conditional: true,
      responses: [
        { status: 200, description: 'The customer profile.', body: CustomerProfileResponse, headers: ['ETag'] },
        { status: 304, description: 'The copy the client holds (If-None-Match) is current.', headers: ['ETag'] },
      ],
      problems: ['PROFILE_NOT_FOUND'],
      examples: { params: { [param]: example }, responses: { 200: ANA_EXAMPLE } },
      handler: async ({ params }) => rendered(render(await lookUp.execute({ by: key, value: params[param] ?? '' }))),
      peek: (params, counted) => {
        const profile = lookUp.peek({ by: key, value: params[param] ?? '' }, counted);
        return profile === undefined ? undefined : rendered(render(profile));
      },
    }),
  );
  return {
    tag: PROFILES_TAG,
    schemas: { CustomerProfile: CustomerProfileResponse, ProfileContent: ProfileContentSchema, ProfileWrite: ProfileWriteBody },
    routes: [...lookups, batchWrite(upsertMany), write(byId, upsert), eraseRoute(byId, erase)],
  };
}

function batchWrite(upsertMany: UpsertProfiles): RouteSpec {
  return route({
    method: 'POST',
    path: `${PROFILE_BASE}/batch`,
    operationId: 'putProfiles',
    summary: 'Create or replace up to 1,000 profiles',
    description:
      'Each item is written as `PUT .../user-profile-id/:userProfileId` writes it, on its own: a bad item (or an identifier that belongs to another profile) is reported by its index and the others are applied. An item identical to the stored profile is `unchanged` and not written. The body may be up to 2 MB.',
    scope: 'profiles:write',
    body: batchBody(ProfileBatchBody, (raw) => parseBatch(raw, 'profiles', ProfileBatchItem, (item) => item.userProfileId)),
    responses: [{ status: 200, description: 'What became of each item.', body: BatchResponse }],
    examples: {
      body: { profiles: [{ userProfileId: 'up_bruno_lima', ...BRUNO_WRITE_EXAMPLE }, { ...ANA_EXAMPLE }] },
      responses: {
        200: batchAnswerExample(WRITE_OUTCOMES, [
          ['up_bruno_lima', 'created'],
          ['up_ana_souza', 'replaced'],
        ]),
      },
    },
    handler: async ({ body }) => json(200, await upsertMany.execute(body)),
  });
}

function write(path: string, upsert: UpsertProfile): RouteSpec {
  return route({
    method: 'PUT',
    path,
    sensitiveParams: ['userProfileId'],
    operationId: 'putProfile',
    summary: 'Create or replace a profile',
    description: 'Its identifiers are stored normalised; one that belongs to another profile is a conflict.',
    scope: 'profiles:write',
    params: ProfileParams,
    body: jsonBody(ProfileWriteBody),
    responses: [
      { status: 201, description: 'Created.', body: CustomerProfileResponse },
      { status: 200, description: 'Replaced.', body: CustomerProfileResponse },
    ],
    problems: ['CONFLICT'],
    examples: {
      params: { userProfileId: 'up_bruno_lima' },
      body: BRUNO_WRITE_EXAMPLE,
      responses: { 201: BRUNO_EXAMPLE, 200: BRUNO_EXAMPLE },
    },
    handler: async ({ params, body }) => {
      const { created, profile } = await upsert.execute({ userProfileId: params.userProfileId, ...body });
      return json(created ? 201 : 200, presentProfile(profile));
    },
  });
}

function eraseRoute(path: string, erase: EraseProfile): RouteSpec {
  return route({
    method: 'DELETE',
    path,
    sensitiveParams: ['userProfileId'],
    operationId: 'deleteProfile',
    summary: 'Erase a profile',
    description: 'Afterwards none of its identifiers finds anything.',
    scope: 'profiles:write',
    params: ProfileParams,
    responses: [{ status: 204, description: 'Erased.' }],
    problems: ['PROFILE_NOT_FOUND'],
    examples: { params: { userProfileId: 'up_bruno_lima' }, responses: {} },
    handler: async ({ params }) => {
      await erase.execute(params.userProfileId);
      return noContent();
    },
  });
}
