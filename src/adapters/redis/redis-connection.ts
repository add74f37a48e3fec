import { randomUUID } from 'node:crypto';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { token } from '../../domain/shared/token.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';

/** A Redis server's address. */
export interface RedisNode {
  readonly host: string;
  readonly port: number;
}

/**
 * Where Redis is: one server (REDIS_URL), a Redis Cluster (REDIS_CLUSTER_NODES: some of its nodes,
 * the others are discovered), or a primary and its replicas watched by Sentinel (REDIS_SENTINELS
 * and REDIS_SENTINEL_NAME). The credentials of a cluster's nodes or of a Sentinel-watched primary
 * are REDIS_USERNAME and REDIS_PASSWORD (a server's are in its URL).
 */
export type RedisTarget =
  | { readonly kind: 'server'; readonly url: string }
  | { readonly kind: 'cluster'; readonly nodes: readonly RedisNode[]; readonly username?: string; readonly password?: string }
  | {
      readonly kind: 'sentinel';
      readonly sentinels: readonly RedisNode[];
      readonly name: string;
      readonly username?: string;
      readonly password?: string;
    };

export interface RedisSettings {
  readonly target: RedisTarget;
  /** Every key and channel starts with this, so several deployments can share one Redis. */
  readonly keyPrefix: string;
  /** How long one command may take before it counts as failed. */
  readonly commandTimeoutMs: number;
}

/** Told of what other instances publish on a channel: lists of names (keys, product ids). */
export interface ChannelListener {
  /** A list another instance published (this instance's own are not echoed back). */
  received(items: readonly string[]): void;
  /** The subscription dropped or started again: messages may have been missed meanwhile. */
  missedSome(): void;
}

/**
 * A command's timer that fires more than this late was held up by the event loop (a pause past
 * the 50 ms rule), not by Redis. Smaller, a busy but healthy loop's usual lateness would send
 * again a command that Redis really did not answer.
 */
const LATE_MS = 50;

/** How long a starting instance waits for Redis before serving without it. */
const START_WAIT_MS = 1_000;

const RETRY = (attempt: number) => Math.min(50 * 2 ** Math.min(attempt, 6), 2_000);

/**
 * One instance's connections to Redis, shared by the Redis adapters: a client for commands, built
 * to fail fast (no offline queue: a command while disconnected fails at once; a short command
 * timeout; bounded retries), and a client subscribed to the channels the instances tell each
 * other things on. Each instance has an origin of its own, so its own messages are not echoed
 * back to it. Redis is not required: readiness reports it, but an instance without it serves.
 */
export class RedisConnection {
  readonly name = 'redis';
  readonly required = false;
  readonly commands: Redis | Cluster;
  private readonly subscriber: Redis;
  private readonly origin = randomUUID();
  private readonly channels = new Map<string, ChannelListener[]>();
  private readonly readyHooks: (() => void)[] = [];
  private readonly stopHooks: (() => Promise<void>)[] = [];
  private readonly log: FailurePause;
  private onSubscribed: () => void = () => {};

  constructor(
    private readonly settings: RedisSettings,
    logger: Logger,
  ) {
    this.log = new FailurePause(logger, 'Redis does not answer; the service goes on without it until it does');
    this.commands = client(settings.target, {
      enableOfflineQueue: false,
      commandTimeout: settings.commandTimeoutMs,
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
    });
    this.commands.on('error', (error: Error) => this.log.logError(error));
    this.commands.on('ready', () => this.readyHooks.forEach((hook) => hook()));
    // Named after the deployment, so CLIENT LIST tells an operator whose subscription it is.
    this.subscriber = subscriberClient(settings.target, `${settings.keyPrefix}subscriber`);
    this.subscriber.on('error', (error: Error) => this.log.logError(error));
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('close', () => this.tellMissedSome());
    this.subscriber.on('message', (channel: string, text: string) => this.received(channel, text));
  }

  /** How long one command may take before it counts as failed. */
  get commandTimeoutMs(): number {
    return this.settings.commandTimeoutMs;
  }

  /**
   * Whether a command failed only because this process's event loop was held (a long collection
   * of the heap, say) past its timeout: it timed out, and its timer fired well after it was due.
   * Redis's answer then most likely came meanwhile and waits unread (Node runs due timers before
   * it reads its sockets), so the command is worth sending again once. A Redis that does not
   * answer lets its timers fire on time: not worth it.
   */
  timedOutLate(error: unknown, waitedMs: number): boolean {
    return error instanceof Error && error.message === 'Command timed out' && waitedMs > this.settings.commandTimeoutMs + LATE_MS;
  }

  /** The full name of a key or channel of this deployment. */
  key(name: string): string {
    return `${this.settings.keyPrefix}${name}`;
  }

  /** What is published on a channel: the items, marked with this instance's origin. */
  message(items: readonly string[]): string {
    return JSON.stringify({ items, origin: this.origin });
  }

