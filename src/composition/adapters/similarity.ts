import { ContainerModule } from 'inversify';
import { CatalogSearchToken, type CatalogSearch } from '../../domain/product/catalog-search.js';
import {
  SimilarityFeedToken,
  SimilarityIndexToken,
  type SimilarityFeed,
  type SimilarityIndex,
} from '../../domain/product/similarity.js';
import {
  DEFAULT_SIMILARITY_POLICY,
  SimilarityPolicyToken,
  type SimilarityPolicy,
} from '../../domain/product/similarity-policy.js';
import { token } from '../../domain/shared/token.js';
import { SimilarAnswers } from '../../application/product/similar-answers.js';
import { MetricsToken, type PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { ContentCatalogSearch } from '../../adapters/similarity/catalog-search.js';
import { SimilarityEngine, type SimilarityEngineSettings } from '../../adapters/similarity/similarity-engine.js';
import { bindClass, bindFactory, bindValue } from '../binding.js';
import { randomUUID } from 'node:crypto';
import type { ContainerModuleLoadOptions } from 'inversify';
import { AnswerReadsToken, type AnswerReads } from '../../domain/product/similarity.js';
import { SharedListsToken, type SharedLists } from '../../domain/product/shared-lists.js';
import { ShopperRecordsToken, type ShopperRecords } from '../../domain/product/shopper-records.js';
import { SchedulerToken, type Scheduler } from '../../domain/shared/scheduler.js';
import { EngineReads, ListedReads } from '../../application/product/answer-reads.js';
import { BuilderFeed } from '../../application/product/builder-feed.js';
import { CatalogFeedToken, type CatalogFeed } from '../../application/product/catalog-feed.js';
import { FollowCatalog } from '../../application/product/follow-catalog.js';
import { ListsLeadership, ListsReadiness, type BuilderRole } from '../../application/product/lists-leadership.js';
import type { ReadinessCheck } from '../../domain/health/readiness-check.js';
import { PublishLists } from '../../application/product/publish-lists.js';
import { EventFeedExtensionToken } from '../../application/events/follow-events.js';
import { FollowEvents, type EventFeed } from '../../application/events/follow-events.js';
import { RecordingEventFeed } from '../../application/events/recording-event-feed.js';
import { ListedSimilarity } from '../../adapters/similarity/listed-similarity.js';
import { ResourceSequence, type Resource } from '../lifecycle.js';
import type { VitrineConfig } from '../config.js';
import { ShopperMomentsToken, type ShopperMoments } from '../../domain/profile/shopper-moments.js';

/** What is started to keep the answers' index current: the catalog and events followed, or the lease contended for. */
export const EngineResourceToken = token<Resource>('EngineResource');
export const ListedSimilarityToken = token<ListedSimilarity>('ListedSimilarity');
export const ListsLeadershipToken = token<ListsLeadership>('ListsLeadership');
/** Whether the shared lists were made whole (SIMILAR_LISTS=shared only). */
export const ListsReadinessToken = token<ReadinessCheck>('ListsReadiness');

/** How the engine works, beyond the configuration: tests and benchmarks compute lists when asked rather than in the background. */
export type EngineTuning = Pick<SimilarityEngineSettings, 'background' | 'exactSearchBelow'>;

export const EngineTuningToken = token<EngineTuning>('EngineTuning');

/** The engine itself: an override (a test's own engine) replaces it behind every port. */
export const SimilarityEngineToken = token<SimilarityEngine>('SimilarityEngine');

/** The engine's and the behaviour's sizes in the metrics: the counts read when scraped, the bytes measured off the scrape. */
export function reportEngine(metrics: PrometheusMetrics, engine: SimilarityEngine): void {
  metrics.observeSimilarity(
    () => engine.counts,
    () => engine.measureBytes(),
  );
  metrics.observeBehaviour(
    () => engine.behaviour.counts,
    () => engine.behaviour.measureBytes(),
  );
}

/**
 * The similarity index of this process (SimilarityEngine: the catalog's neighbour lists and what
 * shoppers' events taught), bound as both its ports (read and feed) and as the catalog search over
 * its content index, its sizes reported in the metrics; the policy it and the answers follow (the
 * domain's defaults, BEHAVIOUR_MIN_EVIDENCE aside); and SimilarAnswers, which composes answers
 * from it.
 */
export function similarityModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, EngineTuningToken, (): EngineTuning => ({}), []);
    bindFactory(
      bind,
      SimilarityPolicyToken,
      (): SimilarityPolicy =>
        Object.freeze({
          ...DEFAULT_SIMILARITY_POLICY,
          minEvidence: config.behaviourMinEvidence ?? DEFAULT_SIMILARITY_POLICY.minEvidence,
        }),
      [],
    );
    bindFactory(
      bind,
      SimilarityEngineToken,
      (metrics: PrometheusMetrics, tuning: EngineTuning, policy: SimilarityPolicy) => {
        // With shared lists, its builder publishes only what changed: the engine keeps which products did.
        const engine = new SimilarityEngine({ ...tuning, policy, logChanges: config.similarLists.shared });
        reportEngine(metrics, engine);
        return engine;
      },
      [MetricsToken, EngineTuningToken, SimilarityPolicyToken],
    );
    bindFactory(bind, CatalogSearchToken, (engine: SimilarityEngine): CatalogSearch => new ContentCatalogSearch(engine.lists), [
      SimilarityEngineToken,
    ]);
    bindClass(bind, SimilarAnswers, [SimilarityIndexToken, SimilarityPolicyToken]);
    if (config.similarLists.shared) bindSharedLists(bind, config);
    else bindLocalLists(bind);
  });
}

