import { ContainerModule } from 'inversify';
import { SimilarityToken, type Similarity } from '../../domain/product/similarity.js';
import { MetricsToken, type PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { NeighbourEngine } from '../../adapters/similarity/neighbour-engine.js';
import { bindFactory } from '../binding.js';

/** The similarity engine of this process, its size and backlog reported in the metrics. */
export const similarityModule = new ContainerModule(({ bind }) => {
  bindFactory(
    bind,
    SimilarityToken,
    (metrics: PrometheusMetrics): Similarity => {
      const engine = new NeighbourEngine();
      metrics.observeSimilarity(() => engine.stats);
      return engine;
    },
    [MetricsToken],
  );
});
