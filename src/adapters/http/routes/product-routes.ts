import type { Container } from 'inversify';
import * as v from 'valibot';
import { DeleteProduct } from '../../../application/product/delete-product.js';
import { FindSimilarProducts } from '../../../application/product/find-similar-products.js';
import { GetProduct } from '../../../application/product/get-product.js';
import { UpsertProduct } from '../../../application/product/upsert-product.js';
import { sendJson, sendNoContent } from '../context.js';
import { renderer, sendRenderedBody } from '../rendered-answers.js';
import { presentProduct } from '../presenters/product-presenter.js';
import { DeleteProducts, UpsertProducts } from '../../../application/product/batch-products.js';
import { BATCH_BODY_LIMIT_BYTES } from '../middleware/json-body.js';
import { BatchResponse, parseBatch } from '../schemas/batch-schemas.js';
import {
  ProductBatchBody,
  ProductBatchItem,
  ProductBody,
  ProductDeleteBatchBody,
  ProductDeleteBatchResponse,
  ProductResponse,
  SimilarRequestBody,
  SimilarResponse,
} from '../schemas/product-schemas.js';
import { parseBody } from '../validation.js';
import type { RouteSpec } from './route-spec.js';

export const PRODUCTS_BASE = '/api/v1/products/protected';

const ProductParams = v.object({ productId: v.string() });

export function productRoutes(container: Container): RouteSpec[] {
  const findSimilar = container.get(FindSimilarProducts);
  const upsert = container.get(UpsertProduct);
  const get = container.get(GetProduct);
  const remove = container.get(DeleteProduct);
  const upsertMany = container.get(UpsertProducts);
  const removeMany = container.get(DeleteProducts);
  const catalogItem = `${PRODUCTS_BASE}/catalog/:productId`;
  const renderSimilar = renderer((products: readonly string[]) => ({ products }));

  return [
    {
      method: 'POST',
      path: `${PRODUCTS_BASE}/similar`,
      operationId: 'findSimilarProducts',
      tag: 'Products',
      summary: 'Similar products',
      description:
        'The identifiers of products similar to `data.id`, best first: its curated list, then the nearest by embedding, then by content. Never the product itself, a duplicate or an unavailable product.',
      scope: 'products:read',
      body: { json: SimilarRequestBody },
      responses: [{ status: 200, description: 'Identifiers of similar products.', body: SimilarResponse }],
      problems: ['PRODUCT_NOT_FOUND'],
      handler: async (ctx) => {
        const { data } = parseBody(SimilarRequestBody, ctx.request.body);
        sendRenderedBody(ctx, renderSimilar(await findSimilar.execute({ productId: data.id, limit: data.limit })));
      },
      hot: ({ body }) => {
        const { data } = parseBody(SimilarRequestBody, body);
        const products = findSimilar.peek({ productId: data.id, limit: data.limit });
        return products === undefined ? undefined : { rendered: renderSimilar(products), tagged: false };
      },
    },
    {
      method: 'POST',
      path: `${PRODUCTS_BASE}/catalog/batch`,
      operationId: 'putProducts',
      tag: 'Products',
      summary: 'Create or replace up to 1,000 catalog products',
      description:
        'Each item is checked and written on its own (whole or not at all): a bad item is reported by its index with its errors and the others are applied. An item identical to the stored product is `unchanged` and not written, so sending a batch again changes nothing. The body may be up to 16 MB.',
      scope: 'products:write',
      body: { json: ProductBatchBody, limitBytes: BATCH_BODY_LIMIT_BYTES },
      responses: [{ status: 200, description: 'What became of each item.', body: BatchResponse }],
      handler: async (ctx) => {
        const items = parseBatch(ctx.request.body, 'products', ProductBatchItem, (raw) => raw.id);
        sendJson(ctx, 200, await upsertMany.execute(items));
      },
    },
    {
      method: 'POST',
      path: `${PRODUCTS_BASE}/catalog/batch-delete`,
      operationId: 'deleteProducts',
      tag: 'Products',
      summary: 'Delete up to 1,000 catalog products',
      description: 'Ids no product has are listed as `missing`, not an error.',
      scope: 'products:write',
      body: { json: ProductDeleteBatchBody },
      responses: [{ status: 200, description: 'The ids deleted and the ids no product had.', body: ProductDeleteBatchResponse }],
      handler: async (ctx) => {
        const { ids } = parseBody(ProductDeleteBatchBody, ctx.request.body);
        sendJson(ctx, 200, await removeMany.execute(ids));
      },
    },
    {
      method: 'PUT',
      path: catalogItem,
      operationId: 'putProduct',
      tag: 'Products',
      summary: 'Create or replace a catalog product',
      scope: 'products:write',
      params: ProductParams,
      body: { json: ProductBody },
      responses: [
        { status: 201, description: 'Created.', body: ProductResponse },
        { status: 200, description: 'Replaced.', body: ProductResponse },
      ],
      handler: async (ctx) => {
        const body = parseBody(ProductBody, ctx.request.body);
        const { created, product } = await upsert.execute({ ...body, id: ctx.params.productId ?? '' });
        sendJson(ctx, created ? 201 : 200, presentProduct(product));
      },
    },
    {
      method: 'GET',
      path: catalogItem,
      operationId: 'getProduct',
      tag: 'Products',
      summary: 'Read a catalog product',
      scope: 'products:read',
      params: ProductParams,
      responses: [{ status: 200, description: 'The product.', body: ProductResponse }],
      problems: ['PRODUCT_NOT_FOUND'],
      handler: async (ctx) => {
        sendJson(ctx, 200, presentProduct(await get.execute(ctx.params.productId ?? '')));
      },
    },
    {
      method: 'DELETE',
      path: catalogItem,
      operationId: 'deleteProduct',
      tag: 'Products',
      summary: 'Delete a catalog product',
      scope: 'products:write',
      params: ProductParams,
      responses: [{ status: 204, description: 'Deleted.' }],
      problems: ['PRODUCT_NOT_FOUND'],
      handler: async (ctx) => {
        await remove.execute(ctx.params.productId ?? '');
        sendNoContent(ctx);
      },
    },
  ];
}
