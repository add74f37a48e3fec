import * as v from 'valibot';
import type { DeleteProducts, UpsertProducts } from '../../../application/product/batch-products.js';
import type { DeleteProduct } from '../../../application/product/delete-product.js';
import type { GetProduct } from '../../../application/product/get-product.js';
import type { GetProducts } from '../../../application/product/get-products.js';
import type { UpsertProduct } from '../../../application/product/upsert-product.js';
import { json, noContent } from '../pipeline/reply.js';
import { batchBody, jsonBody, route, type RouteGroup, type RouteSpec, type RouteTag } from '../pipeline/route-spec.js';
import { batchAnswerExample, WRITE_OUTCOMES } from '../shared/batch-examples.js';
import { BatchResponse, parseBatch } from '../shared/batch-schemas.js';
import { presentProduct } from './product-presenter.js';
import {
  ProductBatchBody,
  ProductBatchItem,
  ProductBody,
  ProductDeleteBatchBody,
  ProductDeleteBatchResponse,
  ProductLookupBody,
  ProductLookupResponse,
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

/** A product of the demo catalog, as the catalog's routes answer it. */
export const PRODUCT_EXAMPLE = {
  id: 'VES-002',
  name: 'Vestido Curto Crepe Verde Oliva',
  description:
    'Vestido Curto Crepe Verde Oliva da Trama. Peça da coleção Verão, com acabamento cuidadoso e caimento confortável.',
  category: 'vestidos',
  brand: 'Trama',
  price: 253.9,
  available: true,
  tags: ['tendência', 'trabalho', 'crepe'],
  attributes: { cor: 'Verde Oliva', material: 'Crepe', estilo: 'Curto' },
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};

/** A product new to the demo catalog, as a write sends it. */
const NEW_PRODUCT_EXAMPLE = {
  name: 'Vestido Midi Linho Terracota',
  description: 'Vestido midi de linho com amarração na cintura.',
  category: 'vestidos',
  brand: 'Trama',
  price: 329.9,
  imageUrl: 'https://cdn.exemplo.com.br/produtos/VES-901.jpg',
  available: true,
  tags: ['casamento', 'linho'],
  attributes: { cor: 'Terracota', material: 'Linho', estilo: 'Midi' },
  similar: ['VES-001', 'SAN-002'],
};

const NEW_PRODUCT_ANSWER_EXAMPLE = {
  id: 'VES-901',
  ...NEW_PRODUCT_EXAMPLE,
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};

/** The catalog similar products are computed from: one product at a time, or in batches. */
export function catalogRoutes(
  upsert: UpsertProduct,
  get: GetProduct,
  remove: DeleteProduct,
  upsertMany: UpsertProducts,
  removeMany: DeleteProducts,
  getMany: GetProducts,
): RouteGroup {
  return {
    tag: PRODUCTS_TAG,
    schemas: { Product: ProductResponse, ProductInput: ProductBody, ProductLookup: ProductLookupResponse },
    routes: [batchWrite(upsertMany), batchDelete(removeMany), batchRead(getMany), write(upsert), read(get), removal(remove)],
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
    examples: {
      body: {
        products: [
          { id: 'VES-901', ...NEW_PRODUCT_EXAMPLE },
          { id: 'VES-902', name: 'Vestido Longo Seda Azul', category: 'vestidos', price: 489.9, available: false },
        ],
      },
      responses: {
        200: batchAnswerExample(WRITE_OUTCOMES, [
          ['VES-901', 'created'],
          ['VES-902', 'replaced'],
        ]),
      },
    },
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
    examples: { body: { ids: ['VES-901', 'VES-999'] }, responses: { 200: { deleted: ['VES-901'], missing: ['VES-999'] } } },
    handler: async ({ body }) => json(200, await removeMany.execute(body.ids)),
  });
}

function batchRead(getMany: GetProducts): RouteSpec {
  return route({
    method: 'POST',
    path: `${CATALOG_BASE}/lookup`,
    operationId: 'lookupProducts',
    summary: 'Read up to 500 catalog products at once',
    description:
      'A read sent as POST: 500 ids would not fit in a URL. The products found come in the order their ids were asked (an id asked twice, once); the ids no product has are listed as `missing`, not an error. Nothing is written, so the request may be repeated.',
    scope: 'products:read',
    body: jsonBody(ProductLookupBody),
    responses: [{ status: 200, description: 'The products found and the ids no product has.', body: ProductLookupResponse }],
    examples: {
      body: { ids: ['VES-002', 'VES-999'] },
      responses: { 200: { products: [PRODUCT_EXAMPLE], missing: ['VES-999'] } },
    },
    handler: async ({ body }) => {
      const { products, missing } = await getMany.execute(body.ids);
      return json(200, { products: products.map(presentProduct), missing });
    },
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
    examples: {
      params: { productId: 'VES-901' },
      body: NEW_PRODUCT_EXAMPLE,
      responses: { 201: NEW_PRODUCT_ANSWER_EXAMPLE, 200: NEW_PRODUCT_ANSWER_EXAMPLE },
    },
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
    examples: { params: { productId: 'VES-002' }, responses: { 200: PRODUCT_EXAMPLE } },
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
    examples: { params: { productId: 'VES-901' }, responses: {} },
    handler: async ({ params }) => {
      await remove.execute(params.productId);
      return noContent();
    },
  });
}
