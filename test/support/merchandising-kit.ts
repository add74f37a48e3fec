/** The merchandising use cases on in-memory stores and a fake clock, built as the container builds them. */
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryAnswerCache } from '../../src/adapters/memory/in-memory-answer-cache.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { engineFollowing } from './similarity.js';
import { CachedAnswers } from '../../src/application/caching/cached-answers.js';
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
import { ListSlices } from '../../src/application/merchandising/list-slices.js';
import { PreviewActiveSlice } from '../../src/application/merchandising/preview-active-slice.js';
import { ReplaceSlice } from '../../src/application/merchandising/replace-slice.js';
import { SliceWriter } from '../../src/application/merchandising/slice-writer.js';
import {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../src/application/merchandising/spreadsheet-slices.js';
import { UpdateCollection } from '../../src/application/merchandising/update-collection.js';

export function merchandisingKit(start = '2026-11-21T12:00:00.000Z') {
  const clock = new FakeClock(start);
  const collections = new InMemoryCollectionStore();
  const products = new InMemoryProductStore();
  const cache = new InMemoryAnswerCache(clock);
  const answers = new CachedAnswers(cache, clock, { ttlMs: 60_000 });
  const similarity = engineFollowing(products);
  const writer = new SliceWriter(collections, clock, answers);
  return {
    clock,
    collections,
    products,
    cache,
    answers,
    createCollection: new CreateCollection(collections, clock, answers),
    listCollections: new ListCollections(collections),
    updateCollection: new UpdateCollection(collections, clock, answers),
    deleteCollection: new DeleteCollection(collections, answers),
    createSlice: new CreateSlice(writer),
    replaceSlice: new ReplaceSlice(writer),
    deleteSlice: new DeleteSlice(writer),
    getSlice: new GetSlice(collections, products, clock),
    listSlices: new ListSlices(collections, clock),
    getActive: new GetActiveSlice(collections, products, clock, answers),
    preview: new PreviewActiveSlice(collections, products),
    timeline: new GetTimeline(collections),
    editProducts: new EditSliceProducts(writer),
    createSpreadsheetSlice: new CreateSpreadsheetSlice(writer),
    replaceFromSpreadsheet: new ReplaceSliceProductsFromSpreadsheet(writer),
    createAiSlice: new CreateAiSlice(writer, products, similarity),
    regenerate: new RegenerateAiSlice(writer, products, similarity),
  };
}
