export * from './profile/look-up-profile.js';
export * from './profile/upsert-profile.js';
export * from './profile/upsert-profiles.js';
export * from './profile/erase-profile.js';

export * from './product/catalog-feed.js';
export * from './product/follow-catalog.js';
export * from './product/find-similar-products.js';
export * from './product/similar-answers.js';
export * from './product/upsert-product.js';
export * from './product/batch-products.js';
export * from './product/get-product.js';
export * from './product/delete-product.js';
export * from './product/search-catalog.js';

export * from './merchandising/views.js';
export * from './merchandising/create-collection.js';
export * from './merchandising/list-collections.js';
export * from './merchandising/update-collection.js';
export * from './merchandising/delete-collection.js';
export * from './merchandising/slice-writer.js';
export * from './merchandising/create-slice.js';
export * from './merchandising/get-slice.js';
export * from './merchandising/replace-slice.js';
export * from './merchandising/fill-rule-slice.js';
export * from './merchandising/preview-rule-slice.js';
export * from './merchandising/refresh-rule-slices.js';
export * from './merchandising/edit-slice-products.js';
export * from './merchandising/spreadsheet-slices.js';
export * from './merchandising/ai-slices.js';
export * from './merchandising/propose-slice-from-brief.js';
export * from './merchandising/delete-slice.js';
export * from './merchandising/list-slices.js';
export * from './merchandising/slice-history.js';
export * from './merchandising/get-active-slice.js';
export * from './merchandising/get-timeline.js';

export * from './auth/authenticate-token.js';
export * from './auth/admit-request.js';
export * from './auth/rate-limit-settings.js';
export * from './auth/issue-token.js';
export * from './auth/list-tokens.js';
export * from './auth/revoke-token.js';
export * from './auth/ensure-bootstrap-token.js';

export * from './health/check-readiness.js';

export * from './caching/answer-cache.js';
export * from './caching/cache-keys.js';

export * from './shared/batch.js';
export * from './shared/precondition.js';

export * from './events/record-events.js';
