import { ContainerModule } from 'inversify';
import { CheckReadiness } from '../../application/health/check-readiness.js';
import { ReadinessChecksToken } from '../../domain/health/readiness-check.js';
import { healthRoutes } from '../../adapters/http/operations/health-routes.js';
import { metricsRoutes } from '../../adapters/http/operations/metrics-route.js';
import { MetricsSourceToken } from '../../adapters/metrics/metrics-source.js';
import { bindClass, bindRoutes } from '../binding.js';

/** Running the service: readiness and liveness, and the metrics scrape. */
export const operationsModule = new ContainerModule(({ bind }) => {
  bindClass(bind, CheckReadiness, [ReadinessChecksToken]);
  bindRoutes(bind, healthRoutes, [CheckReadiness]);
  bindRoutes(bind, metricsRoutes, [MetricsSourceToken]);
});
