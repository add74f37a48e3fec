import type { SliceWindow } from '../merchandising/slice.js';
import type { WebhookEventType } from './webhook.js';

/**
 * An event as it is sent to every subscription of its type. The id is made from what the event is
 * (messageKey), never drawn at random: every instance that finds the same slice transition makes
 * the same message, and the outbox keeps it once.
 */
export interface WebhookMessage {
  readonly id: string;
  readonly type: WebhookEventType;
  /** When the event happened (a transition's instant, an edit's): `webhook-timestamp` is signed from the send. */
  readonly timestamp: Date;
  readonly data: Readonly<Record<string, unknown>>;
}

/** An event before its id is made: `key` says what it is, uniquely (messageKey). */
export interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly key: string;
  readonly timestamp: Date;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The body every delivery of a message carries, byte for byte (what is signed). */
export function messageBody(message: Pick<WebhookMessage, 'type' | 'timestamp' | 'data'>): string {
  return JSON.stringify({ type: message.type, timestamp: message.timestamp.toISOString(), data: message.data });
}

/** Standard Webhooks: what `webhook-signature` signs, `${id}.${timestamp in seconds}.${body}`. */
export function signedContent(messageId: string, timestampSeconds: number, body: string): string {
  return `${messageId}.${timestampSeconds}.${body}`;
}

/** The `webhook-signature` header of a signature (base64 of HMAC-SHA256): version 1. */
export function signatureHeader(signatureBase64: string): string {
  return `v1,${signatureBase64}`;
}

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A slice and its collection, as transition events name them. */
export interface TransitionSlice extends SliceWindow {
  readonly id: number;
  readonly collectionId: number;
  readonly name: string;
}

/**
 * The transitions among `slices` in `(after, until]`: `slice.activated` at a start, `slice.expired`
 * at an end, in time order (then the slice id). Each is keyed by its slice and instant, so that a
 * transition found twice (after a restart, by two instances) is the same message.
 */
export function transitionEvents(slices: Iterable<TransitionSlice>, after: Date, until: Date): WebhookEvent[] {
  const from = after.getTime();
  const to = until.getTime();
  const events: { at: number; id: number; event: WebhookEvent }[] = [];
  for (const slice of slices) {
    const data = {
      collectionId: slice.collectionId,
      sliceId: slice.id,
      name: slice.name,
      startsAt: slice.startsAt.toISOString(),
      endsAt: slice.endsAt.toISOString(),
    };
    for (const [type, at] of [
      ['slice.activated', slice.startsAt],
      ['slice.expired', slice.endsAt],
    ] as const) {
      const t = at.getTime();
      if (t > from && t <= to) {
        events.push({
          at: t,
          id: slice.id,
          event: { type, key: `${type}:${slice.collectionId}:${slice.id}:${at.toISOString()}`, timestamp: at, data },
        });
      }
    }
  }
  return events.sort((a, b) => a.at - b.at || a.id - b.id).map((e) => e.event);
}

/** What a collection shows, as `collection.active_slice_changed` names it: a slice and its version, or nothing. */
export interface ShownSlice {
  readonly sliceId: number;
  readonly version: number;
  readonly name: string;
}

/** The event of an edit that changed what a collection shows now; undefined when it shows the same. */
export function activeSliceChange(
  collectionId: number,
  before: ShownSlice | undefined,
  after: ShownSlice | undefined,
  at: Date,
): WebhookEvent | undefined {
  if (before?.sliceId === after?.sliceId && before?.version === after?.version) return undefined;
  const name = (s: ShownSlice | undefined) => (s === undefined ? 'none' : `${s.sliceId}@${s.version}`);
  const show = (s: ShownSlice | undefined) => (s === undefined ? null : { sliceId: s.sliceId, version: s.version, name: s.name });
  return {
    type: 'collection.active_slice_changed',
    key: `collection.active_slice_changed:${collectionId}:${name(before)}:${name(after)}:${at.toISOString()}`,
    timestamp: at,
    data: { collectionId, previous: show(before), current: show(after) },
  };
}

/** One event per product of a write (an id named twice in it is told once). */
export function productChangeEvents(productIds: readonly string[], change: 'saved' | 'removed', at: Date): WebhookEvent[] {
  return [...new Set(productIds)].map((productId) => ({
    type: 'product.changed',
    key: `product.changed:${productId}:${change}:${at.toISOString()}`,
    timestamp: at,
    data: { productId, change },
  }));
}
