export { CatalogSimilarity } from './catalog-similarity.js';
