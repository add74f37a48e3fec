import type { Container } from 'inversify';
import * as v from 'valibot';
import { EraseProfile } from '../../../application/profile/erase-profile.js';
import { LookUpProfile, type ProfileKey } from '../../../application/profile/look-up-profile.js';
import { UpsertProfile } from '../../../application/profile/upsert-profile.js';
import { sendJson, sendNoContent } from '../context.js';
import { renderer, sendRendered } from '../rendered-answers.js';
import { presentProfile } from '../presenters/profile-presenter.js';
import { CustomerProfileResponse, ProfileBatchBody, ProfileBatchItem, ProfileWriteBody } from '../schemas/profile-schemas.js';
import { BatchResponse, parseBatch } from '../schemas/batch-schemas.js';
import { BATCH_BODY_LIMIT_BYTES } from '../middleware/json-body.js';
import { UpsertProfiles } from '../../../application/profile/upsert-profiles.js';
import { parseBody } from '../validation.js';
import type { RouteSpec } from './route-spec.js';

export const PROFILE_BASE = '/api/v1/crm/protected/profile';

/** The four lookups share one shape, `/<kind>/:<param>`, with the contract's parameter names. */
const LOOKUPS: readonly { segment: string; param: string; key: ProfileKey; summary: string; description: string }[] = [
  {
    segment: 'user-profile-id',
    param: 'userProfileId',
    key: 'userProfileId',
    summary: 'Look up a profile by its id',
    description: 'The id is matched exactly.',
  },
  {
    segment: 'phone',
    param: 'phone',
    key: 'phone',
    summary: 'Look up a profile by phone number',
    description: 'Any usual way of writing the number finds the profile: it is read with DEFAULT_COUNTRY into E.164.',
  },
  {
    segment: 'email',
    param: 'email',
    key: 'email',
    summary: 'Look up a profile by e-mail address',
    description: 'Matched trimmed and lower-cased.',
  },
  {
    segment: 'document',
    param: 'document',
    key: 'document',
    summary: 'Look up a profile by document number',
    description:
      'Punctuation is ignored; with country BR, CPF and CNPJ (the alphanumeric CNPJ too) must pass their check digits.',
  },
];

const paramsOf = (name: string) => v.object({ [name]: v.string() });

export function profileRoutes(container: Container): RouteSpec[] {
  const lookUp = container.get(LookUpProfile);
  const upsert = container.get(UpsertProfile);
  const upsertMany = container.get(UpsertProfiles);
  const erase = container.get(EraseProfile);
  const byId = `${PROFILE_BASE}/user-profile-id/:userProfileId`;
  const render = renderer(presentProfile);

  const lookups = LOOKUPS.map(({ segment, param, key, summary, description }): RouteSpec => ({
    method: 'GET',
    path: `${PROFILE_BASE}/${segment}/:${param}`,
    operationId: `getProfileBy${segment.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`,
    tag: 'Profiles',
    summary,
    description,
    scope: 'profiles:read',
    params: paramsOf(param),
    sensitiveParams: key === 'userProfileId' ? [] : [param],
    conditional: 'If-None-Match',
    responses: [
      { status: 200, description: 'The customer profile.', body: CustomerProfileResponse, headers: ['ETag'] },
      { status: 304, description: 'The copy the client holds (If-None-Match) is current.', headers: ['ETag'] },
    ],
    problems: ['PROFILE_NOT_FOUND'],
    handler: async (ctx) => {
      sendRendered(ctx, render(await lookUp.execute({ by: key, value: ctx.params[param] ?? '' })));
    },
    hot: ({ params }) => {
      const profile = lookUp.peek({ by: key, value: params[param] ?? '' });
      return profile === undefined ? undefined : { rendered: render(profile), tagged: true };
    },
  }));

  return [
    ...lookups,
    {
      method: 'POST',
      path: `${PROFILE_BASE}/batch`,
      operationId: 'putProfiles',
      tag: 'Profiles',
      summary: 'Create or replace up to 1,000 profiles',
      description:
        'Each item is written as `PUT .../user-profile-id/:userProfileId` writes it, on its own: a bad item (or an identifier that belongs to another profile) is reported by its index and the others are applied. An item identical to the stored profile is `unchanged` and not written. The body may be up to 16 MB.',
      scope: 'profiles:write',
      body: { json: ProfileBatchBody, limitBytes: BATCH_BODY_LIMIT_BYTES },
      responses: [{ status: 200, description: 'What became of each item.', body: BatchResponse }],
      handler: async (ctx) => {
        const items = parseBatch(ctx.request.body, 'profiles', ProfileBatchItem, (raw) => raw.userProfileId);
        sendJson(ctx, 200, await upsertMany.execute(items));
      },
    },
    {
      method: 'PUT',
      path: byId,
      operationId: 'putProfile',
      tag: 'Profiles',
      summary: 'Create or replace a profile',
      description: 'Its identifiers are stored normalised; one that belongs to another profile is a conflict.',
      scope: 'profiles:write',
      params: paramsOf('userProfileId'),
      body: { json: ProfileWriteBody },
      responses: [
        { status: 201, description: 'Created.', body: CustomerProfileResponse },
        { status: 200, description: 'Replaced.', body: CustomerProfileResponse },
      ],
      problems: ['CONFLICT'],
      handler: async (ctx) => {
        const body = parseBody(ProfileWriteBody, ctx.request.body);
        const { created, profile } = await upsert.execute({ userProfileId: ctx.params.userProfileId ?? '', ...body });
        sendJson(ctx, created ? 201 : 200, presentProfile(profile));
      },
    },
    {
      method: 'DELETE',
      path: byId,
      operationId: 'deleteProfile',
      tag: 'Profiles',
      summary: 'Erase a profile',
      description: 'Afterwards none of its identifiers finds anything.',
      scope: 'profiles:write',
      params: paramsOf('userProfileId'),
      responses: [{ status: 204, description: 'Erased.' }],
      problems: ['PROFILE_NOT_FOUND'],
      handler: async (ctx) => {
        await erase.execute(ctx.params.userProfileId ?? '');
        sendNoContent(ctx);
      },
    },
  ];
}
