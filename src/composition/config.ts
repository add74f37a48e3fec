import { availableParallelism } from 'node:os';
import * as v from 'valibot';
import type { RateLimit } from '../domain/auth/rate-limit.js';
import { isCountryCode, type CountryCode } from '../domain/profile/identifiers.js';
import { LOG_LEVELS, type LogLevel } from '../adapters/logging/logger.js';
import type { ServerLimits } from '../adapters/http/http-server.js';
import type { RedisNode, RedisTarget } from '../adapters/redis/redis-connection.js';
import { DEFAULT_MOMENT_POLICY, MAX_MOMENT_LINES, type MomentPolicy } from '../domain/profile/live-moment.js';

/** Everything the service reads from its environment, parsed once at start-up. */
export interface VitrineConfig {
  /** Processes serving requests (node:cluster); 1: this process alone. */
  readonly workers: number;
  readonly port: number;
  /** Undefined: listen on every interface. */
  readonly host: string | undefined;
  /** Undefined: the embedded in-memory stores. */
  readonly mongodbUri: string | undefined;
  readonly mongodbDb: string;
  /** The deadline of every MongoDB operation, and of finding a server for it. */
  readonly mongodbTimeoutMs: number;
  readonly mongodbPoolSize: number;
  /** Where Redis is (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS); undefined: nothing shared. */
  readonly redis: RedisTarget | undefined;
  readonly redisKeyPrefix: string;
  readonly redisCommandTimeoutMs: number;
  /** How long a cached answer may be served (catalog changes reach cached answers within it). */
  readonly cacheTtlMs: number;
  /** How many answers each process keeps in its own memory; 0: none. */
  readonly cacheLocalEntries: number;
  /** Every token's rate limit unless it has its own; undefined: none. */
  readonly rateLimit: RateLimit | undefined;
  /** Failed authentications a client address may make; undefined: no limit. */
  readonly authFailureLimit: RateLimit | undefined;
  /** What one client address may send with one publishable key; undefined: no limit. */
  readonly publishableAddressLimit: RateLimit | undefined;
  /** How many proxies in front of the service append to X-Forwarded-For (0: trust none). */
  readonly trustProxy: number;
  readonly defaultCountry: CountryCode;
  readonly bootstrapAdminToken: string | undefined;
  readonly demoData: boolean;
  readonly logLevel: LogLevel;
  /** The most slices a collection may hold. */
  readonly maxSlicesPerCollection: number;
  /** How long shopper events are kept, and so how old an event may be when it arrives. */
  readonly eventRetentionDays: number;
  /** The most shopper events the in-memory store holds (the oldest dropped first). */
  readonly maxEmbeddedEvents: number;
  /** Sessions that must have paired a product with others before its behavioural neighbours are used. */
  readonly behaviourMinEvidence: number | undefined;
  /**
   * Whether similar-products lists are computed by every instance (`local`: the embedded default)
   * or once per deployment by the lease holder and read by all (`shared`, SIMILAR_LISTS), and how
   * many products' lists and cards a reader keeps (SIMILAR_LISTS_KEPT, SIMILAR_CARDS_KEPT).
   */
  readonly similarLists: { readonly shared: boolean; readonly listsKept: number; readonly cardsKept: number };
  /** How often what is learnt from events is learnt afresh from the store, in milliseconds; undefined: never periodically. */
  readonly behaviourRelearnMs: number | undefined;
  /** How often rule slices are made again from the catalog and the events (RULE_SLICES_REFRESH_SECONDS). */
  readonly ruleSlicesRefreshMs: number;
  /** How profiles' `navegacoes` follow shoppers' events (LIVE_MOMENTS, MOMENT_LINES, SHOP_TIME_ZONE). */
  readonly moments: MomentPolicy;
  /** Whether webhook subscriptions may name loopback and private-network addresses (WEBHOOK_ALLOW_PRIVATE_URLS). */
  readonly webhookAllowPrivateUrls: boolean;
  /** How long clients may take and how many may be connected (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS). */
  readonly server: ServerLimits;
}

/** A variable of the environment has a value the service cannot run with. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
  }
}

/** Variables whose values may hold secrets (a token, a password in a URL): errors never repeat them. */
const SECRET_VARIABLES = new Set(['BOOTSTRAP_ADMIN_TOKEN', 'MONGODB_URI', 'REDIS_URL', 'REDIS_PASSWORD']);

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** Empty values count as unset, as most deployment tools write unset variables that way. */
const unset = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** A whole number written in decimal, within bounds. */
function integerText(what: string, min: number, max: number) {
  const message = `must be ${what}`;
  return v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
}

/** `true`/`false` (`1`/`0`, `yes`/`no`, `on`/`off`), in any case. */
function booleanText() {
  return v.pipe(
    v.string(),
    v.transform((s) => s.toLowerCase()),
    v.picklist([...TRUE, ...FALSE], 'must be true or false'),
    v.transform((s) => TRUE.includes(s)),
  );
}

