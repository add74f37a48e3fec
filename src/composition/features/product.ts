import { ContainerModule } from 'inversify';
import { DeleteProducts, UpsertProducts } from '../../application/product/batch-products.js';
import { DeleteProduct } from '../../application/product/delete-product.js';
import { FindSimilarProducts } from '../../application/product/find-similar-products.js';
import { CatalogFollowSettingsToken, FollowCatalog } from '../../application/product/follow-catalog.js';
import { GetProduct } from '../../application/product/get-product.js';
import { RecommendationCountsToken, RecommendationIds } from '../../application/product/recommendations.js';
import { ShopperStylesToken } from '../../domain/profile/style-words.js';
import { SearchCatalog } from '../../application/product/search-catalog.js';
import { SimilarityFeedToken, type SimilarityFeed } from '../../application/product/similarity-feed.js';
import { UpsertProduct } from '../../application/product/upsert-product.js';
import { CatalogNewsToken } from '../../domain/product/catalog-news.js';
import { CatalogSearchToken } from '../../domain/product/catalog-search.js';
import { ProductStoreToken } from '../../domain/product/product-store.js';
import { SimilarityToken } from '../../domain/product/similarity.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { SchedulerToken } from '../../domain/shared/scheduler.js';
import { catalogRoutes } from '../../adapters/http/product/catalog-routes.js';
import { catalogSearchRoutes } from '../../adapters/http/product/catalog-search-routes.js';
import { similarRoutes } from '../../adapters/http/product/similar-routes.js';
import { bindClass, bindFactory, bindRoutes } from '../binding.js';

/**
 * The catalog and what is similar to its products: the similarity engine fed through one path
 * (FollowCatalog, the SimilarityFeed), the catalog writes and reads, and their routes.
 */
export const productModule = new ContainerModule(({ bind }) => {
  bindClass(bind, FollowCatalog, [
    ProductStoreToken,
    SimilarityToken,
    CatalogNewsToken,
    SchedulerToken,
    CatalogFollowSettingsToken,
  ]);
  bindFactory(bind, SimilarityFeedToken, (follow: FollowCatalog): SimilarityFeed => follow, [FollowCatalog]);
  bindClass(bind, RecommendationIds, []);
  bindClass(bind, FindSimilarProducts, [
    SimilarityToken,
    SimilarityFeedToken,
    ClockToken,
    ShopperStylesToken,
    RecommendationIds,
    RecommendationCountsToken,
  ]);
  bindClass(bind, UpsertProduct, [ProductStoreToken, ClockToken, SimilarityToken, SimilarityFeedToken]);
  bindClass(bind, UpsertProducts, [ProductStoreToken, ClockToken, SimilarityToken, SimilarityFeedToken]);
  bindClass(bind, GetProduct, [ProductStoreToken]);
  bindClass(bind, DeleteProduct, [ProductStoreToken, SimilarityFeedToken]);
  bindClass(bind, DeleteProducts, [ProductStoreToken, SimilarityFeedToken]);
  bindRoutes(bind, similarRoutes, [FindSimilarProducts]);
  bindRoutes(bind, catalogRoutes, [UpsertProduct, GetProduct, DeleteProduct, UpsertProducts, DeleteProducts]);
  bindClass(bind, SearchCatalog, [CatalogSearchToken, ProductStoreToken, SimilarityFeedToken]);
  bindRoutes(bind, catalogSearchRoutes, [SearchCatalog]);
});
