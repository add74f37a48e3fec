import type { CreateCollection } from '../../application/merchandising/create-collection.js';
import type { CreateSlice } from '../../application/merchandising/create-slice.js';
import type { UpsertProduct } from '../../application/product/upsert-product.js';
import type { UpsertProfile } from '../../application/profile/upsert-profile.js';
import type { Clock } from '../../domain/shared/clock.js';
import { demoCatalog } from './demo-catalog.js';
import { demoCollections } from './demo-collections.js';
import { demoProfiles } from './demo-profiles.js';

/** The name demo collections and slices record as their author. */
export const DEMO_ACTOR = 'demo-data';

export interface DemoDataLoaders {
  readonly clock: Clock;
  readonly upsertProduct: UpsertProduct;
  readonly upsertProfile: UpsertProfile;
  readonly createCollection: CreateCollection;
  readonly createSlice: CreateSlice;
}

/** Loads the demo data set through the use cases, so it passes every rule real data must pass. */
export async function loadDemoData(
  loaders: DemoDataLoaders,
): Promise<{ products: number; profiles: number; collections: number }> {
  const now = loaders.clock.now();
  const catalog = demoCatalog();
  for (const product of catalog) await loaders.upsertProduct.execute(product);
  const profiles = demoProfiles(now);
  for (const profile of profiles) await loaders.upsertProfile.execute(profile);
  const collections = demoCollections(now);
  for (const { fields, slices } of collections) {
    const collection = await loaders.createCollection.execute(fields, DEMO_ACTOR);
    for (const slice of slices) await loaders.createSlice.execute(collection.id, slice, DEMO_ACTOR);
  }
  return { products: catalog.length, profiles: profiles.length, collections: collections.length };
}
