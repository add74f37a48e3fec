import type { RequestListener } from 'node:http';
import Router from '@koa/router';
import type { Container } from 'inversify';
import Koa, { type Middleware } from 'koa';
import { AdmitRequest } from '../../application/auth/admit-request.js';
import { LoggerToken, type Logger } from '../logging/logger.js';
import { MetricsSourceToken } from '../metrics/metrics-source.js';
import { MetricsToken } from '../metrics/prometheus-metrics.js';
import type { VitrineState } from './context.js';
import { hotPath } from './hot-path.js';
import { HttpSettingsToken, type HttpSettings } from './http-settings.js';
import { authoriser } from './middleware/authorise.js';
import { handleErrors } from './middleware/handle-errors.js';
import { jsonBody } from './middleware/json-body.js';
import { RequestObserver } from './middleware/observe-requests.js';
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
    metricsRoute(container.get(MetricsSourceToken)),
  ];
  specs.push(openApiRoute(() => openApiDocument(specs)));
  return specs;
}

/** The Koa application over a built container, not listening: every request takes the full path. */
export function createApp(container: Container): Koa<VitrineState> {
  return assemble(container).app;
}

/**
 * What `main` serves: the hot path for the hot reads whose answers are at hand, the Koa
 * application for everything else. Both are built on one set of routes, so they answer alike.
 */
export function createRequestHandler(container: Container): RequestListener {
  const { app, specs, observer } = assemble(container);
  const settings = container.get<HttpSettings>(HttpSettingsToken);
  const hot = hotPath(specs, { admit: container.get(AdmitRequest), trustedProxies: settings.trustedProxies, observer });
  const full = app.callback();
  return (req, res) => {
    const handled = hot(req, res);
    if (handled === false) {
      void full(req, res);
      return;
    }
    if (handled === true) return;
    handled.then(
      (done) => {
        if (!done) void full(req, res);
      },
      () => {
        if (!res.headersSent) void full(req, res);
      },
    );
  };
}

function assemble(container: Container): { app: Koa<VitrineState>; specs: RouteSpec[]; observer: RequestObserver } {
  const app = new Koa<VitrineState>();
  const router = new Router<VitrineState>();
  const settings = container.get<HttpSettings>(HttpSettingsToken);
  const guard = authoriser(container.get(AdmitRequest), settings.trustedProxies);
  const parseJson = jsonBody();
  const specs = routeSpecs(container);
  for (const spec of specs) {
    const chain: Middleware<VitrineState>[] = [];
    if (spec.scope !== undefined) chain.push(guard(spec.scope, spec.scopeOf));
    if (spec.body !== undefined && 'json' in spec.body) {
      chain.push(spec.body.limitBytes === undefined ? parseJson : jsonBody(spec.body.limitBytes));
    }
    chain.push(spec.handler);
    router.register(spec.path, [spec.method], chain, { name: spec.operationId });
  }

  const logger = container.get<Logger>(LoggerToken);
  const observer = new RequestObserver(specs, logger, container.get(MetricsToken));
  app.use(observer.middleware());
  app.use(handleErrors(logger));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, specs, observer };
}
