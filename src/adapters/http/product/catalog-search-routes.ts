import type { ListCatalogNames } from '../../../application/product/list-catalog-names.js';
import type { SearchCatalog } from '../../../application/product/search-catalog.js';
import { MAX_CATALOG_NAMES, MAX_RANKED_RESULTS, MIN_PREFIX_LENGTH } from '../../../domain/product/catalog-search.js';
import { json } from '../pipeline/reply.js';
import { route, type RouteGroup } from '../pipeline/route-spec.js';
import { CATALOG_BASE, PRODUCT_EXAMPLE, PRODUCTS_TAG } from './catalog-routes.js';
import { presentProduct } from './product-presenter.js';
import { catalogCursor, CatalogNamesResponse, CatalogPageResponse, CatalogSearchQuery } from './product-schemas.js';

/** The merchandiser's search of the catalog (the slice editor's "Search products") and its filters' choices. */
export function catalogSearchRoutes(search: SearchCatalog, names: ListCatalogNames): RouteGroup {
  return {
    tag: PRODUCTS_TAG,
    schemas: { CatalogPage: CatalogPageResponse, CatalogNames: CatalogNamesResponse },
    routes: [
      route({
        method: 'GET',
        path: `${CATALOG_BASE}/names`,
        operationId: 'listCatalogNames',
        summary: "The catalog's category and brand names",
        description: `The names a search can filter by (\`category\`, \`brand\`), each list the most common first, at most ${MAX_CATALOG_NAMES} of each.`,
        scope: 'products:read',
        responses: [{ status: 200, description: 'The category and brand names.', body: CatalogNamesResponse }],
        examples: {
          responses: { 200: { categories: ['vestidos', 'bolsas', 'saias'], brands: ['Trama', 'Aurora', 'Casa Lume'] } },
        },
        handler: async () => {
          const { categories, brands } = await names.execute();
          return json(200, { categories, brands });
        },
      }),
      route({
        method: 'GET',
        path: CATALOG_BASE,
        operationId: 'searchCatalog',
        summary: 'Search the catalog, a page at a time',
        description:
          'With `q`: the products holding its words (in the name, description, tags, brand or category; case, accents ' +
          `and plural -s ignored), most relevant first, ties by id; the first ${MAX_RANKED_RESULTS} results can be ` +
          `reached. The last word of \`q\`, from ${MIN_PREFIX_LENGTH} characters, also finds the words that start with it ` +
          '(`vestid` finds vestido and vestidos; a search as you type), below the word itself. ' +
          'Without `q`: every product, by id. `category`, `brand` (ignoring case) and `available` filter ' +
          'both. 20 a page unless `limit` says (at most 100); `cursor` is the `nextCursor` of the page before.',
        scope: 'products:read',
        query: CatalogSearchQuery,
        responses: [{ status: 200, description: 'A page of products.', body: CatalogPageResponse }],
        examples: {
          query: { q: 'crepe', category: 'vestidos', limit: '1' },
          responses: { 200: { products: [PRODUCT_EXAMPLE], nextCursor: 'bzox' } },
        },
        handler: async ({ query }) => {
          const page = await search.execute({
            text: query.q,
            category: query.category,
            brand: query.brand,
            available: query.available,
            limit: query.limit,
            after: query.cursor,
          });
          return json(200, {
            products: page.products.map(presentProduct),
            nextCursor: page.next === undefined ? null : catalogCursor(page.next),
          });
        },
      }),
    ],
  };
}
