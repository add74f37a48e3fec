import type { EventNews, EventNewsListener } from '../../domain/events/event-news.js';
import type { ShopperEvent } from '../../domain/events/shopper-event.js';

/**
 * Event news between the instances of one process: the embedded default (an instance alone hears
 * no one) and the tests, where two instances share one event store. Each instance publishes and
 * listens through an endpoint of its own, and hears the other endpoints' events at once.
 */
export class InProcessEventNews {
  private readonly endpoints = new Set<EventEndpoint>();

  endpoint(): EventNews {
    const endpoint = new EventEndpoint(this.endpoints);
    this.endpoints.add(endpoint);
    return endpoint;
  }

  /** What a lost connection between instances would cause: every listener told it may have missed news. */
  dropNews(): void {
    for (const endpoint of this.endpoints) endpoint.tell((listener) => listener.missedSome());
  }
}

class EventEndpoint implements EventNews {
  private readonly listeners: EventNewsListener[] = [];

  constructor(private readonly all: ReadonlySet<EventEndpoint>) {}

  async publish(events: readonly ShopperEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const endpoint of this.all) if (endpoint !== this) endpoint.tell((listener) => listener.received(events));
  }

  async publishErased(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    for (const endpoint of this.all) if (endpoint !== this) endpoint.tell((listener) => listener.erased(userIds));
  }

  subscribe(listener: EventNewsListener): void {
    this.listeners.push(listener);
  }

  tell(what: (listener: EventNewsListener) => void): void {
    for (const listener of this.listeners) what(listener);
  }
}
