import { openApiDocument } from './openapi/openapi-document.js';
import { ApiDescription, openApiRoutes } from './operations/openapi-route.js';
import type { RouteGroup } from './pipeline/route-spec.js';

/** The whole API: its route groups, and the description of them it serves. */
export interface Api {
  /** The features' routes, then the route of this API's own description. */
  readonly groups: readonly RouteGroup[];
  readonly description: ApiDescription;
}

/** The API over the features' routes, its description generated from all of them (its own route included). */
export function api(features: readonly RouteGroup[]): Api {
  const groups: RouteGroup[] = [...features];
  const description = new ApiDescription(() => openApiDocument(groups));
  groups.push(openApiRoutes(description));
  return { groups, description };
}

/** The whole API's route groups: the features', and this API's own description generated from all of them. */
export function apiRoutes(features: readonly RouteGroup[]): RouteGroup[] {
  return [...api(features).groups];
}
