/** What an event store holds, read as the service reads it: the whole history, a page at a time. */
import type { EventStore, RecordedEvent } from '../../src/domain/events/event-store.js';

/** Every event the store holds, in time order (ties by key). */
export async function historyOf(store: EventStore): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let page = await store.scan(undefined, 500);
  seen.push(...page.items);
  while (page.more) {
    const last = page.items.at(-1)!;
    page = await store.scan({ at: last.at, key: last.key }, 500);
    seen.push(...page.items);
  }
  return seen;
}
