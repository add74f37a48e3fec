import type { Cluster, Redis } from 'ioredis';
import type { ShopperEvent } from '../../domain/events/shopper-event.js';
import type { RecentEvent } from '../../domain/product/similarity.js';
import {
  DEFAULT_SHOPPER_RECORD_LIMITS,
  type ShopperRecord,
  type ShopperRecordLimits,
  type ShopperRecords,
} from '../../domain/product/shopper-records.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';
import type { RedisConnection } from './redis-connection.js';

/**
 * Adds events to a session's list, keeps its latest ARGV[1], and lets it live ARGV[2] ms more.
 * KEYS: the session's list. ARGV[3..]: the events.
 */
const APPEND_SESSION = `
for i = 3, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[1]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * Adds to a shopper's record: ARGV[4] events to their latest (keeping ARGV[1]), ARGV[5] products
 * bought to what they bought (each once, where it first came; keeping the latest ARGV[2]), and the
 * sessions left in ARGV to the sessions their events named; all of it lives ARGV[3] ms more.
 * KEYS: latest events, purchases, sessions (one hash tag).
 */
const APPEND_SHOPPER = `
local events, bought = tonumber(ARGV[4]), tonumber(ARGV[5])
local first = 6
for i = first, first + events - 1 do redis.call('RPUSH', KEYS[1], ARGV[i]) end
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[1]), -1)
for i = first + events, first + events + bought - 1 do
  if not redis.call('LPOS', KEYS[2], ARGV[i]) then redis.call('RPUSH', KEYS[2], ARGV[i]) end
end
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
for i = first + events + bought, #ARGV do redis.call('SADD', KEYS[3], ARGV[i]) end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
return 1
`;

type RecordsRedis = (Redis | Cluster) & {
  recordsAppendSession(key: string, keep: number, ttlMs: number, ...events: string[]): Promise<number>;
  recordsAppendShopper(
    recent: string,
    bought: string,
    sessions: string,
    keepEvents: number,
    keepBought: number,
    ttlMs: number,
    events: number,
    purchases: number,
    ...items: string[]
  ): Promise<number>;
};

/** An event as a record keeps it: compact JSON, `{"p":productId,"t":type,"a":epoch ms}`. */
interface StoredEvent {
  readonly p: string;
  readonly t: string;
  readonly a: number;
}

/**
 * Sessions' and shoppers' records on Redis (a server, a Sentinel-watched primary or a Cluster),
 * trimmed and expiring by Redis itself:
 *
 * - a session's latest events: the list `rec:{s:<sessionId>}`;
 * - a shopper's latest events `rec:{u:<userId>}:recent`, what they bought `rec:{u:<userId>}:bought`
 *   (a list, each product once) and the sessions their events named `rec:{u:<userId>}:sessions`
 *   (a set, to forget them with the shopper): one hash tag, written together by one script.
 *
 * Each record's additions go by one script (add, trim, expire: never a record without its expiry),
 * the records of one batch together. What fails rejects (the caller decides), at once while Redis
 * is left alone after failures.
 */
export class RedisShopperRecords implements ShopperRecords {
  private readonly redis: RecordsRedis;
  private readonly pause: FailurePause;

  constructor(
    private readonly connection: RedisConnection,
    logger: Logger,
    private readonly limits: ShopperRecordLimits = DEFAULT_SHOPPER_RECORD_LIMITS,
  ) {
    this.pause = new FailurePause(logger, 'Redis does not answer; sessions and shoppers are not recorded until it does');
    connection.commands.defineCommand('recordsAppendSession', { numberOfKeys: 1, lua: APPEND_SESSION });
    connection.commands.defineCommand('recordsAppendShopper', { numberOfKeys: 3, lua: APPEND_SHOPPER });
    this.redis = connection.commands as RecordsRedis;
  }

  async append(events: readonly ShopperEvent[]): Promise<void> {
    const sessions = new Map<string, string[]>();
    const shoppers = new Map<string, { events: string[]; bought: string[]; sessions: Set<string> }>();
    for (const event of events) {
      const stored = JSON.stringify({ p: event.productId, t: event.type, a: event.at.getTime() } satisfies StoredEvent);
      const session = sessions.get(event.sessionId);
      if (session === undefined) sessions.set(event.sessionId, [stored]);
      else session.push(stored);
      if (event.userId === undefined) continue;
      let shopper = shoppers.get(event.userId);
      if (shopper === undefined) shoppers.set(event.userId, (shopper = { events: [], bought: [], sessions: new Set() }));
      shopper.events.push(stored);
      if (event.type === 'purchase') shopper.bought.push(event.productId);
      shopper.sessions.add(event.sessionId);
    }
    const { limits } = this;
    await this.pause.run(() =>
      Promise.all([
        ...[...sessions].map(([sessionId, stored]) =>
          this.redis.recordsAppendSession(this.sessionKey(sessionId), limits.eventsPerSession, limits.sessionTtlMs, ...stored),
        ),
        ...[...shoppers].map(([userId, shopper]) =>
          this.redis.recordsAppendShopper(
            this.shopperKey(userId, 'recent'),
            this.shopperKey(userId, 'bought'),
            this.shopperKey(userId, 'sessions'),
            limits.eventsPerShopper,
            limits.purchasesPerShopper,
            limits.shopperTtlMs,
            shopper.events.length,
            shopper.bought.length,
            ...shopper.events,
            ...shopper.bought,
            ...shopper.sessions,
          ),
        ),
      ]),
    );
  }

  async session(sessionId: string): Promise<readonly RecentEvent[]> {
    return (await this.pause.run(() => this.redis.lrange(this.sessionKey(sessionId), 0, -1))).map(recentEvent);
  }

  async shopper(userId: string): Promise<ShopperRecord | undefined> {
    const [recent, purchased] = await this.pause.run(() =>
      Promise.all([
        this.redis.lrange(this.shopperKey(userId, 'recent'), 0, -1),
        this.redis.lrange(this.shopperKey(userId, 'bought'), 0, -1),
      ]),
    );
    // Every event of a shopper is among their latest when it comes: no latest events, no record.
    if (recent.length === 0) return undefined;
    return { recent: recent.map(recentEvent), purchased };
  }

  async forgetUser(userId: string): Promise<void> {
    const sessions = await this.pause.run(() => this.redis.smembers(this.shopperKey(userId, 'sessions')));
    // The sessions are in slots of their own: a command each; the shopper's keys go last, so a
    // failure part way leaves the list of sessions for the next attempt.
    await this.pause.run(() => Promise.all(sessions.map((sessionId) => this.redis.del(this.sessionKey(sessionId)))));
    await this.pause.run(() =>
      this.redis.del(this.shopperKey(userId, 'recent'), this.shopperKey(userId, 'bought'), this.shopperKey(userId, 'sessions')),
    );
  }

  private sessionKey(sessionId: string): string {
    return this.connection.key(`rec:{s:${sessionId}}`);
  }

  private shopperKey(userId: string, part: 'recent' | 'bought' | 'sessions'): string {
    return this.connection.key(`rec:{u:${userId}}:${part}`);
  }
}

function recentEvent(text: string): RecentEvent {
  const { p, t, a } = JSON.parse(text) as StoredEvent;
  return { productId: p, type: t, at: new Date(a) };
}
