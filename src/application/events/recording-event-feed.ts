import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { ShopperRecords } from '../../domain/product/shopper-records.js';
import type { EventFeed } from './follow-events.js';

/**
 * The event feed of an instance that answers from shared records: every event recorded here is
 * also added to its session's and shopper's shared records (so any instance answers the session
 * the same), and an erased shopper's records are dropped. The records failing (Redis away) never
 * fails a recording: the events are stored; answers read the session as it was.
 */
export class RecordingEventFeed implements EventFeed {
  constructor(
    private readonly feed: EventFeed,
    private readonly records: ShopperRecords,
  ) {}

  async recorded(events: readonly ShopperEvent[]): Promise<void> {
    await Promise.all([this.records.append(events).catch(() => undefined), this.feed.recorded(events)]);
  }

  async erased(userId: string): Promise<void> {
    await Promise.all([this.records.erase(userId), this.feed.erased(userId)]);
  }
}
