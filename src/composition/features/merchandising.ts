import { ContainerModule } from 'inversify';
import { AnswerCache } from '../../application/caching/answer-cache.js';
import { ActiveSliceWatchToken } from '../../application/merchandising/active-slice-watch.js';
import { CreateAiSlice, ProposeSliceFromSeeds, RegenerateAiSlice } from '../../application/merchandising/ai-slices.js';
import { CreateCollection } from '../../application/merchandising/create-collection.js';
import { CreateSlice } from '../../application/merchandising/create-slice.js';
import { DeleteCollection } from '../../application/merchandising/delete-collection.js';
import { DeleteSlice } from '../../application/merchandising/delete-slice.js';
import { EditSliceProducts } from '../../application/merchandising/edit-slice-products.js';
import { GetActiveSlice } from '../../application/merchandising/get-active-slice.js';
import { GetSlice } from '../../application/merchandising/get-slice.js';
import { GetPlanner } from '../../application/merchandising/get-planner.js';
import { GetTimeline } from '../../application/merchandising/get-timeline.js';
import { ListCollections } from '../../application/merchandising/list-collections.js';
import { ListSlices } from '../../application/merchandising/list-slices.js';
import { PreviewScheduleChange } from '../../application/merchandising/preview-schedule-change.js';
import { ProposeSliceFromBrief } from '../../application/merchandising/propose-slice-from-brief.js';
import { ReplaceSlice } from '../../application/merchandising/replace-slice.js';
import { RuleSliceFiller } from '../../application/merchandising/fill-rule-slice.js';
import { PreviewRuleSlice } from '../../application/merchandising/preview-rule-slice.js';
import { RefreshRuleSlices, RuleRefreshSettingsToken } from '../../application/merchandising/refresh-rule-slices.js';
import { GetSlicePerformance } from '../../application/merchandising/slice-performance.js';
import { GetSliceVersion, ListSliceVersions, RestoreSliceVersion } from '../../application/merchandising/slice-history.js';
import { MerchandisingSettingsToken, SliceWriter } from '../../application/merchandising/slice-writer.js';
import {
  CreateSpreadsheetSlice,
  ReplaceSliceProductsFromSpreadsheet,
} from '../../application/merchandising/spreadsheet-slices.js';
import { UpdateCollection } from '../../application/merchandising/update-collection.js';
import { CatalogFeedToken } from '../../application/product/catalog-feed.js';
import { SimilarAnswers } from '../../application/product/similar-answers.js';
import { CollectionStoreToken } from '../../domain/merchandising/collection-store.js';
import { CatalogSearchToken } from '../../domain/product/catalog-search.js';
import { ProductStoreToken } from '../../domain/product/product-store.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { EventStoreToken } from '../../domain/events/event-store.js';
import { SchedulerToken } from '../../domain/shared/scheduler.js';
import { activeSliceRoutes } from '../../adapters/http/merchandising/active-slice-routes.js';
import { collectionRoutes } from '../../adapters/http/merchandising/collection-routes.js';
import { proposalRoutes } from '../../adapters/http/merchandising/proposal-routes.js';
import { sliceHistoryRoutes } from '../../adapters/http/merchandising/slice-history-routes.js';
import { slicePerformanceRoutes } from '../../adapters/http/merchandising/slice-performance-routes.js';
import { sliceRoutes } from '../../adapters/http/merchandising/slice-routes.js';
import { ruleSliceRoutes } from '../../adapters/http/merchandising/rule-slice-routes.js';
import { spreadsheetAndAiRoutes } from '../../adapters/http/merchandising/spreadsheet-and-ai-routes.js';
import { plannerRoutes } from '../../adapters/http/merchandising/planner-routes.js';
import { timelineRoutes } from '../../adapters/http/merchandising/timeline-routes.js';
import { SpreadsheetReaderToken } from '../../adapters/spreadsheet/spreadsheet-workers.js';
import { bindClass, bindRoutes } from '../binding.js';

