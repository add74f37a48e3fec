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
import { bindClass, bindFactory } from '../binding.js';
import type { VitrineConfig } from '../config.js';
import { ShopperMomentsToken, type ShopperMoments } from '../../domain/profile/shopper-moments.js';

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
        const engine = new SimilarityEngine({ ...tuning, policy });
        reportEngine(metrics, engine);
        return engine;
      },
      [MetricsToken, EngineTuningToken, SimilarityPolicyToken],
    );
    bindFactory(bind, SimilarityIndexToken, (engine: SimilarityEngine): SimilarityIndex => engine, [SimilarityEngineToken]);
    bindFactory(bind, SimilarityFeedToken, (engine: SimilarityEngine): SimilarityFeed => engine, [SimilarityEngineToken]);
    bindFactory(bind, ShopperMomentsToken, (engine: SimilarityEngine): ShopperMoments => engine, [SimilarityEngineToken]);
    bindFactory(bind, CatalogSearchToken, (engine: SimilarityEngine): CatalogSearch => new ContentCatalogSearch(engine.lists), [
      SimilarityEngineToken,
    ]);
    bindClass(bind, SimilarAnswers, [SimilarityIndexToken, SimilarityPolicyToken]);
  });
}
