import { resolve } from '../../src/composition/resolve.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { demoCatalog } from '../../src/adapters/demo/demo-catalog.js';
import { demoProfiles } from '../../src/adapters/demo/demo-profiles.js';
import { loadDemoData } from '../../src/adapters/demo/load-demo-data.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { GetActiveSlice } from '../../src/application/merchandising/get-active-slice.js';
import { ListSlices } from '../../src/application/merchandising/list-slices.js';
import { ListCollections } from '../../src/application/merchandising/list-collections.js';
import { FindSimilarProducts } from '../../src/application/product/find-similar-products.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { LookUpProfile } from '../../src/application/profile/look-up-profile.js';
import { UpsertProfile } from '../../src/application/profile/upsert-profile.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { parseConfig } from '../../src/composition/config.js';
import { createContainer } from '../../src/composition/container.js';
import type { Container } from 'inversify';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { override } from '../../src/composition/overrides.js';

describe('the demo data set', () => {
  const clock = new FakeClock('2026-11-21T19:37:12.345Z');
  let container: Container;

  beforeAll(async () => {
    container = createContainer(parseConfig({ LOG_LEVEL: 'silent' }), [override(ClockToken, clock)]);
    await loadDemoData({
      clock,
      upsertProduct: resolve(container, UpsertProduct),
      upsertProfile: resolve(container, UpsertProfile),
      createCollection: resolve(container, CreateCollection),
      createSlice: resolve(container, CreateSlice),
    });
  });

  it('has a catalog of at least 200 products over several categories and brands, some unavailable, a few curated', () => {
    const catalog = demoCatalog();
    expect(catalog.length).toBeGreaterThanOrEqual(200);
    expect(new Set(catalog.map((p) => p.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(catalog.map((p) => p.brand)).size).toBeGreaterThanOrEqual(5);
    expect(catalog.filter((p) => !p.available).length).toBeGreaterThan(10);
    expect(catalog.filter((p) => p.similar !== undefined).length).toBeGreaterThanOrEqual(3);
  });

  it('is the same catalog on every start', () => {
    expect(demoCatalog()).toEqual(demoCatalog());
  });

  it('answers similar products from curated lists and from categories', async () => {
    const { products: similar } = await resolve(container, FindSimilarProducts).execute({ productId: 'VES-001', limit: 6 });
    expect(similar.slice(0, 5)).toEqual(['VES-004', 'SAN-002', 'BOL-003', 'ACE-005', 'VES-009']);
    expect(similar).toHaveLength(6);
  });

  it('has at least five profiles, each reachable by all four identifier kinds as written', async () => {
    const profiles = demoProfiles(clock.now());
    expect(profiles.length).toBeGreaterThanOrEqual(5);
    const lookUp = resolve(container, LookUpProfile);
    for (const { userProfileId, identifiers } of profiles) {
      const lookups = [
        { by: 'userProfileId', value: userProfileId },
        { by: 'phone', value: identifiers?.phones?.[0] },
        { by: 'email', value: identifiers?.emails?.[0] },
        { by: 'document', value: identifiers?.documents?.[0] },
      ] as const;
      for (const { by, value } of lookups) {
        expect(value, `${userProfileId} ${by}`).toBeTypeOf('string');
        expect((await lookUp.execute({ by, value: value ?? '' })).userProfileId).toBe(userProfileId);
      }
    }
  });

  it('writes profiles in Portuguese with every contract field', async () => {
    const { profile } = await resolve(container, LookUpProfile).execute({ by: 'userProfileId', value: 'up_ana_souza' });
    expect(Object.keys(profile)).toEqual([
      'perfil_cliente',
      'ocasioes_relevantes',
      'briefing_marketing',
      'ganchos_conteudo',
      'momento_compra_atual',
    ]);
    expect(profile.ocasioes_relevantes?.[0]).toHaveProperty('persona_na_ocasião');
    expect(profile.momento_compra_atual?.navegacoes?.[0]).toMatch(/^2026-11-20 14:32 — /);
  });

  it('has expired, active (two overlapping), scheduled slices, and a collection with no active slice', async () => {
    const collections = (await resolve(container, ListCollections).execute()).items;
    const statuses = new Set<string>();
    for (const { id } of collections)
      for (const s of (await resolve(container, ListSlices).execute(id)).slices) statuses.add(s.status);
    expect([...statuses].sort()).toEqual(['ACTIVE', 'EXPIRED', 'SCHEDULED']);

    const first = await resolve(container, ListSlices).execute(1);
    expect(first.slices.filter((s) => s.status === 'ACTIVE')).toHaveLength(2);
    const shown = await resolve(container, GetActiveSlice).execute(1);
    expect(shown.slice.name).toBe('Verão — destaque do fim de semana');
    expect(shown.active).toContain(false);

    const codes = await Promise.all(
      collections.map((c) =>
        container
          .get(GetActiveSlice)
          .execute(c.id)
          .then(
            () => 'shown',
            (e: DomainError) => e.code,
          ),
      ),
    );
    expect(codes).toContain('NO_ACTIVE_SLICE');
  });
});