/** What does this collection show: collections and their time-boxed slices, the builder's routes and the contract's read. */
export const merchandisingModule = new ContainerModule(({ bind }) => {
  bindClass(bind, GetActiveSlice, [CollectionStoreToken, ProductStoreToken, ClockToken, AnswerCache]);
  bindRoutes(bind, activeSliceRoutes, [GetActiveSlice, ClockToken]);

  bindClass(bind, CreateCollection, [CollectionStoreToken, ClockToken, AnswerCache]);
  bindClass(bind, ListCollections, [CollectionStoreToken, ClockToken]);
  bindClass(bind, UpdateCollection, [CollectionStoreToken, ClockToken, AnswerCache]);
  bindClass(bind, DeleteCollection, [CollectionStoreToken, AnswerCache, ActiveSliceWatchToken]);
  bindRoutes(bind, collectionRoutes, [CreateCollection, ListCollections, UpdateCollection, DeleteCollection]);

  bindClass(bind, SliceWriter, [
    CollectionStoreToken,
    ClockToken,
    AnswerCache,
    ProductStoreToken,
    MerchandisingSettingsToken,
    ActiveSliceWatchToken,
  ]);
  bindClass(bind, RuleSliceFiller, [ProductStoreToken, EventStoreToken, ClockToken, SchedulerToken]);
  bindClass(bind, RefreshRuleSlices, [
    CollectionStoreToken,
    RuleSliceFiller,
    ClockToken,
    SchedulerToken,
    AnswerCache,
    ActiveSliceWatchToken,
    RuleRefreshSettingsToken,
  ]);
  bindClass(bind, ListSlices, [CollectionStoreToken, ClockToken]);
  bindClass(bind, CreateSlice, [SliceWriter, RuleSliceFiller]);
  bindClass(bind, GetSlice, [CollectionStoreToken, ProductStoreToken, ClockToken]);
  bindClass(bind, ReplaceSlice, [SliceWriter, RuleSliceFiller]);
  bindClass(bind, EditSliceProducts, [SliceWriter]);
  bindClass(bind, DeleteSlice, [CollectionStoreToken, AnswerCache, ActiveSliceWatchToken]);
  bindRoutes(bind, sliceRoutes, [ListSlices, CreateSlice, GetSlice, ReplaceSlice, EditSliceProducts, DeleteSlice]);
  bindClass(bind, PreviewRuleSlice, [CollectionStoreToken, RuleSliceFiller, ClockToken]);
  bindRoutes(bind, ruleSliceRoutes, [PreviewRuleSlice]);

  bindClass(bind, ListSliceVersions, [CollectionStoreToken]);
  bindClass(bind, GetSliceVersion, [CollectionStoreToken]);
  bindClass(bind, RestoreSliceVersion, [CollectionStoreToken, SliceWriter]);
  bindRoutes(bind, sliceHistoryRoutes, [ListSliceVersions, GetSliceVersion, RestoreSliceVersion]);

  bindClass(bind, GetSlicePerformance, [CollectionStoreToken, EventStoreToken, ClockToken, SchedulerToken]);
  bindRoutes(bind, slicePerformanceRoutes, [GetSlicePerformance]);

  bindClass(bind, CreateSpreadsheetSlice, [SliceWriter]);
  bindClass(bind, ReplaceSliceProductsFromSpreadsheet, [SliceWriter]);
  bindClass(bind, CreateAiSlice, [SliceWriter, ProductStoreToken, CatalogFeedToken, SimilarAnswers]);
  bindClass(bind, RegenerateAiSlice, [SliceWriter, ProductStoreToken, CatalogFeedToken, SimilarAnswers]);
  bindRoutes(bind, spreadsheetAndAiRoutes, [
    CreateSpreadsheetSlice,
    ReplaceSliceProductsFromSpreadsheet,
    CreateAiSlice,
    RegenerateAiSlice,
    SpreadsheetReaderToken,
  ]);

  bindClass(bind, ProposeSliceFromBrief, [CatalogSearchToken, ProductStoreToken, CatalogFeedToken]);
  bindClass(bind, ProposeSliceFromSeeds, [ProductStoreToken, CatalogFeedToken, SimilarAnswers]);
  bindRoutes(bind, proposalRoutes, [ProposeSliceFromBrief, ProposeSliceFromSeeds]);

  bindClass(bind, GetTimeline, [CollectionStoreToken]);
  bindClass(bind, PreviewScheduleChange, [CollectionStoreToken, ClockToken]);
  bindRoutes(bind, timelineRoutes, [GetTimeline, PreviewScheduleChange]);

  bindClass(bind, GetPlanner, [CollectionStoreToken, ClockToken]);
  bindRoutes(bind, plannerRoutes, [GetPlanner]);
});
