import type { Clock } from '../../domain/shared/clock.js';
import { DomainError } from '../../domain/shared/errors.js';
import type { Page } from '../../domain/shared/page.js';
import { token } from '../../domain/shared/token.js';
import { draftWebhook, MAX_WEBHOOKS, type WebhookInput, type WebhookSubscription } from '../../domain/webhooks/webhook.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';
import type { DeliveryPosition, WebhookDelivery, WebhookStore } from '../../domain/webhooks/webhook-store.js';

/** What the webhook use cases are told by the configuration. */
export interface WebhookSettings {
  /** Whether subscriptions may name loopback and private addresses (WEBHOOK_ALLOW_PRIVATE_URLS). */
  readonly allowPrivateUrls: boolean;
}

export const WebhookSettingsToken = token<WebhookSettings>('WebhookSettings');

/** How many subscriptions or deliveries a page holds unless the query says. */
export const DEFAULT_WEBHOOK_PAGE = 50;

export function webhookNotFound(): DomainError {
  return new DomainError('WEBHOOK_NOT_FOUND', 'No webhook subscription has this id.');
}

/** Subscribes a URL to events; the answer holds the signing secret, which nothing shows again. */
export class CreateWebhook {
  constructor(
    private readonly store: WebhookStore,
    private readonly crypto: WebhookCrypto,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async execute(input: WebhookInput, actor: string): Promise<WebhookSubscription> {
    const draft = draftWebhook(input, { allowPrivateAddresses: this.settings.allowPrivateUrls });
    const held = await this.store.countSubscriptions();
    if (held >= MAX_WEBHOOKS) {
      throw new DomainError('CONFLICT', `There are ${held} webhook subscriptions, the most the service keeps; delete one first.`);
    }
    const subscription: WebhookSubscription = {
      id: this.crypto.newSubscriptionId(),
      ...draft,
      secret: this.crypto.newSecret(),
      createdAt: this.clock.now(),
      createdBy: actor,
    };
    await this.store.addSubscription(subscription);
    return subscription;
  }
}

/** A page of the subscriptions by id, and the id the next page starts after (undefined on the last). */
export class ListWebhooks {
  constructor(private readonly store: WebhookStore) {}

  async execute(query: { readonly limit?: number | undefined; readonly afterId?: string | undefined }) {
    const page = await this.store.listSubscriptions({ limit: query.limit ?? DEFAULT_WEBHOOK_PAGE, afterId: query.afterId });
    return { ...page, next: page.more ? page.items.at(-1)?.id : undefined };
  }
}

/** Ends a subscription: nothing more is sent to it, and its pending deliveries and log go with it. */
export class DeleteWebhook {
  constructor(private readonly store: WebhookStore) {}

  async execute(id: string): Promise<void> {
    if (!(await this.store.deleteSubscription(id))) throw webhookNotFound();
  }
}

/** A page of the delivery log, newest first, each delivery with its attempts: one subscription's, or (undefined) all. */
export class ListWebhookDeliveries {
  constructor(private readonly store: WebhookStore) {}

  async execute(
    subscriptionId: string | undefined,
    query: { readonly limit?: number | undefined; readonly after?: DeliveryPosition | undefined },
  ): Promise<Page<WebhookDelivery> & { readonly next?: DeliveryPosition | undefined }> {
    if (subscriptionId !== undefined && (await this.store.getSubscription(subscriptionId)) === undefined) {
      throw webhookNotFound();
    }
    const page = await this.store.listDeliveries(subscriptionId, {
      limit: query.limit ?? DEFAULT_WEBHOOK_PAGE,
      after: query.after,
    });
    const last = page.items.at(-1);
    return { ...page, next: page.more && last !== undefined ? { createdAt: last.createdAt, id: last.id } : undefined };
  }
}
