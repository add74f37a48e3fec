import { EraseProfile } from '../../../application/profile/erase-profile.js';
import { LookUpProfile, type ProfileKey } from '../../../application/profile/look-up-profile.js';
import { UpsertProfile } from '../../../application/profile/upsert-profile.js';
import { sendJson, sendNoContent } from '../context.js';
import { presentProfile } from '../presenters/profile-presenter.js';
import { ProfileWriteBody } from '../schemas/profile-schemas.js';
import { parseBody } from '../validation.js';
import type { RouteKit } from './route-kit.js';

export const PROFILE_BASE = '/api/v1/crm/protected/profile';

/** The four lookups share one shape: `/<kind>/:value`. */
const LOOKUPS: readonly { segment: string; key: ProfileKey }[] = [
  { segment: 'user-profile-id', key: 'userProfileId' },
  { segment: 'phone', key: 'phone' },
  { segment: 'email', key: 'email' },
  { segment: 'document', key: 'document' },
];

export function profileRoutes({ router, container, requireScope, jsonBody }: RouteKit): void {
  const lookUp = container.get(LookUpProfile);
  const upsert = container.get(UpsertProfile);
  const erase = container.get(EraseProfile);

  for (const { segment, key } of LOOKUPS) {
    router.get(`${PROFILE_BASE}/${segment}/:value`, requireScope('profiles:read'), async (ctx) => {
      sendJson(ctx, 200, presentProfile(await lookUp.execute({ by: key, value: ctx.params.value ?? '' })));
    });
  }

  router.put(`${PROFILE_BASE}/user-profile-id/:value`, requireScope('profiles:write'), jsonBody, async (ctx) => {
    const body = parseBody(ProfileWriteBody, ctx.request.body);
    const { created, profile } = await upsert.execute({ userProfileId: ctx.params.value ?? '', ...body });
    sendJson(ctx, created ? 201 : 200, presentProfile(profile));
  });

  router.delete(`${PROFILE_BASE}/user-profile-id/:value`, requireScope('profiles:write'), async (ctx) => {
    await erase.execute(ctx.params.value ?? '');
    sendNoContent(ctx);
  });
}
