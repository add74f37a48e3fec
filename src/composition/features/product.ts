import { ContainerModule } from 'inversify';
import { DeleteProducts, UpsertProducts } from '../../application/product/batch-products.js';
import { DeleteProduct } from '../../application/product/delete-product.js';
import { FindSimilarProducts } from '../../application/product/find-similar-products.js';
import { CatalogFollowSettingsToken, FollowCatalog } from '../../application/product/follow-catalog.js';
import { RefreshRuleSlices } from '../../application/merchandising/refresh-rule-slices.js';
import { RuleSliceCatalogWatch } from '../../application/merchandising/rule-slice-catalog-watch.js';
import { GetProduct } from '../../application/product/get-product.js';
import { GetProducts } from '../../application/product/get-products.js';
import { RecommendationCountsToken } from '../../domain/product/recommendation-counts.js';
import { RecommendationIds } from '../../application/product/recommendations.js';
import { ShopperStylesToken } from '../../domain/profile/style-words.js';
import { SearchCatalog } from '../../application/product/search-catalog.js';
import { ListCatalogNames } from '../../application/product/list-catalog-names.js';
import { CatalogFeedToken, type CatalogFeed } from '../../application/product/catalog-feed.js';
import { UpsertProduct } from '../../application/product/upsert-product.js';
import { CatalogNewsToken } from '../../domain/product/catalog-news.js';
import { CatalogSearchToken } from '../../domain/product/catalog-search.js';
import { ProductStoreToken } from '../../domain/product/product-store.js';
import { AnswerReadsToken, SimilarityFeedToken, SimilarityIndexToken } from '../../domain/product/similarity.js';
import { SimilarAnswers } from '../../application/product/similar-answers.js';
import { ClockToken, type Clock } from '../../domain/shared/clock.js';
import { ProductChangeWebhooks } from '../../application/webhooks/product-change-webhooks.js';
import { WebhookOutbox } from '../../application/webhooks/webhook-outbox.js';
import { SchedulerToken } from '../../domain/shared/scheduler.js';
import { catalogRoutes } from '../../adapters/http/product/catalog-routes.js';
import { catalogSearchRoutes } from '../../adapters/http/product/catalog-search-routes.js';
import { similarRoutes } from '../../adapters/http/product/similar-routes.js';
import { bindClass, bindFactory, bindRoutes } from '../binding.js';

/**
 * The catalog and what is similar to its products: the similarity engine fed through one path
 * (FollowCatalog, the CatalogFeed), the catalog writes and reads, and their routes.
 */
export const productModule = new ContainerModule(({ bind }) => {
  bindClass(bind, FollowCatalog, [
    ProductStoreToken,
    SimilarityFeedToken,
    CatalogNewsToken,
    SchedulerToken,
    CatalogFollowSettingsToken,
  ]);
  // Every catalog write of this instance also tells the webhook subscriptions (product.changed)
  // and the rule slices' refresh.
  bindFactory(
    bind,
    CatalogFeedToken,
    (follow: FollowCatalog, outbox: WebhookOutbox, clock: Clock, rules: RefreshRuleSlices): CatalogFeed =>
      new RuleSliceCatalogWatch(new ProductChangeWebhooks(follow, outbox, clock), rules),
    [FollowCatalog, WebhookOutbox, ClockToken, RefreshRuleSlices],
  );
  bindClass(bind, RecommendationIds, []);
  bindClass(bind, FindSimilarProducts, [
    SimilarAnswers,
    AnswerReadsToken,
    ClockToken,
    ShopperStylesToken,
    RecommendationIds,
    RecommendationCountsToken,
  ]);
  bindClass(bind, UpsertProduct, [ProductStoreToken, ClockToken, SimilarityIndexToken, CatalogFeedToken]);
  bindClass(bind, UpsertProducts, [ProductStoreToken, ClockToken, SimilarityIndexToken, CatalogFeedToken]);
  bindClass(bind, GetProduct, [ProductStoreToken]);
  bindClass(bind, GetProducts, [ProductStoreToken]);
  bindClass(bind, DeleteProduct, [ProductStoreToken, CatalogFeedToken]);
  bindClass(bind, DeleteProducts, [ProductStoreToken, CatalogFeedToken]);
  bindRoutes(bind, similarRoutes, [FindSimilarProducts]);
  bindRoutes(bind, catalogRoutes, [UpsertProduct, GetProduct, DeleteProduct, UpsertProducts, DeleteProducts, GetProducts]);
  bindClass(bind, SearchCatalog, [CatalogSearchToken, ProductStoreToken, CatalogFeedToken]);
  bindClass(bind, ListCatalogNames, [CatalogSearchToken, CatalogFeedToken]);
  bindRoutes(bind, catalogSearchRoutes, [SearchCatalog, ListCatalogNames]);
});