type Bind = ContainerModuleLoadOptions['bind'];

/** Every instance builds its own engine and answers from it (the embedded default). */
function bindLocalLists(bind: Bind): void {
  bindFactory(bind, SimilarityIndexToken, (engine: SimilarityEngine): SimilarityIndex => engine, [SimilarityEngineToken]);
  bindFactory(bind, SimilarityFeedToken, (engine: SimilarityEngine): SimilarityFeed => engine, [SimilarityEngineToken]);
  bindFactory(bind, ShopperMomentsToken, (engine: SimilarityEngine): ShopperMoments => engine, [SimilarityEngineToken]);
  bindFactory(bind, AnswerReadsToken, (feed: CatalogFeed): AnswerReads => new EngineReads(feed), [CatalogFeedToken]);
  bindValue(bind, EventFeedExtensionToken, (feed: EventFeed) => feed);
  // The catalog first: what the events teach is about its products.
  bindFactory(
    bind,
    EngineResourceToken,
    (catalog: FollowCatalog, events: FollowEvents): Resource => new ResourceSequence('similarity', [catalog, events]),
    [FollowCatalog, FollowEvents],
  );
}

/**
 * The lists computed once per deployment (SIMILAR_LISTS=shared): the instance holding the lease
 * builds the engine (its feed open only then) and publishes; every instance answers from the
 * shared lists and records through a reader's bounded caches; every event recorded here is added
 * to the shared records.
 */
function bindSharedLists(bind: Bind, config: VitrineConfig): void {
  bindClass(bind, BuilderFeed, [SimilarityEngineToken]);
  bindFactory(bind, SimilarityFeedToken, (feed: BuilderFeed): SimilarityFeed => feed, [BuilderFeed]);
  bindFactory(
    bind,
    ListedSimilarityToken,
    (shared: SharedLists, records: ShopperRecords, policy: SimilarityPolicy) =>
      new ListedSimilarity(shared, records, policy, config.similarLists),
    [SharedListsToken, ShopperRecordsToken, SimilarityPolicyToken],
  );
  bindFactory(bind, SimilarityIndexToken, (index: ListedSimilarity): SimilarityIndex => index, [ListedSimilarityToken]);
  bindFactory(bind, ShopperMomentsToken, (index: ListedSimilarity): ShopperMoments => index, [ListedSimilarityToken]);
  bindFactory(bind, AnswerReadsToken, (index: ListedSimilarity, feed: CatalogFeed): AnswerReads => new ListedReads(index, feed), [
    ListedSimilarityToken,
    CatalogFeedToken,
  ]);
  bindFactory(
    bind,
    EventFeedExtensionToken,
    (records: ShopperRecords) => (feed: EventFeed) => new RecordingEventFeed(feed, records),
    [ShopperRecordsToken],
  );
  bindClass(bind, PublishLists, [
    SimilarityEngineToken,
    SimilarityEngineToken,
    SharedListsToken,
    SimilarityPolicyToken,
    SchedulerToken,
  ]);
  bindFactory(
    bind,
    ListsLeadershipToken,
    (
      shared: SharedLists,
      publisher: PublishLists,
      feed: BuilderFeed,
      catalog: FollowCatalog,
      events: FollowEvents,
      scheduler: Scheduler,
      metrics: PrometheusMetrics,
      index: ListedSimilarity,
    ) => {
      // Idle until this instance leads: a reader neither reads the catalog nor learns the history.
      void catalog.stop();
      void events.stop();
      const role: BuilderRole = {
        lead: async () => {
          feed.lead();
          await catalog.start();
          await events.start();
        },
        stepDown: async () => {
          await Promise.all([catalog.stop(), events.stop()]);
          feed.stepDown();
        },
      };
      const leadership = new ListsLeadership(shared, publisher, role, scheduler, randomUUID());
      metrics.observeSharedLists(() => ({ builder: leadership.standing === 'builder', ...leadership.figures, ...index.kept }));
      return leadership;
    },
    [
      SharedListsToken,
      PublishLists,
      BuilderFeed,
      FollowCatalog,
      FollowEvents,
      SchedulerToken,
      MetricsToken,
      ListedSimilarityToken,
    ],
  );
  bindFactory(bind, EngineResourceToken, (leadership: ListsLeadership): Resource => leadership, [ListsLeadershipToken]);
  bindFactory(bind, ListsReadinessToken, (shared: SharedLists): ReadinessCheck => new ListsReadiness(shared), [SharedListsToken]);
}
