import { ContainerModule } from 'inversify';
import { CatalogSearchToken, type CatalogSearch } from '../../domain/product/catalog-search.js';
import { SimilarityToken, type Similarity } from '../../domain/product/similarity.js';
import { ShopperBehaviourToken, type ShopperBehaviour } from '../../domain/events/shopper-behaviour.js';
import { token } from '../../domain/shared/token.js';
import { MetricsToken, type PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { BehaviourModel } from '../../adapters/similarity/behaviour-model.js';
import { NeighbourEngine, type EngineSettings } from '../../adapters/similarity/neighbour-engine.js';
import { bindFactory } from '../binding.js';
import type { VitrineConfig } from '../config.js';

/** How the engine works, beyond the configuration: tests and benchmarks compute lists when asked rather than in the background. */
export type EngineTuning = Pick<EngineSettings, 'background' | 'exactSearchBelow'>;

export const EngineTuningToken = token<EngineTuning>('EngineTuning');

const BehaviourModelToken = token<BehaviourModel>('BehaviourModel');

/**
 * The similarity engine of this process with what it learns from shoppers (the BehaviourModel,
 * fed by the events), their sizes reported in the metrics. The engine is the catalog search too:
 * whichever engine is bound as Similarity (an override included), so the search always holds what
 * the catalog feed gave the engine.
 */
export function similarityModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindFactory(bind, EngineTuningToken, (): EngineTuning => ({}), []);
    bindFactory(
      bind,
      BehaviourModelToken,
      (metrics: PrometheusMetrics) => {
        const model = new BehaviourModel();
        metrics.observeBehaviour(() => {
          const { products, pairs, sessions, users, bytes } = model.stats;
          return { products, pairs, sessions, users, bytes };
        });
        return model;
      },
      [MetricsToken],
    );
    bindFactory(bind, ShopperBehaviourToken, (model: BehaviourModel): ShopperBehaviour => model, [BehaviourModelToken]);
    bindFactory(
      bind,
      SimilarityToken,
      (metrics: PrometheusMetrics, behaviour: BehaviourModel, tuning: EngineTuning): Similarity => {
        const engine = new NeighbourEngine({ ...tuning, behaviour, minBehaviourEvidence: config.behaviourMinEvidence });
        metrics.observeSimilarity(() => engine.stats);
        return engine;
      },
      [MetricsToken, BehaviourModelToken, EngineTuningToken],
    );
    bindFactory(bind, CatalogSearchToken, searchOf, [SimilarityToken]);
  });
}

function searchOf(similarity: Similarity): CatalogSearch {
  if (similarity instanceof NeighbourEngine) return similarity;
  throw new Error('The catalog search is the NeighbourEngine’s: bind a NeighbourEngine as Similarity.');
}
