import { openApiDocument } from './openapi/openapi-document.js';
import { openApiRoutes } from './operations/openapi-route.js';
import type { RouteGroup } from './pipeline/route-spec.js';

/** The whole API: the features' routes, and this API's own description generated from all of them. */
export function apiRoutes(features: readonly RouteGroup[]): RouteGroup[] {
  const groups: RouteGroup[] = [...features];
  groups.push(openApiRoutes(() => openApiDocument(groups)));
  return groups;
}
