import { ContainerModule } from 'inversify';
import { CatalogSearchToken, type CatalogSearch } from '../../domain/product/catalog-search.js';
import { SimilarityToken, type Similarity } from '../../domain/product/similarity.js';
import { MetricsToken, type PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { NeighbourEngine } from '../../adapters/similarity/neighbour-engine.js';
import { bindFactory } from '../binding.js';

/**
 * The similarity engine of this process, its size and backlog reported in the metrics. It is the
 * catalog search too: whichever engine is bound as Similarity (an override included), so the
 * search always holds what the catalog feed gave the engine.
 */
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
  bindFactory(bind, CatalogSearchToken, searchOf, [SimilarityToken]);
});

function searchOf(similarity: Similarity): CatalogSearch {
  if (similarity instanceof NeighbourEngine) return similarity;
  throw new Error('The catalog search is the NeighbourEngine’s: bind a NeighbourEngine as Similarity.');
}
