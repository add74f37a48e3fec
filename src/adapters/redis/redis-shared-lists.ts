import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Cluster, Redis } from 'ioredis';
import {
  OVERALL,
  type ListedProduct,
  type ListsChange,
  type ListsLease,
  type ListsNews,
  type ListsNewsListener,
  type PopularList,
  type ProductLists,
  type SharedLists,
} from '../../domain/product/shared-lists.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';
import { Outbox } from './outbox.js';
import type { RedisConnection } from './redis-connection.js';

/** The lists are spread over this many hash tags (`{lists:0}`..): one slot each on a Redis Cluster. */
export const LIST_SHARDS = 16;

/**
 * Records turned into JSON and sent in one turn of the event loop at most (a few ms for 500 lists
 * of 60 ids): a big publication lets requests through in between.
 */
const RECORDS_PER_TURN = 500;

/**
 * A read's records are parsed until this much time has passed in a turn (looked at every
 * PARSED_BETWEEN_LOOKS records), then the event loop turns: 500 lists of 60 ids took 24 ms to
 * parse on a slow machine, and a count alone does not know the machine.
 */
const PARSE_MS_PER_TURN = 5;
const PARSED_BETWEEN_LOOKS = 25;

/**
 * Keys asked in one round of reads at most (an MGET per shard, together): a read of many
 * products neither asks for nor gets back all of them in one turn (20,000 lists of 60 ids are
 * about 40 MB of replies), but in rounds, one after another.
 */
const KEYS_PER_ROUND = 2 * RECORDS_PER_TURN;

/** Keys written by one script at most (a product's lists and its card are two): a big publication is written in several, each fenced. */
const WRITES_PER_SCRIPT = RECORDS_PER_TURN / 2;

/** Items of news in one message at most: a big publication's news goes in several. */
const NEWS_PER_MESSAGE = 1_000;

/** The channel the news of each publication goes over. */
const CHANNEL = 'lists-news';

/** How a news item names what changed: a product's lists, or a category's popular list. */
const PRODUCT_ITEM = 'p:';
const POPULAR_ITEM = 'c:';

/**
 * Takes the lease for ARGV[1] (for ARGV[2] ms) when nobody holds it, with the next version of the
 * counter; keeps it ARGV[2] ms more when ARGV[1] holds it; else answers nil. The lease's value is
 * `version|holder`. KEYS: the lease, the version counter (one hash tag). Answers the version held.
 */
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held == false then
  local version = redis.call('INCR', KEYS[2])
  redis.call('SET', KEYS[1], version .. '|' .. ARGV[1], 'PX', ARGV[2])
  return version
end
local bar = string.find(held, '|', 1, true)
if string.sub(held, bar + 1) ~= ARGV[1] then return nil end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return tonumber(string.sub(held, 1, bar - 1))
`;

/** Deletes the lease when it is still ARGV[1] (`version|holder`). KEYS: the lease. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/** Raises a shard's fence to ARGV[1] when it is lower (never lowers it). KEYS: the fence. */
const RAISE_FENCE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return 1
`;

/**
 * Writes a shard's share of a publication when the shard's fence is the lease's version ARGV[1],
 * else writes nothing and answers 0. KEYS: the fence, then the keys written (with ARGV[2]..), then
 * the keys deleted; all of one shard's hash tag.
 */
const PUBLISH = `
local fence = tonumber(redis.call('GET', KEYS[1]) or '0')
if fence ~= tonumber(ARGV[1]) then return 0 end
local written = #ARGV - 1
for i = 1, written do redis.call('SET', KEYS[i + 1], ARGV[i + 1]) end
for i = written + 2, #KEYS do redis.call('DEL', KEYS[i]) end
return 1
`;

const PUBLISH_SHA = createHash('sha1').update(PUBLISH).digest('hex');

/**
 * Marks the lists whole when ARGV[1] is still the latest version given, else answers 0. KEYS: the
 * version counter, the completeness mark (the lease's hash tag).
 */
