import type { MetricsSource } from '../../metrics/metrics-source.js';
import { text } from '../pipeline/reply.js';
import { route, type RouteGroup } from '../pipeline/route-spec.js';
import { OPERATIONS_TAG } from './health-routes.js';

export const METRICS_PATH = '/metrics';

/** Prometheus' scrape target. No token, like the health routes: keep it off the public side of the ingress. */
export function metricsRoutes(source: MetricsSource): RouteGroup {
  return {
    tag: OPERATIONS_TAG,
    routes: [
      route({
        method: 'GET',
        path: METRICS_PATH,
        operationId: 'getMetrics',
        summary: 'Metrics in the Prometheus text format',
        description:
          'Requests by route pattern and status with latency histograms (`vitrine_http_*`), cache lookups by layer and outcome (`vitrine_cache_lookups_total`), store calls with latency and errors (`vitrine_store_*`), requests refused by the rate limits (`vitrine_rate_limited_total`), the similarity engine (`vitrine_similarity_*`), and the process (`vitrine_process_*`, `vitrine_nodejs_*`).',
        responses: [{ status: 200, description: 'The metrics.', text: 'text/plain', headers: ['Cache-Control'] }],
        examples: {
          responses: {
            200:
              '# HELP vitrine_http_requests_total HTTP requests answered, by method, route pattern and status.\n' +
              '# TYPE vitrine_http_requests_total counter\n' +
              'vitrine_http_requests_total{method="GET",route="/api/v1/merchandising-collections/protected/:id",status="200"} 1\n',
          },
        },
        handler: async () => text(200, await source.render(), source.contentType, { 'Cache-Control': 'no-store' }),
      }),
    ],
  };
}