  /** Calls `listener` with what the other instances publish on `channel` (a name `key` completes). */
  listen(channel: string, listener: ChannelListener): void {
    const name = this.key(channel);
    const listeners = this.channels.get(name) ?? [];
    listeners.push(listener);
    this.channels.set(name, listeners);
  }

  /** Runs `hook` whenever the command connection becomes ready (again): to send what Redis missed. */
  whenReady(hook: () => void): void {
    this.readyHooks.push(hook);
  }

  /** Runs `hook` when the instance stops, before the connections close: to finish what is under way. */
  beforeStop(hook: () => Promise<void>): void {
    this.stopHooks.push(hook);
  }

  /**
   * Connects and subscribes, waiting at most a moment: an instance whose Redis is down starts and
   * serves without it, and picks it up when it comes (ioredis keeps reconnecting).
   */
  async start(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((done) => (timer = setTimeout(done, START_WAIT_MS)));
    const ready = new Promise<void>((done) => this.commands.once('ready', done));
    const subscribed = new Promise<void>((done) => (this.onSubscribed = done));
    this.commands.connect().catch((error: unknown) => this.log.logError(error));
    this.subscriber.connect().catch((error: unknown) => this.log.logError(error));
    await Promise.race([Promise.all([ready, subscribed]), waited]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.stopHooks.map((hook) => hook()));
    for (const connection of [this.subscriber, this.commands]) {
      try {
        await connection.quit();
      } catch {
        connection.disconnect();
      }
    }
  }

  /** Readiness: whether Redis answers. */
  async check(): Promise<void> {
    await this.commands.ping();
  }

  /** Subscribes (again) to every channel; whatever was published meanwhile may have been missed. */
  private async subscribe(): Promise<void> {
    try {
      if (this.channels.size > 0) await this.subscriber.subscribe(...this.channels.keys());
      this.onSubscribed();
    } catch (error) {
      this.log.logError(error);
    }
    this.tellMissedSome();
  }

  private tellMissedSome(): void {
    for (const listeners of this.channels.values()) for (const listener of listeners) listener.missedSome();
  }

  private received(channel: string, text: string): void {
    let payload: { items?: unknown; origin?: unknown };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      return;
    }
    if (payload === null || typeof payload !== 'object' || payload.origin === this.origin || !Array.isArray(payload.items))
      return;
    const items = payload.items.filter((item): item is string => typeof item === 'string');
    for (const listener of this.channels.get(channel) ?? []) listener.received(items);
  }
}

/** What every connection is: failing fast, reconnecting by itself, connected by `start`. */
const COMMON: RedisOptions = { connectTimeout: 1_000, lazyConnect: true };

/** A client of the target: a server, a cluster, or the primary Sentinel names. */
function client(target: RedisTarget, options: RedisOptions & Pick<ClusterOptions, 'enableAutoPipelining'>): Redis | Cluster {
  if (target.kind === 'server') return new Redis(target.url, { ...COMMON, ...options, retryStrategy: RETRY });
  const credentials = { username: target.username, password: target.password };
  if (target.kind === 'sentinel') {
    const sentinels = target.sentinels.map(({ host, port }) => ({ host, port }));
    return new Redis({
      ...COMMON,
      ...options,
      ...credentials,
      retryStrategy: RETRY,
      sentinels,
      name: target.name,
      sentinelRetryStrategy: RETRY,
    });
  }
  const { enableOfflineQueue, enableAutoPipelining, ...perNode } = options;
  return new Cluster(
    target.nodes.map(({ host, port }) => ({ host, port })),
    {
      enableOfflineQueue,
      enableAutoPipelining,
      lazyConnect: true,
      clusterRetryStrategy: RETRY,
      slotsRefreshTimeout: 1_000,
      // A command meets a failover (a dead master, CLUSTERDOWN) a few times at most, a tenth of a
      // second apart, then fails: the adapters fail open rather than hold a request.
      maxRedirections: 3,
      redisOptions: { ...COMMON, ...perNode, ...credentials },
    },
  );
}

/**
 * The connection subscribed to the channels. On a cluster, one connection to one node: a cluster
 * hands every PUBLISH to every node (regular pub/sub; the news is small and rare next to the
 * commands), so any node will do. When it is lost, each attempt to connect again goes to the
 * next of the nodes given (ioredis reads `options` afresh on each attempt), so the subscription
 * moves to a live node, and the listeners are told they may have missed some meanwhile.
 */
function subscriberClient(target: RedisTarget, connectionName: string): Redis {
  const options = { enableOfflineQueue: false, autoResubscribe: false, connectionName };
  if (target.kind !== 'cluster') return client(target, options) as Redis;
  const nodes = target.nodes;
  const subscriber: Redis = new Redis({
    ...COMMON,
    ...options,
    host: nodes[0]!.host,
    port: nodes[0]!.port,
    username: target.username,
    password: target.password,
    retryStrategy: (attempt: number) => {
      const next = nodes[attempt % nodes.length]!;
      Object.assign(subscriber.options, { host: next.host, port: next.port });
      return RETRY(attempt);
    },
  });
  return subscriber;
}

export const RedisConnectionToken = token<RedisConnection>('RedisConnection');
