import { ContainerModule } from 'inversify';
import { ActiveSliceWatchToken, type ActiveSliceWatch } from '../../application/merchandising/active-slice-watch.js';
import { ActiveSliceChanges } from '../../application/webhooks/active-slice-changes.js';
import { DeliverWebhooks } from '../../application/webhooks/deliver-webhooks.js';
import {
  CreateWebhook,
  DeleteWebhook,
  ListWebhookDeliveries,
  ListWebhooks,
  WebhookSettingsToken,
} from '../../application/webhooks/manage-webhooks.js';
import { WatchSliceTransitions } from '../../application/webhooks/watch-slice-transitions.js';
import { WebhookOutbox } from '../../application/webhooks/webhook-outbox.js';
import { CollectionStoreToken } from '../../domain/merchandising/collection-store.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { SchedulerToken } from '../../domain/shared/scheduler.js';
import { WebhookCryptoToken } from '../../domain/webhooks/webhook-crypto.js';
import { WebhookStoreToken } from '../../domain/webhooks/webhook-store.js';
import { WebhookTransportToken } from '../../domain/webhooks/webhook-transport.js';
import { webhookRoutes } from '../../adapters/http/webhooks/webhook-routes.js';
import { bindClass, bindFactory, bindRoutes } from '../binding.js';

/**
 * Webhooks out: subscriptions and their routes, the outbox events go to (slice transitions found by
 * WatchSliceTransitions, edits that change what a collection shows, product writes), and the
 * sender that delivers them (DeliverWebhooks).
 */
export const webhooksModule = new ContainerModule(({ bind }) => {
  bindClass(bind, WebhookOutbox, [WebhookStoreToken, WebhookCryptoToken, ClockToken]);
  bindClass(bind, WatchSliceTransitions, [CollectionStoreToken, WebhookStoreToken, WebhookOutbox, ClockToken, SchedulerToken]);
  bindClass(bind, DeliverWebhooks, [
    WebhookStoreToken,
    WebhookTransportToken,
    WebhookCryptoToken,
    ClockToken,
    SchedulerToken,
    WebhookOutbox,
  ]);
  bindClass(bind, ActiveSliceChanges, [CollectionStoreToken, WebhookOutbox, ClockToken, WatchSliceTransitions]);
  bindFactory(bind, ActiveSliceWatchToken, (changes: ActiveSliceChanges): ActiveSliceWatch => changes, [ActiveSliceChanges]);

  bindClass(bind, CreateWebhook, [WebhookStoreToken, WebhookCryptoToken, ClockToken, WebhookSettingsToken]);
  bindClass(bind, ListWebhooks, [WebhookStoreToken]);
  bindClass(bind, DeleteWebhook, [WebhookStoreToken]);
  bindClass(bind, ListWebhookDeliveries, [WebhookStoreToken]);
  bindRoutes(bind, webhookRoutes, [CreateWebhook, ListWebhooks, DeleteWebhook, ListWebhookDeliveries]);
});
