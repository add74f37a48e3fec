import type { Scope } from '../../src/domain/auth/scopes.js';

/**
 * Every protected route of the API with the scope it needs (`any`: any token that authenticates)
 * and a request that would be valid. test/http/auth.int.spec.ts fails when a route of the route
 * table that needs a token is missing here.
 */
export interface ProtectedRoute {
  readonly method: string;
  readonly path: string;
  readonly scope: Scope | 'any';
  readonly body?: unknown;
}

const slice = { name: 'S', type: 'MANUAL', startsAt: '2026-11-01T00:00:00Z', products: [] };

export const PROTECTED_ROUTES: readonly ProtectedRoute[] = [
  { method: 'GET', path: '/api/v1/crm/protected/profile/user-profile-id/up_1', scope: 'profiles:read' },
  { method: 'GET', path: '/api/v1/crm/protected/profile/phone/11987654321', scope: 'profiles:read' },
  { method: 'GET', path: '/api/v1/crm/protected/profile/email/ana@example.com', scope: 'profiles:read' },
  { method: 'GET', path: '/api/v1/crm/protected/profile/document/52998224725', scope: 'profiles:read' },
  { method: 'PUT', path: '/api/v1/crm/protected/profile/user-profile-id/up_1', scope: 'profiles:write', body: { profile: {} } },
  { method: 'DELETE', path: '/api/v1/crm/protected/profile/user-profile-id/up_1', scope: 'profiles:write' },
  {
    method: 'POST',
    path: '/api/v1/products/protected/similar',
    scope: 'products:read',
    body: { sessionId: 's', data: { id: 'P-1' } },
  },
  { method: 'PUT', path: '/api/v1/products/protected/catalog/P-1', scope: 'products:write', body: { name: 'P' } },
  { method: 'GET', path: '/api/v1/products/protected/catalog/P-1', scope: 'products:read' },
  { method: 'GET', path: '/api/v1/products/protected/catalog?q=vestido', scope: 'products:read' },
  { method: 'GET', path: '/api/v1/products/protected/catalog/names', scope: 'products:read' },
  {
    method: 'POST',
    path: '/api/v1/products/protected/catalog/batch',
    scope: 'products:write',
    body: { products: [{ id: 'P-1', name: 'P' }] },
  },
  { method: 'POST', path: '/api/v1/products/protected/catalog/batch-delete', scope: 'products:write', body: { ids: ['P-1'] } },
  { method: 'POST', path: '/api/v1/products/protected/catalog/lookup', scope: 'products:read', body: { ids: ['P-1'] } },
  {
    method: 'POST',
    path: '/api/v1/crm/protected/profile/batch',
    scope: 'profiles:write',
    body: { profiles: [{ userProfileId: 'up_1', profile: {} }] },
  },
  { method: 'DELETE', path: '/api/v1/products/protected/catalog/P-1', scope: 'products:write' },
  {
    method: 'POST',
    path: '/api/v1/events/protected/batch',
    scope: 'events:write',
    body: { events: [{ type: 'view', productId: 'P-1', sessionId: 's' }] },
  },
  { method: 'POST', path: '/api/v1/merchandising-collections/protected', scope: 'collections:write', body: { name: 'C' } },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected', scope: 'collections:read' },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/proposals',
    scope: 'collections:write',
    body: { brief: 'vestidos', size: 5 },
  },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1', scope: 'collections:read' },
  { method: 'PATCH', path: '/api/v1/merchandising-collections/protected/1', scope: 'collections:write', body: { name: 'C' } },
  { method: 'DELETE', path: '/api/v1/merchandising-collections/protected/1', scope: 'collections:write' },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1/slices', scope: 'collections:read' },
  { method: 'POST', path: '/api/v1/merchandising-collections/protected/1/slices', scope: 'collections:write', body: slice },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1/slices/1', scope: 'collections:read' },
  { method: 'PUT', path: '/api/v1/merchandising-collections/protected/1/slices/1', scope: 'collections:write', body: slice },
  { method: 'DELETE', path: '/api/v1/merchandising-collections/protected/1/slices/1', scope: 'collections:write' },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/1/slices/ai',
    scope: 'collections:write',
    body: { name: 'A', startsAt: '2026-11-01T00:00:00Z', seeds: ['P-1'], size: 5 },
  },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/1/slices/spreadsheet?name=S&startsAt=2026-11-01T00:00:00Z',
    scope: 'collections:write',
    body: {},
  },
  {
    method: 'PATCH',
    path: '/api/v1/merchandising-collections/protected/1/slices/1/products',
    scope: 'collections:write',
    body: { operations: [] },
  },
  {
    method: 'PUT',
    path: '/api/v1/merchandising-collections/protected/1/slices/1/products/spreadsheet',
    scope: 'collections:write',
    body: {},
  },
  { method: 'POST', path: '/api/v1/merchandising-collections/protected/1/slices/1/regenerate', scope: 'collections:write' },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1/slices/1/versions', scope: 'collections:read' },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1/slices/1/versions/1', scope: 'collections:read' },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1/slices/1/performance', scope: 'collections:read' },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/1/slices/rules/preview',
    scope: 'collections:read',
    body: { rules: { sort: 'newest', size: 3 } },
  },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/1/slices/1/versions/1/restore',
    scope: 'collections:write',
  },
  {
    method: 'GET',
    path: '/api/v1/merchandising-collections/protected/1/timeline?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z',
    scope: 'collections:read',
  },
  {
    method: 'GET',
    path: '/api/v1/merchandising-collections/protected/planner?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z',
    scope: 'collections:read',
  },
  {
    method: 'POST',
    path: '/api/v1/merchandising-collections/protected/1/timeline/preview',
    scope: 'collections:read',
    body: {
      from: '2026-11-01T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
      change: { kind: 'save', name: 'S', startsAt: '2026-11-10T00:00:00Z' },
    },
  },
  { method: 'GET', path: '/api/v1/merchandising-collections/protected/1?at=2026-11-21T00:00:00Z', scope: 'collections:write' },
  {
    method: 'POST',
    path: '/api/v1/admin/protected/tokens',
    scope: 'tokens:manage',
    body: { name: 't', scopes: ['products:read'] },
  },
  { method: 'GET', path: '/api/v1/admin/protected/tokens', scope: 'tokens:manage' },
  { method: 'GET', path: '/api/v1/admin/protected/tokens/self', scope: 'any' },
  { method: 'DELETE', path: '/api/v1/admin/protected/tokens/tok_1', scope: 'tokens:manage' },
  {
    method: 'POST',
    path: '/api/v1/admin/protected/webhooks',
    scope: 'tokens:manage',
    body: { url: 'https://crm.example.com/hooks', events: ['slice.activated'] },
  },
  { method: 'GET', path: '/api/v1/admin/protected/webhooks', scope: 'tokens:manage' },
  { method: 'DELETE', path: '/api/v1/admin/protected/webhooks/wh_1', scope: 'tokens:manage' },
  { method: 'GET', path: '/api/v1/admin/protected/webhooks/deliveries', scope: 'tokens:manage' },
];