const MARK_COMPLETE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], '1')
return 1
`;

/** One key of a publication: written with `value` (as JSON), or deleted (undefined); `item` names it in the news. */
interface Step {
  readonly key: string;
  readonly value: object | undefined;
  readonly item: string;
}

type ListsRedis = (Redis | Cluster) & {
  listsClaim(lease: string, counter: string, holder: string, ttlMs: number): Promise<number | null>;
  listsRelease(lease: string, value: string): Promise<number>;
  listsRaiseFence(fence: string, version: number): Promise<number>;
  listsMarkComplete(counter: string, mark: string, version: number): Promise<number>;
};

/**
 * The shared lists on Redis (a server, a Sentinel-watched primary or a Cluster):
 *
 * - the lease `lists:{lease}` (`version|holder`, expiring) and its version counter
 *   `lists:{lease}:version`, taken and renewed by one script; the completeness mark
 *   `lists:{lease}:complete` is set by a script that checks the counter is still the lease's version;
 * - the lists in 16 shards, hash tags `{lists:0}`..`{lists:15}` (a product by the FNV-1a hash of
 *   its id, a popular list by its category's, '' overall): `lists:{lists:N}:product:<id>` and
 *   `lists:{lists:N}:card:<id>` (the product's card alone, what a candidate is read for) and
 *   `lists:{lists:N}:popular:<category>`, compact JSON, and the shard's fence
 *   `lists:{lists:N}:fence`, the version of the latest lease given;
 * - the news on the channel `lists-news`.
 *
 * When a new lease is given, the claim raises every shard's fence to its version before it answers,
 * so every write of an older lease's holder that had not landed by then is refused (each shard's
 * writes go by a script that writes only when the fence is the writer's version). A claim whose
 * raising failed part way raises them again on its next claim.
 *
 * The news of a publication is told to this instance's listeners at once, in one piece; the other
 * instances hear it in messages of at most NEWS_PER_MESSAGE items, so a big one in several pieces.
 *
 * Reads and writes that fail reject (the caller decides), at once while Redis is being left
 * alone after failures. News that could not be sent is kept and sent as soon as Redis answers.
 */
export class RedisSharedLists implements SharedLists {
  private readonly redis: ListsRedis;
  private readonly listeners: ListsNewsListener[] = [];
  private readonly news: Outbox;
  private readonly pause: FailurePause;
  /** The greatest lease version whose fences this instance raised on every shard. */
  private fencesRaisedTo = 0;

  constructor(
    private readonly connection: RedisConnection,
    logger: Logger,
  ) {
    this.pause = new FailurePause(logger, 'Redis does not answer; the similar-products lists cannot be read until it does');
    this.news = new Outbox(
      this.pause,
      async (items) => {
        for (let from = 0; from < items.length; from += NEWS_PER_MESSAGE)
          await connection.commands.publish(
            connection.key(CHANNEL),
            connection.message(items.slice(from, from + NEWS_PER_MESSAGE)),
          );
      },
      logger,
      'lists news',
    );
    const commands = connection.commands;
    commands.defineCommand('listsClaim', { numberOfKeys: 2, lua: CLAIM });
    commands.defineCommand('listsRelease', { numberOfKeys: 1, lua: RELEASE });
    commands.defineCommand('listsRaiseFence', { numberOfKeys: 1, lua: RAISE_FENCE });
    commands.defineCommand('listsMarkComplete', { numberOfKeys: 2, lua: MARK_COMPLETE });
    this.redis = commands as ListsRedis;
    connection.whenReady(() => void this.news.flush());
    connection.beforeStop(() => this.news.close());
    connection.listen(CHANNEL, {
      received: (items) => this.tell(decodeNews(items)),
      missedSome: () => this.listeners.forEach((listener) => listener.missedSome()),
    });
  }

  async claim(holder: string, ttlMs: number): Promise<ListsLease | undefined> {
    const version = await this.pause.run(() =>
      this.redis.listsClaim(this.leaseKey('lease'), this.leaseKey('version'), holder, Math.max(1, Math.ceil(ttlMs))),
    );
    if (version === null) return undefined;
    if (version > this.fencesRaisedTo) {
      await this.pause.run(() => Promise.all(shards().map((shard) => this.redis.listsRaiseFence(this.fenceKey(shard), version))));
      this.fencesRaisedTo = version;
    }
    return { holder, version };
  }

  async release(lease: ListsLease): Promise<void> {
    await this.pause.run(() => this.redis.listsRelease(this.leaseKey('lease'), `${lease.version}|${lease.holder}`));
  }

  async publish(lease: ListsLease, change: ListsChange): Promise<boolean> {
    const steps = new Map<number, Step[]>();
    let added = 0;
    // A big change is sorted into shards a few hundred records a turn of the event loop.
    const add = async (shard: number, step: Step) => {
      const inShard = steps.get(shard);
      if (inShard === undefined) steps.set(shard, [step]);
      else inShard.push(step);
      if (++added % RECORDS_PER_TURN === 0) await nextTurn();
    };
    for (const lists of change.products) {
      const { id } = lists.product;
      const shard = shardOf(id);
      await add(shard, { key: this.productKey(shard, id), value: lists, item: PRODUCT_ITEM + id });
      // The card apart, so that reading a candidate's availability reads a few bytes, not its lists.
      await add(shard, { key: this.cardKey(shard, id), value: lists.product, item: PRODUCT_ITEM + id });
    }
    for (const list of change.popular) {
      const category = list.category ?? OVERALL;
      const shard = shardOf(category);
      const value = { ids: list.ids, stamp: list.stamp };
      await add(shard, { key: this.popularKey(shard, category), value, item: POPULAR_ITEM + category });
    }
    // Deletions after writes: a product written and removed in one change ends removed.
    for (const id of change.removed) {
      const shard = shardOf(id);
      await add(shard, { key: this.productKey(shard, id), value: undefined, item: PRODUCT_ITEM + id });
      await add(shard, { key: this.cardKey(shard, id), value: undefined, item: PRODUCT_ITEM + id });
    }
    // An empty change writes nothing, but is refused all the same when fenced out: shard 0's fence tells.
    if (steps.size === 0) steps.set(0, []);
    const { landed, whole } = await this.pause.run(() => this.write(steps, lease.version));
    const news: ListsNews = {
      products: [...change.products.map((lists) => lists.product.id), ...change.removed].filter((id) =>
        landed.has(PRODUCT_ITEM + id),
      ),
      popular: change.popular.map((list) => list.category ?? OVERALL).filter((category) => landed.has(POPULAR_ITEM + category)),
    };
    if (news.products.length > 0 || news.popular.length > 0) {
      // This instance's own listeners hear it here: the connection does not echo its messages back.
      this.tell(news);
      await this.news.deliver([
        ...news.products.map((id) => PRODUCT_ITEM + id),
        ...news.popular.map((category) => POPULAR_ITEM + category),
      ]);
    }
    return whole;
  }

  async markComplete(lease: ListsLease): Promise<boolean> {
    const marked = await this.pause.run(() =>
      this.redis.listsMarkComplete(this.leaseKey('version'), this.leaseKey('complete'), lease.version),
    );
    return marked === 1;
  }

  async complete(): Promise<boolean> {
    return (await this.pause.run(() => this.redis.get(this.leaseKey('complete')))) === '1';
  }

  async products(ids: readonly string[]): Promise<ReadonlyMap<string, ProductLists>> {
    return this.read(
      ids,
      (shard, id) => this.productKey(shard, id),
      (record: ProductLists) => record,
    );
  }

  async cards(ids: readonly string[]): Promise<ReadonlyMap<string, ListedProduct>> {
    return this.read(
      ids,
      (shard, id) => this.cardKey(shard, id),
      (record: ListedProduct) => record,
    );
  }

  async popular(categories: readonly (string | undefined)[]): Promise<ReadonlyMap<string, PopularList>> {
    const names = categories.map((category) => category ?? OVERALL);
    return this.read(
      names,
      (shard, category) => this.popularKey(shard, category),
      ({ ids, stamp }: { ids: string[]; stamp: number }, category): PopularList => ({
        category: category === OVERALL ? undefined : category,
        ids,
        stamp,
      }),
    );
  }

  subscribe(listener: ListsNewsListener): void {
    this.listeners.push(listener);
  }

  /**
   * Writes the steps shard by shard, in scripts of at most WRITES_PER_SCRIPT records of one shard,
   * one after the other (so neither Redis nor this event loop is held long: a script's records
   * are turned into JSON as it goes), in order within a shard, each fenced: stops at the first one
   * refused. Answers the items of the steps that landed (a shard's share may have landed before a
   * later lease's claim raised another's fence: what landed is told all the same, so no instance
   * keeps what it replaced), and whether all did.
   */
  private async write(
    steps: ReadonlyMap<number, readonly Step[]>,
    version: number,
  ): Promise<{ landed: Set<string>; whole: boolean }> {
    const landed = new Set<string>();
    for (const [shard, inShard] of steps)
      for (let from = 0; from === 0 || from < inShard.length; from += WRITES_PER_SCRIPT) {
        const part = inShard.slice(from, from + WRITES_PER_SCRIPT);
        const written = part.filter((step) => step.value !== undefined);
        const keys = [
          this.fenceKey(shard),
          ...written.map((step) => step.key),
          ...part.filter((step) => step.value === undefined).map((step) => step.key),
        ];
        const values = written.map((step) => JSON.stringify(step.value));
        if ((await this.runPublish(keys, [version, ...values])) !== 1) return { landed, whole: false };
        for (const step of part) landed.add(step.item);
      }
    return { landed, whole: true };
  }

  /**
   * Runs PUBLISH by EVALSHA, loading it by EVAL when Redis does not know it yet. Not a command
   * defined on the client: its number of keys varies, and a defined command's first argument (the
   * number) would be what ioredis' auto-pipelining routes it by on a cluster.
   */
  private async runPublish(keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(PUBLISH_SHA, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return await this.redis.eval(PUBLISH, keys.length, ...keys, ...args);
    }
  }

  /**
   * The records of these names' keys (`key` of their shard and name) as `make` makes them of their
   * JSON, read KEYS_PER_ROUND names a round.
   */
  private async read<R, T>(
    names: readonly string[],
    key: (shard: number, name: string) => string,
    make: (record: R, name: string) => T,
  ): Promise<Map<string, T>> {
    const distinct = [...new Set(names)];
    const found = new Map<string, T>();
    for (let from = 0; from < distinct.length; from += KEYS_PER_ROUND) {
      if (from > 0) await nextTurn();
      await this.readRound(distinct.slice(from, from + KEYS_PER_ROUND), key, make, found);
    }
    return found;
  }

  /**
   * Reads one round's names into `found`: shard by shard (MGET each, together), then parsed
   * PARSE_MS_PER_TURN a turn. A read that timed out only because this process's event loop was
   * held is sent again once.
   */
  private async readRound<R, T>(
    names: readonly string[],
    key: (shard: number, name: string) => string,
    make: (record: R, name: string) => T,
    found: Map<string, T>,
  ): Promise<void> {
    const byShard = new Map<number, string[]>();
    for (const name of names) {
      const shard = shardOf(name);
      const inShard = byShard.get(shard);
      if (inShard === undefined) byShard.set(shard, [name]);
      else inShard.push(name);
    }
    const mgets = () =>
      Promise.all(
        [...byShard].map(async ([shard, inShard]) => ({
          inShard,
          values: await this.redis.mget(inShard.map((name) => key(shard, name))),
        })),
      );
    const sentAt = this.pause.now();
    let read: Awaited<ReturnType<typeof mgets>>;
    try {
      read = await this.pause.run(mgets);
    } catch (error) {
      // Timed out only because this event loop was held: asked again, once (a reader with
      // nothing kept of the product would answer 503 otherwise).
      if (!this.connection.timedOutLate(error, this.pause.now() - sentAt)) throw error;
      read = await this.pause.run(mgets);
    }
    let [parsed, turnStarted] = [0, this.pause.now()];
    for (const { inShard, values } of read)
      for (let i = 0; i < values.length; i++) {
        const value = values[i];
        if (typeof value !== 'string') continue;
        if (++parsed % PARSED_BETWEEN_LOOKS === 0 && this.pause.now() - turnStarted > PARSE_MS_PER_TURN) {
          await nextTurn();
          turnStarted = this.pause.now();
        }
        found.set(inShard[i]!, make(JSON.parse(value) as R, inShard[i]!));
      }
  }

  private tell(news: ListsNews): void {
    for (const listener of this.listeners) listener.changed(news);
  }

  private leaseKey(part: 'lease' | 'version' | 'complete'): string {
    return this.connection.key(part === 'lease' ? 'lists:{lease}' : `lists:{lease}:${part}`);
  }

  private fenceKey(shard: number): string {
    return this.connection.key(`lists:{lists:${shard}}:fence`);
  }

  private productKey(shard: number, id: string): string {
    return this.connection.key(`lists:{lists:${shard}}:product:${id}`);
  }

  private cardKey(shard: number, id: string): string {
    return this.connection.key(`lists:{lists:${shard}}:card:${id}`);
  }

  private popularKey(shard: number, category: string): string {
    return this.connection.key(`lists:{lists:${shard}}:popular:${category}`);
  }
}

function shards(): number[] {
  return Array.from({ length: LIST_SHARDS }, (_, shard) => shard);
}

/** The shard of a product id or a category: FNV-1a (32 bits) of its UTF-8 bytes. */
export function shardOf(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0) % LIST_SHARDS;
}

/** The news a message's items tell: product ids and categories ('' overall), each marked. */
function decodeNews(items: readonly string[]): ListsNews {
  const products: string[] = [];
  const popular: string[] = [];
  for (const item of items) {
    if (item.startsWith(PRODUCT_ITEM)) products.push(item.slice(PRODUCT_ITEM.length));
    else if (item.startsWith(POPULAR_ITEM)) popular.push(item.slice(POPULAR_ITEM.length));
  }
  return { products, popular };
}
