import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import type { Clock } from '../../domain/shared/clock.js';
import { activeSliceChange, type ShownSlice } from '../../domain/webhooks/webhook-message.js';
import type { ActiveSliceWatch } from '../merchandising/active-slice-watch.js';
import type { WatchSliceTransitions } from './watch-slice-transitions.js';
import type { WebhookOutbox } from './webhook-outbox.js';

/**
 * Tells subscriptions when an edit changes what a collection shows now
 * (`collection.active_slice_changed`: another slice, another version of it, or none), and the
 * transition watcher that the calendar changed. What the collection shows is read before and
 * after the write, at the same instant, only while a subscription wants such events.
 */
export class ActiveSliceChanges implements ActiveSliceWatch {
  constructor(
    private readonly collections: CollectionStore,
    private readonly outbox: WebhookOutbox,
    private readonly clock: Clock,
    private readonly transitions: WatchSliceTransitions,
  ) {}

  async around<T>(collectionId: number, write: () => Promise<T>): Promise<T> {
    const at = this.clock.now();
    const subscribers = await this.outbox.subscribers('collection.active_slice_changed');
    const wanted = subscribers.ids.length > 0;
    const before = wanted ? await this.shown(collectionId, at) : undefined;
    const result = await write();
    this.transitions.nudge();
    if (wanted) {
      // The write happened: should the store not answer now, the outbox reads what is shown later.
      const events = async () => {
        const event = activeSliceChange(collectionId, before, await this.shown(collectionId, at), at);
        return event === undefined ? [] : [event];
      };
      await this.outbox.publishAfterWrite(events, subscribers);
    }
    return result;
  }

  private async shown(collectionId: number, at: Date): Promise<ShownSlice | undefined> {
    const slice = await this.collections.findActiveSlice(collectionId, at);
    return slice === undefined ? undefined : { sliceId: slice.id, version: slice.version, name: slice.name };
  }
}
