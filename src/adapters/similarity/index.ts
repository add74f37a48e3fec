export { SimilarityEngine, type SimilarityEngineSettings } from './similarity-engine.js';
export { NeighbourLists, NEIGHBOURS_KEPT, type NeighbourListSettings } from './neighbour-lists.js';
export { ContentCatalogSearch } from './catalog-search.js';