/** `host:port,host:port`: Redis servers (cluster nodes, sentinels), IPv6 addresses in brackets. */
function nodeListText() {
  const message = 'must be host:port pairs separated by commas, such as redis-1:6379,redis-2:6379 ([::1]:6379 for IPv6)';
  return v.pipe(
    v.string(),
    v.transform((text) => text.split(',').map((node) => node.trim())),
    v.check((nodes) => nodes.every((node) => NODE.test(node) && Number(NODE.exec(node)?.[3]) <= 65_535), message),
    v.transform((nodes) =>
      nodes.map((node): RedisNode => {
        const [, bracketed, host, port] = NODE.exec(node) ?? [];
        return { host: bracketed ?? host ?? '', port: Number(port) };
      }),
    ),
  );
}

const NODE = /^(?:\[([\da-fA-F:.]+)\]|([\w.-]+)):(\d{1,5})$/;

const UNITS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 };

/** `600/1s`, `6000/1m`, `100000/1h` (requests per window), or `off`. */
function rateLimitText() {
  const message = 'must be requests per window such as 600/1s, 6000/1m or 100000/1h, or off';
  return v.pipe(
    v.string(),
    v.transform((s) => s.toLowerCase()),
    v.regex(/^(off|\d{1,10}\/\d{1,5}[smh])$/, message),
    v.transform((text): RateLimit | undefined => {
      if (text === 'off') return undefined;
      const [, requests = '', amount = '', unit = 's'] = /^(\d+)\/(\d+)([smh])$/.exec(text) ?? [];
      return { requests: Number(requests), windowSeconds: Number(amount) * (UNITS[unit] ?? 1) };
    }),
    v.check(
      (limit) =>
        limit === undefined ||
        (limit.requests >= 1 && limit.requests <= 1_000_000_000 && limit.windowSeconds >= 1 && limit.windowSeconds <= 86_400),
      'must allow 1 to 1000000000 requests in a window of 1 second to 1 day',
    ),
  );
}

