import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import {
  DELIVERY_LEASE_MS,
  DELIVERY_LOG_RETENTION_MS,
  DELIVERY_POLL_MS,
  isDelivered,
  nextAttemptAfterFailure,
} from '../../domain/webhooks/delivery-policy.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';
import { signatureHeader, signedContent } from '../../domain/webhooks/webhook-message.js';
import type { AttemptOutcome, ClaimedDelivery, WebhookStore } from '../../domain/webhooks/webhook-store.js';
import type { WebhookTransport } from '../../domain/webhooks/webhook-transport.js';
import type { WebhookOutbox } from './webhook-outbox.js';

/** How many deliveries one instance sends at once. */
const PARALLEL_SENDS = 4;
/** The most characters of an error a log keeps. */
const MAX_ERROR_LENGTH = 300;

/**
 * Sends what the outbox holds: claims a due delivery (for DELIVERY_LEASE_MS, so that no other
 * instance sends it meanwhile, and another does once a dead sender's claim runs out), posts it
 * signed as Standard Webhooks says, records the attempt in the subscription's log, and plans the
 * next one by the retry policy. Runs when this process enqueues, when the earliest pending delivery
 * falls due, and at least every DELIVERY_POLL_MS (deliveries other instances enqueued).
 */
export class DeliverWebhooks {
  readonly name = 'webhooks';
  private readonly instance: string;
  private claims = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private cancelTimer: (() => void) | undefined;

  constructor(
    private readonly store: WebhookStore,
    private readonly transport: WebhookTransport,
    private readonly crypto: WebhookCrypto,
    private readonly clock: Clock,
    private readonly scheduler: Scheduler,
    private readonly outbox: WebhookOutbox,
  ) {
    this.instance = crypto.newClaim();
    outbox.onEnqueued(() => this.wake());
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.wake();
  }

  /** Stops taking deliveries; the attempts under way end (a claim left unrecorded runs out). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    await this.running;
  }

  /** Resolves once the run under way (and any it was asked to follow with) has ended. */
  async settled(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  /** Looks for due deliveries now (once more after the run under way, if one is). */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.again) this.wake();
    });
  }

  /** Sends what is due, then sleeps until the next delivery falls due, or DELIVERY_POLL_MS at most. */
  private async drain(): Promise<void> {
    let nextDue: Date | undefined;
    try {
      // Events of writes the store could not take then come first.
      await this.outbox.flushKept();
      // A send that failed (the store did not answer) leaves the others to finish.
      await Promise.allSettled(Array.from({ length: PARALLEL_SENDS }, () => this.sendWhileDue()));
      await this.store.deleteFinishedBefore(new Date(this.clock.now().getTime() - DELIVERY_LOG_RETENTION_MS));
      nextDue = await this.store.nextDueAt();
    } catch {
      // The store did not answer: look again at the next poll.
    }
    if (this.stopped || this.again) return;
    const wait = nextDue === undefined ? DELIVERY_POLL_MS : nextDue.getTime() - this.clock.now().getTime();
    this.cancelTimer = this.scheduler.after(Math.max(0, Math.min(wait, DELIVERY_POLL_MS)), () => {
      this.cancelTimer = undefined;
      this.wake();
    });
  }

  private async sendWhileDue(): Promise<void> {
    while (!this.stopped) {
      const now = this.clock.now();
      // A claim of its own for each take: a late record of an expired claim never passes for a later one.
      const claim = `${this.instance}.${++this.claims}`;
      const claimed = await this.store.claimDue(now, claim, new Date(now.getTime() + DELIVERY_LEASE_MS));
      if (claimed === undefined) return;
      await this.attempt(claimed);
    }
  }

  /** One attempt of a claimed delivery, recorded with what follows from it. */
  private async attempt({ delivery, claim }: ClaimedDelivery): Promise<void> {
    const subscription = await this.store.getSubscription(delivery.subscriptionId);
    if (subscription === undefined) {
      // Deleted meanwhile (its deliveries go with it): nothing to send this to.
      const attempt = { at: this.clock.now(), durationMs: 0, error: 'the subscription was deleted' };
      await this.store.recordAttempt(delivery.id, claim, attempt, { status: 'failed' });
      return;
    }
    const sentAt = this.clock.now();
    const timestamp = Math.floor(sentAt.getTime() / 1000);
    const signature = this.crypto.sign(subscription.secret, signedContent(delivery.messageId, timestamp, delivery.body));
    let status: number | undefined;
    let error: string | undefined;
    try {
      ({ status } = await this.transport.post(
        subscription.url,
        {
          'content-type': 'application/json',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(signature),
        },
        delivery.body,
      ));
    } catch (failure) {
      error = (failure instanceof Error ? failure.message : String(failure)).slice(0, MAX_ERROR_LENGTH);
    }
    const at = this.clock.now();
    const attemptsMade = delivery.attempts.length + 1;
    let outcome: AttemptOutcome;
    if (status !== undefined && isDelivered(status)) outcome = { status: 'delivered' };
    else {
      const next = nextAttemptAfterFailure(attemptsMade, at);
      outcome = next === undefined ? { status: 'failed' } : { status: 'pending', nextAttemptAt: next };
    }
    const attempt = { at: sentAt, durationMs: at.getTime() - sentAt.getTime(), status, error };
    await this.store.recordAttempt(delivery.id, claim, attempt, outcome);
  }
}
