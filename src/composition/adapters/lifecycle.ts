import { ContainerModule } from 'inversify';
import { FollowCatalog } from '../../application/product/follow-catalog.js';
import { FollowEvents } from '../../application/events/follow-events.js';
import { RefreshRuleSlices } from '../../application/merchandising/refresh-rule-slices.js';
import { DeliverWebhooks } from '../../application/webhooks/deliver-webhooks.js';
import { WatchSliceTransitions } from '../../application/webhooks/watch-slice-transitions.js';
import { ReadinessChecksToken, type ReadinessCheck } from '../../domain/health/readiness-check.js';
import { token, type Token } from '../../domain/shared/token.js';
import { MongoDatabaseToken } from '../../adapters/mongo/mongo-database.js';
import { RedisConnectionToken } from '../../adapters/redis/redis-connection.js';
import {
  SpreadsheetReaderToken,
  SpreadsheetWorkers,
  type SpreadsheetReader,
} from '../../adapters/spreadsheet/spreadsheet-workers.js';
import { bindClass, bindFactory, bindList } from '../binding.js';
import type { VitrineConfig } from '../config.js';
import { ResourcesToken, type Resource } from '../lifecycle.js';
import { ApiDescriptionToken } from './http.js';
import { EngineResourceToken, ListsReadinessToken } from './similarity.js';
import { InMemoryReadinessToken } from './stores.js';

/** The worker thread reading spreadsheets: nothing to open, ended at stop. */
const SpreadsheetResourceToken = token<Resource>('SpreadsheetResource');

/** Slice transitions watched and webhook deliveries sent, started once the stores are open. */
const TransitionsResourceToken = token<Resource>('TransitionsResource');
const WebhookSenderResourceToken = token<Resource>('WebhookSenderResource');
/** Rule slices kept filled, once the catalog and the events are being followed. */
const RuleSlicesResourceToken = token<Resource>('RuleSlicesResource');

/** What readiness reports, and what is opened at start and closed at stop: whatever was configured. */
export function lifecycleModule(config: VitrineConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const stores: Token<ReadinessCheck & Resource>[] = config.mongodbUri === undefined ? [] : [MongoDatabaseToken];
    const redis: Token<ReadinessCheck & Resource>[] = config.redis === undefined ? [] : [RedisConnectionToken];
    const lists: Token<ReadinessCheck>[] = config.similarLists.shared ? [ListsReadinessToken] : [];
    bindList<ReadinessCheck>(bind, ReadinessChecksToken, [
      ...(stores.length > 0 ? stores : [InMemoryReadinessToken]),
      ...redis,
      ...lists,
    ]);
    bindFactory(bind, TransitionsResourceToken, (watch: WatchSliceTransitions): Resource => watch, [WatchSliceTransitions]);
    bindFactory(bind, WebhookSenderResourceToken, (sender: DeliverWebhooks): Resource => sender, [DeliverWebhooks]);
    bindFactory(bind, RuleSlicesResourceToken, (rules: RefreshRuleSlices): Resource => rules, [RefreshRuleSlices]);
    bindClass(bind, SpreadsheetWorkers, []);
    bindFactory(bind, SpreadsheetReaderToken, (workers: SpreadsheetWorkers): SpreadsheetReader => workers, [SpreadsheetWorkers]);
    bindFactory(bind, SpreadsheetResourceToken, (workers: SpreadsheetWorkers): Resource => workers, [SpreadsheetWorkers]);
    bindList<Resource>(bind, ResourcesToken, [
      ...stores,
      ...redis,
      EngineResourceToken,
      WebhookSenderResourceToken,
      TransitionsResourceToken,
      RuleSlicesResourceToken,
      SpreadsheetResourceToken,
      ApiDescriptionToken,
    ]);
  });
}