const EnvSchema = v.object({
  WORKERS: v.optional(
    v.union(
      [
        v.pipe(
          v.literal('auto'),
          v.transform(() => availableParallelism()),
        ),
        integerText('a number of processes from 1 to 64, or auto', 1, 64),
      ],
      'must be a number of processes from 1 to 64, or auto',
    ),
    '1',
  ),
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535'),
      v.transform(Number),
      v.maxValue(65535, 'must be a port number from 0 to 65535'),
    ),
    '3000',
  ),
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:\-[\]%]+$/, 'must be a host name or an IP address'))),
  MONGODB_URI: v.optional(
    v.pipe(v.string(), v.regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string')),
  ),
  MONGODB_DB: v.optional(
    v.pipe(v.string(), v.regex(/^[^/\\. "$*<>:|?]{1,63}$/, 'must be a valid MongoDB database name')),
    'vitrine',
  ),
  MONGODB_TIMEOUT_MS: v.optional(integerText('a number of milliseconds from 100 to 60000', 100, 60_000), '2000'),
  MONGODB_POOL_SIZE: v.optional(integerText('a number of connections from 1 to 1000', 1, 1000), '20'),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'))),
  REDIS_CLUSTER_NODES: v.optional(nodeListText()),
  REDIS_SENTINELS: v.optional(nodeListText()),
  REDIS_SENTINEL_NAME: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . -'))),
  REDIS_USERNAME: v.optional(v.pipe(v.string(), v.regex(/^\S{1,256}$/, 'must be 1 to 256 characters without spaces'))),
  REDIS_PASSWORD: v.optional(v.pipe(v.string(), v.regex(/^\S{1,512}$/, 'must be 1 to 512 characters without spaces'))),
  REDIS_KEY_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')),
    'vitrine:',
  ),
  REDIS_COMMAND_TIMEOUT_MS: v.optional(integerText('a number of milliseconds from 10 to 10000', 10, 10_000), '100'),
  CACHE_TTL: v.optional(integerText('a number of seconds from 1 to 86400', 1, 86_400), '60'),
  CACHE_LOCAL_ENTRIES: v.optional(integerText('a number of answers from 0 to 10000000', 0, 10_000_000), '10000'),
  RATE_LIMIT: v.optional(rateLimitText(), '600/1s'),
  AUTH_FAILURE_LIMIT: v.optional(rateLimitText(), '20/1m'),
  PUBLISHABLE_ADDRESS_LIMIT: v.optional(rateLimitText(), '120/1m'),
  TRUST_PROXY: v.optional(integerText('a number of proxies from 0 to 10', 0, 10), '0'),
  DEFAULT_COUNTRY: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.toUpperCase()),
      v.check(isCountryCode, 'must be a two-letter ISO 3166 country code, such as BR or PT'),
    ),
    'BR',
  ),
  BOOTSTRAP_ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.regex(/^\S{32,512}$/, 'must be 32 to 512 characters without spaces'))),
  DEMO_DATA: v.optional(booleanText()),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  HEADERS_TIMEOUT_MS: v.optional(integerText('a number of milliseconds from 100 to 300000', 100, 300_000), '10000'),
  REQUEST_TIMEOUT_MS: v.optional(integerText('a number of milliseconds from 100 to 3600000', 100, 3_600_000), '60000'),
  KEEP_ALIVE_TIMEOUT_MS: v.optional(integerText('a number of milliseconds from 100 to 600000', 100, 600_000), '5000'),
  MAX_CONNECTIONS: v.optional(integerText('a number of connections from 1 to 1000000', 1, 1_000_000), '10000'),
  MAX_SLICES_PER_COLLECTION: v.optional(integerText('a number of slices from 1 to 10000', 1, 10_000), '1000'),
  RULE_SLICES_REFRESH_SECONDS: v.optional(integerText('a number of seconds from 10 to 86400', 10, 86_400), '300'),
  EVENT_RETENTION_DAYS: v.optional(integerText('a number of days from 1 to 3650', 1, 3650), '90'),
  MAX_EMBEDDED_EVENTS: v.optional(integerText('a number of events from 1000 to 100000000', 1000, 100_000_000), '1000000'),
  BEHAVIOUR_MIN_EVIDENCE: v.optional(integerText('a number of sessions from 1 to 1000000', 1, 1_000_000)),
  SIMILAR_LISTS: v.optional(v.picklist(['local', 'shared'], 'must be local or shared'), 'local'),
  SIMILAR_LISTS_KEPT: v.optional(integerText('a number of products from 100 to 10000000', 100, 10_000_000), '100000'),
  SIMILAR_CARDS_KEPT: v.optional(integerText('a number of products from 100 to 10000000', 100, 10_000_000), '300000'),
  BEHAVIOUR_RELEARN_HOURS: v.optional(integerText('a number of hours from 0 (never) to 8760', 0, 8760), '24'),
  LIVE_MOMENTS: v.optional(booleanText(), 'true'),
  MOMENT_LINES: v.optional(integerText(`a number of lines from 1 to ${MAX_MOMENT_LINES}`, 1, MAX_MOMENT_LINES), '10'),
  WEBHOOK_ALLOW_PRIVATE_URLS: v.optional(booleanText(), 'false'),
  SHOP_TIME_ZONE: v.optional(
    v.pipe(v.string(), v.check(isTimeZone, 'must be an IANA time zone, such as America/Sao_Paulo')),
    DEFAULT_MOMENT_POLICY.timeZone,
  ),
});

