import type { EventNews, EventNewsListener } from '../../domain/events/event-news.js';
import { EVENT_TYPES, type EventType, type ShopperEvent } from '../../domain/events/shopper-event.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';
import { Outbox } from './outbox.js';
import type { RedisConnection } from './redis-connection.js';

/** The channel event news goes over. */
const CHANNEL = 'shopper-events';

/** Events kept while Redis does not take them: a few minutes of a busy shop; the others relearn what is beyond. */
const MAX_KEPT = 100_000;

/** An event as published: short keys, the instant in milliseconds. */
interface Wire {
  t: EventType;
  p: string;
  s: string;
  u?: string;
  a: number;
  r?: string;
}

const TYPES = new Set<string>(EVENT_TYPES);

/**
 * Event news over Redis pub/sub: every instance learns from the events the others record. The
 * events go as they were stored (the `eventId` aside: they are stored already), each as one item,
 * and so do the ids of shoppers erased (whom every instance forgets).
 * News that cannot be published now is kept (up to MAX_KEPT events) and sent as soon as Redis
 * answers; an instance whose subscription dropped is told it may have missed some, and learns
 * afresh from the store.
 */
export class RedisEventNews implements EventNews {
  private readonly listeners: EventNewsListener[] = [];
  private readonly outbox: Outbox;

  constructor(connection: RedisConnection, logger: Logger) {
    const pause = new FailurePause(logger, 'Redis does not answer; event news is kept until it does');
    this.outbox = new Outbox(
      pause,
      async (items) => {
        await connection.commands.publish(connection.key(CHANNEL), connection.message(items));
      },
      logger,
      'event news',
      { maxKept: MAX_KEPT, whenDropped: ': the other instances learn those events when they next learn afresh' },
    );
    connection.whenReady(() => void this.outbox.flush());
    connection.beforeStop(() => this.outbox.close());
    connection.listen(CHANNEL, {
      received: (items) => this.tell(items),
      missedSome: () => this.listeners.forEach((listener) => listener.missedSome()),
    });
  }

  publish(events: readonly ShopperEvent[]): Promise<void> {
    return this.outbox.deliver(events.map(encode));
  }

  publishErased(userIds: readonly string[]): Promise<void> {
    return this.outbox.deliver(userIds.map((userId) => JSON.stringify({ x: userId })));
  }

  subscribe(listener: EventNewsListener): void {
    this.listeners.push(listener);
  }

  /**
   * Tells the listeners what a message holds, in its order (consecutive events together): news
   * kept through an outage goes in one message, and an erasure must come after the events it
   * erased, or the listeners would remember them again.
   */
  private tell(items: readonly string[]): void {
    let events: ShopperEvent[] = [];
    let erased: string[] = [];
    const told = () => {
      if (erased.length > 0) this.listeners.forEach((listener) => listener.erased(erased));
      if (events.length > 0) this.listeners.forEach((listener) => listener.received(events));
      [events, erased] = [[], []];
    };
    for (const item of items) {
      const userIds = decodeErased(item);
      if (userIds.length > 0) {
        if (events.length > 0) told();
        erased.push(...userIds);
        continue;
      }
      const decoded = decode(item);
      if (decoded.length > 0 && erased.length > 0) told();
      events.push(...decoded);
    }
    told();
  }
}

/** An erased shopper's id, or nothing for an item that is not one. */
function decodeErased(item: string): string[] {
  if (!item.startsWith('{"x":')) return [];
  try {
    const { x } = JSON.parse(item) as { x?: unknown };
    return typeof x === 'string' ? [x] : [];
  } catch {
    return [];
  }
}

function encode(event: ShopperEvent): string {
  const wire: Wire = { t: event.type, p: event.productId, s: event.sessionId, a: event.at.getTime() };
  if (event.userId !== undefined) wire.u = event.userId;
  if (event.recommendationId !== undefined) wire.r = event.recommendationId;
  return JSON.stringify(wire);
}

/** An event as published, or nothing for an item that is not one (another version's, say). */
function decode(item: string): ShopperEvent[] {
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(item) as Partial<Wire>;
  } catch {
    return [];
  }
  const { t, p, s, u, a, r } = wire ?? {};
  if (typeof t !== 'string' || !TYPES.has(t) || typeof p !== 'string' || typeof s !== 'string' || typeof a !== 'number')
    return [];
  return [
    {
      type: t,
      productId: p,
      sessionId: s,
      at: new Date(a),
      ...(typeof u === 'string' ? { userId: u } : {}),
      ...(typeof r === 'string' ? { recommendationId: r } : {}),
    },
  ];
}
