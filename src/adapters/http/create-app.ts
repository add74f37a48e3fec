import Router from '@koa/router';
import type { Container } from 'inversify';
import Koa, { type Middleware } from 'koa';
import { AdmitRequest } from '../../application/auth/admit-request.js';
import { LoggerToken, type Logger } from '../logging/logger.js';
import { MetricsToken } from '../metrics/prometheus-metrics.js';
import type { VitrineState } from './context.js';
import { HttpSettingsToken, type HttpSettings } from './http-settings.js';
import { authoriser } from './middleware/authorise.js';
import { handleErrors } from './middleware/handle-errors.js';
import { jsonBody } from './middleware/json-body.js';
import { observeRequests } from './middleware/observe-requests.js';
import { openApiDocument } from './openapi/openapi-document.js';
import { collectionRoutes } from './routes/collection-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { metricsRoute } from './routes/metrics-route.js';
import { openApiRoute } from './routes/openapi-route.js';
import { productRoutes } from './routes/product-routes.js';
import { profileRoutes } from './routes/profile-routes.js';
import type { RouteSpec } from './routes/route-spec.js';
import { tokenRoutes } from './routes/token-routes.js';

/** Every route of the API, its own description included: what the router mounts and the OpenAPI document shows. */
export function routeSpecs(container: Container): RouteSpec[] {
  const specs: RouteSpec[] = [
    ...healthRoutes(container),
    ...profileRoutes(container),
    ...productRoutes(container),
    ...collectionRoutes(container),
    ...tokenRoutes(container),
    metricsRoute(container.get(MetricsToken)),
  ];
  specs.push(openApiRoute(() => openApiDocument(specs)));
  return specs;
}

/** The Koa application over a built container, not listening: `main` or a test decides where it listens. */
export function createApp(container: Container): Koa<VitrineState> {
  const app = new Koa<VitrineState>();
  const router = new Router<VitrineState>();
  const settings = container.get<HttpSettings>(HttpSettingsToken);
  const guard = authoriser(container.get(AdmitRequest), settings.trustedProxies);
  const parseJson = jsonBody();
  const specs = routeSpecs(container);
  for (const spec of specs) {
    const chain: Middleware<VitrineState>[] = [];
    if (spec.scope !== undefined) chain.push(guard(spec.scope, spec.scopeOf));
    if (spec.body !== undefined && 'json' in spec.body) chain.push(parseJson);
    chain.push(spec.handler);
    router.register(spec.path, [spec.method], chain, { name: spec.operationId });
  }

  const logger = container.get<Logger>(LoggerToken);
  app.use(observeRequests(specs, logger, container.get(MetricsToken)));
  app.use(handleErrors(logger));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
