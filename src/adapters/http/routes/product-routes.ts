import { DeleteProduct } from '../../../application/product/delete-product.js';
import { FindSimilarProducts } from '../../../application/product/find-similar-products.js';
import { GetProduct } from '../../../application/product/get-product.js';
import { UpsertProduct } from '../../../application/product/upsert-product.js';
import { sendJson, sendNoContent } from '../context.js';
import { presentProduct } from '../presenters/product-presenter.js';
import { ProductBody, SimilarRequestBody } from '../schemas/product-schemas.js';
import { parseBody } from '../validation.js';
import type { RouteKit } from './route-kit.js';

export const PRODUCTS_BASE = '/api/v1/products/protected';

export function productRoutes({ router, container, requireScope, jsonBody }: RouteKit): void {
  const findSimilar = container.get(FindSimilarProducts);
  const upsert = container.get(UpsertProduct);
  const get = container.get(GetProduct);
  const remove = container.get(DeleteProduct);

  router.post(`${PRODUCTS_BASE}/similar`, requireScope('products:read'), jsonBody, async (ctx) => {
    const { data } = parseBody(SimilarRequestBody, ctx.request.body);
    sendJson(ctx, 200, { products: await findSimilar.execute({ productId: data.id, limit: data.limit }) });
  });

  const catalogItem = `${PRODUCTS_BASE}/catalog/:productId`;

  router.put(catalogItem, requireScope('products:write'), jsonBody, async (ctx) => {
    const body = parseBody(ProductBody, ctx.request.body);
    const { created, product } = await upsert.execute({ ...body, id: ctx.params.productId ?? '' });
    sendJson(ctx, created ? 201 : 200, presentProduct(product));
  });

  router.get(catalogItem, requireScope('products:read'), async (ctx) => {
    sendJson(ctx, 200, presentProduct(await get.execute(ctx.params.productId ?? '')));
  });

  router.delete(catalogItem, requireScope('products:write'), async (ctx) => {
    await remove.execute(ctx.params.productId ?? '');
    sendNoContent(ctx);
  });
}
