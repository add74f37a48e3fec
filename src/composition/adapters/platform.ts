import cluster from 'node:cluster';
import { ContainerModule } from 'inversify';
import { RateLimitSettingsToken } from '../../application/auth/rate-limit-settings.js';
import { AnswerCache, CacheSettingsToken } from '../../application/caching/answer-cache.js';
import { CacheObserverToken } from '../../domain/caching/cache-observer.js';
import { MerchandisingSettingsToken } from '../../application/merchandising/slice-writer.js';
import { SharedCacheToken } from '../../domain/caching/shared-cache.js';
import { CatalogFollowSettingsToken } from '../../application/product/follow-catalog.js';
import { DEFAULT_RULE_REFRESH, RuleRefreshSettingsToken } from '../../application/merchandising/refresh-rule-slices.js';
import { BehaviourFollowSettingsToken } from '../../application/events/follow-events.js';
import { RecommendationCountsToken, type RecommendationCounts } from '../../domain/product/recommendation-counts.js';
import { TokenSecretsToken } from '../../domain/auth/token-secrets.js';
import { EventPolicyToken } from '../../domain/events/shopper-event.js';
import { IdentifierPolicyToken } from '../../domain/profile/identifiers.js';
import { MomentPolicyToken } from '../../domain/profile/live-moment.js';
import { ClockToken, type Clock } from '../../domain/shared/clock.js';
import { SchedulerToken, type Scheduler } from '../../domain/shared/scheduler.js';
import { SystemClock } from '../../adapters/clock/system-clock.js';
import { WorkerMetricsSource } from '../../adapters/cluster/cluster-metrics.js';
import { NodeTokenSecrets } from '../../adapters/crypto/node-token-secrets.js';
import { NodeWebhookCrypto } from '../../adapters/crypto/node-webhook-crypto.js';
import { NodeWebhookTransport } from '../../adapters/webhooks/node-webhook-transport.js';
import { WebhookSettingsToken } from '../../application/webhooks/manage-webhooks.js';
import { WebhookCryptoToken } from '../../domain/webhooks/webhook-crypto.js';
import { WebhookTransportToken } from '../../domain/webhooks/webhook-transport.js';
import { createLogger, LoggerToken, type Logger } from '../../adapters/logging/logger.js';
import { MetricsSourceToken, type MetricsSource } from '../../adapters/metrics/metrics-source.js';
import { MetricsToken, PrometheusMetrics } from '../../adapters/metrics/prometheus-metrics.js';
import { bindClass, bindFactory, bindValue } from '../binding.js';
import type { VitrineConfig } from '../config.js';
import { HttpSettingsToken } from './http.js';

/** Whether this process is one of several workers (WORKERS) sharing what only one process can hold. */
export function inWorker(config: VitrineConfig): boolean {
  return config.workers > 1 && cluster.isWorker;
}

/**
 * What every part stands on: time and timers, randomness, logging, metrics, the settings the
 * configuration gives the use cases and adapters, and the caching of answers the features share.
 */
export function platformModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const system = new SystemClock();
    bindValue<Clock>(bind, ClockToken, system);
    bindValue<Scheduler>(bind, SchedulerToken, system);
    bindFactory(bind, TokenSecretsToken, () => new NodeTokenSecrets(), []);
    bindFactory(bind, WebhookCryptoToken, () => new NodeWebhookCrypto(), []);
    bindFactory(
      bind,
      WebhookTransportToken,
      () => new NodeWebhookTransport({ allowPrivateAddresses: config.webhookAllowPrivateUrls }),
      [],
    );
    bindValue(bind, WebhookSettingsToken, { allowPrivateUrls: config.webhookAllowPrivateUrls });
    bindFactory(bind, LoggerToken, () => createLogger(config.logLevel), []);
    bindFactory(bind, MetricsToken, () => new PrometheusMetrics(), []);
    bindFactory(
      bind,
      MetricsSourceToken,
      (metrics: PrometheusMetrics, logger: Logger): MetricsSource =>
        inWorker(config) ? new WorkerMetricsSource(metrics, logger) : metrics,
      [MetricsToken, LoggerToken],
    );
    bindFactory(bind, CacheObserverToken, (metrics: PrometheusMetrics) => metrics, [MetricsToken]);
    bindFactory(bind, RecommendationCountsToken, (metrics: PrometheusMetrics): RecommendationCounts => metrics, [MetricsToken]);

    bindValue(bind, IdentifierPolicyToken, { defaultCountry: config.defaultCountry });
    bindValue(bind, MomentPolicyToken, config.moments);
    bindValue(bind, CacheSettingsToken, { ttlMs: config.cacheTtlMs, localEntries: config.cacheLocalEntries });
    bindValue(bind, RateLimitSettingsToken, {
      perToken: config.rateLimit,
      failedAuthentications: config.authFailureLimit,
      perPublishableAddress: config.publishableAddressLimit,
    });
    bindValue(bind, HttpSettingsToken, { trustedProxies: config.trustProxy });
    bindValue(bind, MerchandisingSettingsToken, { maxSlicesPerCollection: config.maxSlicesPerCollection });
    bindValue(bind, RuleRefreshSettingsToken, { ...DEFAULT_RULE_REFRESH, everyMs: config.ruleSlicesRefreshMs });
    bindValue(bind, EventPolicyToken, { retentionDays: config.eventRetentionDays });
    bindValue(bind, BehaviourFollowSettingsToken, { relearnEveryMs: config.behaviourRelearnMs });
    // Other processes write to a shared store, and no catalog news reaches this one: compare every CACHE_TTL.
    bindValue(bind, CatalogFollowSettingsToken, {
      reconcileEveryMs: config.mongodbUri !== undefined && config.redis === undefined ? config.cacheTtlMs : undefined,
    });

    bindClass(bind, AnswerCache, [SharedCacheToken, ClockToken, CacheSettingsToken, CacheObserverToken]);
  });
}
