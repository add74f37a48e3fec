import type { RequestListener } from 'node:http';
import { ContainerModule, type Container } from 'inversify';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { AdmitRequest } from '../../application/auth/admit-request.js';
import { token } from '../../domain/shared/token.js';
import { api, type Api } from '../../adapters/http/api.js';
import { openApiDocument, type OpenApiDocument } from '../../adapters/http/openapi/openapi-document.js';
import { koaApp, type VitrineState } from '../../adapters/http/koa-app.js';
import { Admission } from '../../adapters/http/pipeline/admission.js';
import { RequestObserver } from '../../adapters/http/pipeline/observe.js';
import type { Pipeline } from '../../adapters/http/pipeline/pipeline.js';
import type { RouteGroup, RouteSpec } from '../../adapters/http/pipeline/route-spec.js';
import { requestHandler } from '../../adapters/http/request-handler.js';
import { webSites } from '../../adapters/http/sites/web-sites.js';
import { LoggerToken, type Logger } from '../../adapters/logging/logger.js';
import { RequestLog } from '../../adapters/logging/request-log.js';
import { MetricsToken, type PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { bindFactory, FeatureRoutesToken } from '../binding.js';
import type { Resource } from '../lifecycle.js';
import { resolve } from '../resolve.js';

/** What the HTTP layer is told by the configuration. */
export interface HttpSettings {
  /** Proxies in front of the service whose X-Forwarded-For entries are believed (TRUST_PROXY). */
  readonly trustedProxies: number;
}

export const HttpSettingsToken = token<HttpSettings>('HttpSettings');
/** The built builder's files: dist/web beside this file's tree, in src (tests) as in dist. */
const BUILDER_DIRECTORY = fileURLToPath(new URL('../../../dist/web/', import.meta.url));
/** The built storefront script: dist/storefront, likewise. */
const STOREFRONT_DIRECTORY = fileURLToPath(new URL('../../../dist/storefront/', import.meta.url));
const WebSitesToken = token<Middleware>('WebSites');
export const PipelineToken = token<Pipeline>('Pipeline');
const ApiToken = token<Api>('Api');
/** Every route group of the API: the features', and the API's own description. */
export const ApiRoutesToken = token<readonly RouteGroup[]>('ApiRoutes');
/** The API's description as served: generated and compressed at start, a resource of the lifecycle. */
export const ApiDescriptionToken = token<Resource>('ApiDescription');

/** The HTTP adapter's one pipeline, and the route table every feature contributed to. */
export const httpModule = new ContainerModule(({ bind }) => {
  bindFactory(
    bind,
    PipelineToken,
    (admit: AdmitRequest, settings: HttpSettings, logger: Logger, metrics: PrometheusMetrics): Pipeline => ({
      admission: new Admission(admit, settings.trustedProxies, (limit) => metrics.refused(limit)),
      observer: new RequestObserver(new RequestLog(logger), metrics),
      logger,
    }),
    [AdmitRequest, HttpSettingsToken, LoggerToken, MetricsToken],
  );
  bind<Middleware>(WebSitesToken).toConstantValue(
    webSites({ builderDirectory: BUILDER_DIRECTORY, storefrontDirectory: STOREFRONT_DIRECTORY }),
  );
  bind<Api>(ApiToken).toResolvedValue(
    (features: RouteGroup[]) => api(features),
    [{ serviceIdentifier: FeatureRoutesToken, isMultiple: true }],
  );
  bindFactory(bind, ApiRoutesToken, (whole: Api) => whole.groups, [ApiToken]);
  bindFactory(bind, ApiDescriptionToken, (whole: Api): Resource => whole.description, [ApiToken]);
});

/** Every route of the API, in the order the features were loaded. */
export function routesOf(container: Container): RouteSpec[] {
  return resolve(container, ApiRoutesToken).flatMap((group) => group.routes);
}

/** This API's OpenAPI document, as `GET /api/v1/openapi.json` serves it (the web app's types come from it). */
export function openApiDocumentOf(container: Container): OpenApiDocument {
  return openApiDocument(resolve(container, ApiRoutesToken));
}

/** The Koa application over a built container, not listening: every request takes the full path. */
export function createApp(container: Container): Koa<VitrineState> {
  return koaApp(routesOf(container), resolve(container, PipelineToken), resolve(container, WebSitesToken));
}

/** What `main` serves: the fast lane, then the Koa application. */
export function createRequestHandler(container: Container): RequestListener {
  return requestHandler(routesOf(container), resolve(container, PipelineToken), resolve(container, WebSitesToken));
}
