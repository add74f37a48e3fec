export { PrometheusMetrics, MetricsToken } from './prometheus-metrics.js';
export { instrumentStore, type StoreCallObserver } from './instrument-store.js';
