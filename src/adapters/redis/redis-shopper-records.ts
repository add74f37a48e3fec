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
 * Adds events to a session's list, keeps its latest ARGV[1], and lets it (and its owner) live
 * ARGV[2] ms more. When the session has no owner yet and ARGV[3] names a shopper, they become its
 * owner and the events it had before are answered (they join that shopper's record). KEYS: the
 * session's list, its owner (one hash tag). ARGV[4..]: the events. Answers the owner ('' for none),
 * then the earlier events when the session was just claimed.
 */
const APPEND_SESSION = `
local owner = redis.call('GET', KEYS[2])
local earlier = {}
if not owner and ARGV[3] ~= '' then
  earlier = redis.call('LRANGE', KEYS[1], 0, -1)
  owner = ARGV[3]
  redis.call('SET', KEYS[2], owner)
end
for i = 4, #ARGV do redis.call('RPUSH', KEYS[1], ARGV[i]) end
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[1]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if owner then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
local answer = { owner or '' }
for i = 1, #earlier do answer[i + 1] = earlier[i] end
return answer
`;

/**
 * Adds to a shopper's record: ARGV[4] events to their latest (a sorted set by time, each event
 * once; keeping the latest ARGV[1]), ARGV[5] products bought to what they bought (each once, moved
 * to the end when bought again; keeping the latest ARGV[2]), and the sessions left in ARGV to the
 * sessions that are theirs; all of it lives ARGV[3] ms more. KEYS: latest events, purchases,
 * sessions (one hash tag). An event is ARGV[i] with its time ARGV[i + 1].
 */
const APPEND_SHOPPER = `
local events, bought = tonumber(ARGV[4]), tonumber(ARGV[5])
local first = 6
for i = first, first + 2 * events - 1, 2 do redis.call('ZADD', KEYS[1], ARGV[i + 1], ARGV[i]) end
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[1]) - 1)
for i = first + 2 * events, first + 2 * events + bought - 1 do
  redis.call('LREM', KEYS[2], 0, ARGV[i])
  redis.call('RPUSH', KEYS[2], ARGV[i])
end
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[2]), -1)
for i = first + 2 * events + bought, #ARGV do redis.call('SADD', KEYS[3], ARGV[i]) end
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
end
return 1
`;

type RecordsRedis = (Redis | Cluster) & {
  recordsAppendSession(
    list: string,
    owner: string,
    keep: number,
    ttlMs: number,
    claimant: string,
    ...events: string[]
  ): Promise<string[]>;
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
 * - a session's latest events: the list `rec:{s:<sessionId>}`, and the shopper it turned out to be
 *   `rec:{s:<sessionId>}:owner`;
 * - a shopper's latest events `rec:{u:<userId>}:recent` (a sorted set by time: each event once, in
 *   time order), what they bought `rec:{u:<userId>}:bought` (a list, each product once) and the
 *   sessions that are theirs `rec:{u:<userId>}:sessions` (a set, to forget them with the shopper):
 *   one hash tag, written together by one script.
 *
 * A batch is written in two steps: each session's events by one script, which tells whose the
 * session is (and, when this batch made it a shopper's, the events it had before); then each
 * shopper's additions by one script: the events that name them, their sessions' events that name
 * nobody, and a just-claimed session's earlier events. Every script adds, trims and sets the expiry
 * together (never a record without its expiry). What fails rejects (the caller decides), at once
 * while Redis is left alone after failures.
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
    connection.commands.defineCommand('recordsAppendSession', { numberOfKeys: 2, lua: APPEND_SESSION });
    connection.commands.defineCommand('recordsAppendShopper', { numberOfKeys: 3, lua: APPEND_SHOPPER });
    this.redis = connection.commands as RecordsRedis;
  }

  async append(events: readonly ShopperEvent[]): Promise<void> {
    const sessions = new Map<string, { stored: string[]; claimant: string | undefined }>();
    for (const event of events) {
      let session = sessions.get(event.sessionId);
      if (session === undefined) sessions.set(event.sessionId, (session = { stored: [], claimant: undefined }));
      session.stored.push(storedOf(event));
      session.claimant ??= event.userId;
    }
    const { limits } = this;
    const owners = new Map<string, { owner: string | undefined; earlier: string[] }>();
    await this.pause.run(() =>
      Promise.all(
        [...sessions].map(async ([sessionId, { stored, claimant }]) => {
          const [owner, ...earlier] = await this.redis.recordsAppendSession(
            this.sessionKey(sessionId),
            this.sessionKey(sessionId, 'owner'),
            limits.eventsPerSession,
            limits.sessionTtlMs,
            claimant ?? '',
            ...stored,
          );
          owners.set(sessionId, { owner: owner === '' ? undefined : owner, earlier });
        }),
      ),
    );
    const shoppers = new Map<string, { events: string[]; bought: string[]; sessions: Set<string> }>();
    const add = (userId: string, stored: string, sessionId: string) => {
      let shopper = shoppers.get(userId);
      if (shopper === undefined) shoppers.set(userId, (shopper = { events: [], bought: [], sessions: new Set() }));
      const { p, t, a } = JSON.parse(stored) as StoredEvent;
      shopper.events.push(stored, String(a));
      if (t === 'purchase') shopper.bought.push(p);
      shopper.sessions.add(sessionId);
    };
    for (const [sessionId, { owner, earlier }] of owners) for (const stored of earlier) add(owner!, stored, sessionId);
    for (const event of events) {
      const userId = event.userId ?? owners.get(event.sessionId)?.owner;
      if (userId !== undefined) add(userId, storedOf(event), event.sessionId);
    }
    await this.pause.run(() =>
      Promise.all(
        [...shoppers].map(([userId, shopper]) =>
          this.redis.recordsAppendShopper(
            this.shopperKey(userId, 'recent'),
            this.shopperKey(userId, 'bought'),
            this.shopperKey(userId, 'sessions'),
            limits.eventsPerShopper,
            limits.purchasesPerShopper,
            limits.shopperTtlMs,
            shopper.events.length / 2,
            shopper.bought.length,
            ...shopper.events,
            ...shopper.bought,
            ...shopper.sessions,
          ),
        ),
      ),
    );
  }

  async session(sessionId: string): Promise<readonly RecentEvent[]> {
    return (await this.pause.run(() => this.redis.lrange(this.sessionKey(sessionId), 0, -1))).map(recentEvent);
  }

  async shopper(userId: string): Promise<ShopperRecord | undefined> {
    const [recent, purchased] = await this.pause.run(() =>
      Promise.all([
        this.redis.zrange(this.shopperKey(userId, 'recent'), '0', '-1'),
        this.redis.lrange(this.shopperKey(userId, 'bought'), 0, -1),
      ]),
    );
    // Every event of a shopper is among their latest when it comes: no latest events, no record.
    if (recent.length === 0) return undefined;
    return { recent: recent.map(recentEvent), purchased };
  }

  async erase(userId: string): Promise<void> {
    const sessions = await this.pause.run(() => this.redis.smembers(this.shopperKey(userId, 'sessions')));
    // The sessions are in slots of their own: a command each; the shopper's keys go last, so a
    // failure part way leaves the list of sessions for the next attempt.
    await this.pause.run(() =>
      Promise.all(sessions.map((sessionId) => this.redis.del(this.sessionKey(sessionId), this.sessionKey(sessionId, 'owner')))),
    );
    await this.pause.run(() =>
      this.redis.del(this.shopperKey(userId, 'recent'), this.shopperKey(userId, 'bought'), this.shopperKey(userId, 'sessions')),
    );
  }

  private sessionKey(sessionId: string, part?: 'owner'): string {
    return this.connection.key(part === undefined ? `rec:{s:${sessionId}}` : `rec:{s:${sessionId}}:${part}`);
  }

  private shopperKey(userId: string, part: 'recent' | 'bought' | 'sessions'): string {
    return this.connection.key(`rec:{u:${userId}}:${part}`);
  }
}

function storedOf(event: ShopperEvent): string {
  return JSON.stringify({ p: event.productId, t: event.type, a: event.at.getTime() } satisfies StoredEvent);
}

function recentEvent(text: string): RecentEvent {
  const { p, t, a } = JSON.parse(text) as StoredEvent;
  return { productId: p, type: t, at: new Date(a) };
}
