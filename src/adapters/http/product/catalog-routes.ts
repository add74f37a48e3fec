import * as v from 'valibot';
import type { DeleteProducts, UpsertProducts } from '../../../application/product/batch-products.js';
import type { DeleteProduct } from '../../../application/product/delete-product.js';
import type { GetProduct } from '../../../application/product/get-product.js';
import type { UpsertProduct } from '../../../application/product/upsert-product.js';
import { json, noContent } from '../pipeline/reply.js';
import { batchBody, jsonBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import { BatchResponse, parseBatch } from '../shared/batch-schemas.js';
import { presentProduct } from './product-presenter.js';
import {
  ProductBatchBody,
  ProductBatchItem,
  ProductBody,
  ProductDeleteBatchBody,
  ProductDeleteBatchResponse,
  ProductResponse,
} from './product-schemas.js';

export const CATALOG_BASE = '/api/v1/products/protected/catalog';

/** The product routes' group: the catalog's, its search's and similar products'. */
export const PRODUCTS_TAG: RouteTag = {
  name: 'Products',
  description: 'Similar products, and the catalog they are computed from.',
};

const ProductParams = v.object({ productId: v.string() });
const catalogItem = `${CATALOG_BASE}/:productId`;

/** The catalog similar products are computed from: one product at a time, or in batches. */
export function catalogRoutes(
  upsert: UpsertProduct,
  get: GetProduct,
  remove: DeleteProduct,
  upsertMany: UpsertProducts,
  removeMany: DeleteProducts,
): RouteGroup {
  return {
    tag: PRODUCTS_TAG,
    schemas: { Product: ProductResponse, ProductInput: ProductBody },
    routes: [batchWrite(upsertMany), batchDelete(removeMany), write(upsert), read(get), removal(remove)],
  };
}

function batchWrite(upsertMany: UpsertProducts): RouteSpec {
  return route({
    method: 'POST',
    path: `${CATALOG_BASE}/batch`,
    operationId: 'putProducts',
    summary: 'Create or replace up to 1,000 catalog products',
    description:
      'Each item is checked and written on its own (whole or not at all): a bad item is reported by its index with its errors and the others are applied. An item identical to the stored product is `unchanged` and not written, so sending a batch again changes nothing. The body may be up to 2 MB.',
    scope: 'products:write',
    body: batchBody(ProductBatchBody, (raw) => parseBatch(raw, 'products', ProductBatchItem, (item) => item.id)),
    responses: [{ status: 200, description: 'What became of each item.', body: BatchResponse }],
    handler: async ({ body }) => json(200, await upsertMany.execute(body)),
  });
}

function batchDelete(removeMany: DeleteProducts): RouteSpec {
  return route({
    method: 'POST',
    path: `${CATALOG_BASE}/batch-delete`,
    operationId: 'deleteProducts',
    summary: 'Delete up to 1,000 catalog products',
    description: 'Ids no product has are listed as `missing`, not an error.',
    scope: 'products:write',
    body: jsonBody(ProductDeleteBatchBody),
    responses: [{ status: 200, description: 'The ids deleted and the ids no product had.', body: ProductDeleteBatchResponse }],
    handler: async ({ body }) => json(200, await removeMany.execute(body.ids)),
  });
}

function write(upsert: UpsertProduct): RouteSpec {
  return route({
    method: 'PUT',
    path: catalogItem,
    operationId: 'putProduct',
    summary: 'Create or replace a catalog product',
    scope: 'products:write',
    params: ProductParams,
    body: jsonBody(ProductBody),
    responses: [
      { status: 201, description: 'Created.', body: ProductResponse },
      { status: 200, description: 'Replaced.', body: ProductResponse },
    ],
    handler: async ({ params, body }) => {
      const { created, product } = await upsert.execute({ ...body, id: params.productId });
      return json(created ? 201 : 200, presentProduct(product));
    },
  });
}

function read(get: GetProduct): RouteSpec {
  return route({
    method: 'GET',
    path: catalogItem,
    operationId: 'getProduct',
    summary: 'Read a catalog product',
    scope: 'products:read',
    params: ProductParams,
    responses: [{ status: 200, description: 'The product.', body: ProductResponse }],
    problems: ['PRODUCT_NOT_FOUND'],
    handler: async ({ params }) => json(200, presentProduct(await get.execute(params.productId))),
  });
}

function removal(remove: DeleteProduct): RouteSpec {
  return route({
    method: 'DELETE',
    path: catalogItem,
    operationId: 'deleteProduct',
    summary: 'Delete a catalog product',
    scope: 'products:write',
    params: ProductParams,
    responses: [{ status: 204, description: 'Deleted.' }],
    problems: ['PRODUCT_NOT_FOUND'],
    handler: async ({ params }) => {
      await remove.execute(params.productId);
      return noContent();
    },
  });
}