/** Whether the runtime knows the time zone (IANA names such as America/Sao_Paulo, and UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Reads the configuration from environment variables; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): VitrineConfig {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.entries)) input[key] = unset(env[key]);
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const variable = v.getDotPath(issue) ?? 'environment';
        const got = SECRET_VARIABLES.has(variable)
          ? `a value of ${input[variable]?.length ?? 0} characters`
          : JSON.stringify(input[variable]);
        return { variable, message: `${issue.message} (got ${got})` };
      }),
    );
  }
  const env_ = result.output;
  checkCombinations(env_, input);
  return {
    workers: env_.WORKERS,
    port: env_.PORT,
    host: env_.HOST,
    mongodbUri: env_.MONGODB_URI,
    mongodbDb: env_.MONGODB_DB,
    mongodbTimeoutMs: env_.MONGODB_TIMEOUT_MS,
    mongodbPoolSize: env_.MONGODB_POOL_SIZE,
    redis: redisTarget(env_),
    redisKeyPrefix: env_.REDIS_KEY_PREFIX,
    redisCommandTimeoutMs: env_.REDIS_COMMAND_TIMEOUT_MS,
    cacheTtlMs: env_.CACHE_TTL * 1000,
    cacheLocalEntries: env_.CACHE_LOCAL_ENTRIES,
    rateLimit: env_.RATE_LIMIT,
    authFailureLimit: env_.AUTH_FAILURE_LIMIT,
    publishableAddressLimit: env_.PUBLISHABLE_ADDRESS_LIMIT,
    trustProxy: env_.TRUST_PROXY,
    defaultCountry: env_.DEFAULT_COUNTRY as CountryCode,
    bootstrapAdminToken: env_.BOOTSTRAP_ADMIN_TOKEN,
    demoData: env_.DEMO_DATA ?? env_.MONGODB_URI === undefined,
    logLevel: env_.LOG_LEVEL,
    maxSlicesPerCollection: env_.MAX_SLICES_PER_COLLECTION,
    ruleSlicesRefreshMs: env_.RULE_SLICES_REFRESH_SECONDS * 1000,
    eventRetentionDays: env_.EVENT_RETENTION_DAYS,
    maxEmbeddedEvents: env_.MAX_EMBEDDED_EVENTS,
    behaviourMinEvidence: env_.BEHAVIOUR_MIN_EVIDENCE,
    similarLists: {
      shared: env_.SIMILAR_LISTS === 'shared',
      listsKept: env_.SIMILAR_LISTS_KEPT,
      cardsKept: env_.SIMILAR_CARDS_KEPT,
    },
    behaviourRelearnMs: env_.BEHAVIOUR_RELEARN_HOURS === 0 ? undefined : env_.BEHAVIOUR_RELEARN_HOURS * 3_600_000,
    webhookAllowPrivateUrls: env_.WEBHOOK_ALLOW_PRIVATE_URLS,
    moments: { enabled: env_.LIVE_MOMENTS, lines: env_.MOMENT_LINES, timeZone: env_.SHOP_TIME_ZONE },
    server: {
      headersTimeoutMs: env_.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env_.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env_.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env_.MAX_CONNECTIONS,
    },
  };
}

/** What no single variable says wrong but their combination does. */
/** Where Redis is, from the one of REDIS_URL, REDIS_CLUSTER_NODES and REDIS_SENTINELS that is set. */
function redisTarget(env_: v.InferOutput<typeof EnvSchema>): RedisTarget | undefined {
  const credentials = {
    ...(env_.REDIS_USERNAME === undefined ? {} : { username: env_.REDIS_USERNAME }),
    ...(env_.REDIS_PASSWORD === undefined ? {} : { password: env_.REDIS_PASSWORD }),
  };
  if (env_.REDIS_URL !== undefined) return { kind: 'server', url: env_.REDIS_URL };
  if (env_.REDIS_CLUSTER_NODES !== undefined) return { kind: 'cluster', nodes: env_.REDIS_CLUSTER_NODES, ...credentials };
  if (env_.REDIS_SENTINELS !== undefined && env_.REDIS_SENTINEL_NAME !== undefined)
    return { kind: 'sentinel', sentinels: env_.REDIS_SENTINELS, name: env_.REDIS_SENTINEL_NAME, ...credentials };
  return undefined;
}

/** The Redis variables that go together: one way to reach Redis, a Sentinel's primary named, credentials where the URL has none. */
function redisProblems(input: Readonly<Record<string, string | undefined>>): { variable: string; message: string }[] {
  const ways = ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'].filter((name) => input[name] !== undefined);
  const problems: { variable: string; message: string }[] = [];
  if (ways.length > 1)
    problems.push({
      variable: ways[1]!,
      message: `must not be set with ${ways[0]}: Redis is one server, one cluster or one Sentinel-watched primary`,
    });
  if (input.REDIS_SENTINELS !== undefined && input.REDIS_SENTINEL_NAME === undefined)
    problems.push({
      variable: 'REDIS_SENTINEL_NAME',
      message: 'must name the primary the sentinels watch (their `sentinel monitor` name) when REDIS_SENTINELS is set',
    });
  if (input.REDIS_SENTINEL_NAME !== undefined && input.REDIS_SENTINELS === undefined)
    problems.push({ variable: 'REDIS_SENTINEL_NAME', message: 'is only read with REDIS_SENTINELS (the sentinels to ask)' });
  for (const name of ['REDIS_USERNAME', 'REDIS_PASSWORD']) {
    if (input[name] !== undefined && input.REDIS_CLUSTER_NODES === undefined && input.REDIS_SENTINELS === undefined)
      problems.push({
        variable: name,
        message: 'is only read with REDIS_CLUSTER_NODES or REDIS_SENTINELS (with REDIS_URL, put the credentials in the URL)',
      });
  }
  return problems;
}

function checkCombinations(env_: v.InferOutput<typeof EnvSchema>, input: Readonly<Record<string, string | undefined>>): void {
  const redis = redisProblems(input);
  if (redis.length > 0) throw new ConfigError(redis);
  if (env_.WORKERS > 1 && env_.MONGODB_URI === undefined) {
    throw new ConfigError([
      {
        variable: 'WORKERS',
        message: `must be 1 with the in-memory stores, where each worker would hold data of its own (got ${JSON.stringify(input.WORKERS)}); set MONGODB_URI to share the stores between workers`,
      },
    ]);
  }
  if (env_.HEADERS_TIMEOUT_MS > env_.REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      {
        variable: 'HEADERS_TIMEOUT_MS',
        message: `must not exceed REQUEST_TIMEOUT_MS, the whole request's time (got ${input.HEADERS_TIMEOUT_MS} and ${input.REQUEST_TIMEOUT_MS ?? 'the default 60000'})`,
      },
    ]);
  }
}
