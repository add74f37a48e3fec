import type { CreateCollection } from '../../application/merchandising/create-collection.js';
import type { RecordEvents } from '../../application/events/record-events.js';
import type { CreateSlice } from '../../application/merchandising/create-slice.js';
import type { UpsertProduct } from '../../application/product/upsert-product.js';
import type { UpsertProfile } from '../../application/profile/upsert-profile.js';
import type { Clock } from '../../domain/shared/clock.js';
import { demoCatalog } from './demo-catalog.js';
import { demoCollections } from './demo-collections.js';
import { demoEvents } from './demo-events.js';
import { demoProfiles } from './demo-profiles.js';

/** The name demo collections and slices record as their author. */
export const DEMO_ACTOR = 'demo-data';

export interface DemoDataLoaders {
  readonly clock: Clock;
  readonly upsertProduct: UpsertProduct;
  readonly upsertProfile: UpsertProfile;
  readonly createCollection: CreateCollection;
  readonly createSlice: CreateSlice;
  /** Shopper sessions are recorded when given (an embedder without an event store leaves it out). */
  readonly recordEvents?: RecordEvents;
}

/** Events go in batches of the size the events route takes. */
const EVENT_BATCH = 1000;

/** Loads the demo data set through the use cases, so it passes every rule real data must pass. */
export async function loadDemoData(
  loaders: DemoDataLoaders,
): Promise<{ products: number; profiles: number; collections: number; events: number }> {
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
  const events = loaders.recordEvents === undefined ? 0 : await recordDemoEvents(loaders.recordEvents, now);
  return { products: catalog.length, profiles: profiles.length, collections: collections.length, events };
}

/**
 * Records the demo sessions through the use case, as any sender's events; answers how many were
 * accepted (a retention shorter than the sessions' 7 days, or last season's up to 90, refuses the older ones, and an event
 * recorded before is a duplicate).
 */
async function recordDemoEvents(record: RecordEvents, now: Date): Promise<number> {
  const events = demoEvents(now);
  let accepted = 0;
  for (let from = 0; from < events.length; from += EVENT_BATCH) {
    const batch = events.slice(from, from + EVENT_BATCH).map((input, index) => ({ index, input }));
    accepted += (await record.execute(batch)).accepted;
  }
  return accepted;
}
