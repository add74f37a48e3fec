/** The merchandising use cases on the embedded default and a fake clock, built by the service's own modules. */
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemorySharedCache } from '../../src/adapters/memory/in-memory-shared-cache.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { CreateAiSlice, RegenerateAiSlice } from '../../src/application/merchandising/ai-slices.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { DeleteCollection } from '../../src/application/merchandising/delete-collection.js';
import { DeleteSlice } from '../../src/application/merchandising/delete-slice.js';
import { EditSliceProducts } from '../../src/application/merchandising/edit-slice-products.js';
import { GetActiveSlice } from '../../src/application/merchandising/get-active-slice.js';
import { GetSlice } from '../../src/application/merchandising/get-slice.js';
import { GetTimeline } from '../../src/application/merchandising/get-timeline.js';
import { ListCollections } from '../../src/application/merchandising/list-collections.js';
import { PreviewScheduleChange } from '../../src/application/merchandising/preview-schedule-change.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { ListSlices } from '../../src/application/merchandising/list-slices.js';
import { ReplaceSlice } from '../../src/application/merchandising/replace-slice.js';
import {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../src/application/merchandising/spreadsheet-slices.js';
import { UpdateCollection } from '../../src/application/merchandising/update-collection.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import { RefreshRuleSlices } from '../../src/application/merchandising/refresh-rule-slices.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import type { ProductInput } from '../../src/domain/product/product.js';
import { testContainer } from './test-container.js';
import { SharedCacheToken } from '../../src/domain/caching/shared-cache.js';
import { override } from '../../src/composition/overrides.js';

export function merchandisingKit(start = '2026-11-21T12:00:00.000Z') {
  const clock = new FakeClock(start);
  const cache = new InMemorySharedCache(clock);
  const { get } = testContainer({ clock, overrides: [override(SharedCacheToken, cache)] });
  const upsertProduct = get(UpsertProduct);
  return {
    clock,
    cache,
    container: { get },
    events: get(EventStoreToken),
    /** The rule slices' refresh (not started: a test starts it). */
    refreshRules: get(RefreshRuleSlices),
    collections: get(CollectionStoreToken),
    answers: get(AnswerCache),
    products: get(ProductStoreToken),
    /** Writes a catalog product as the service does, so the similarity engine follows. */
    saveProduct: (input: ProductInput) => upsertProduct.execute(input),
    createCollection: get(CreateCollection),
    listCollections: get(ListCollections),
    updateCollection: get(UpdateCollection),
    deleteCollection: get(DeleteCollection),
    createSlice: get(CreateSlice),
    replaceSlice: get(ReplaceSlice),
    deleteSlice: get(DeleteSlice),
    getSlice: get(GetSlice),
    listSlices: get(ListSlices),
    getActive: get(GetActiveSlice),
    timeline: get(GetTimeline),
    previewChange: get(PreviewScheduleChange),
    editProducts: get(EditSliceProducts),
    createSpreadsheetSlice: get(CreateSpreadsheetSlice),
    replaceFromSpreadsheet: get(ReplaceSliceProductsFromSpreadsheet),
    createAiSlice: get(CreateAiSlice),
    regenerate: get(RegenerateAiSlice),
  };
}
