import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/composition/config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => p.variable);
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('has working defaults: the embedded stores with demo data on port 3000', () => {
    expect(parseConfig({})).toEqual({
      workers: 1,
      port: 3000,
      host: undefined,
      mongodbUri: undefined,
      mongodbDb: 'vitrine',
      mongodbTimeoutMs: 2000,
      mongodbPoolSize: 20,
      redis: undefined,
      ruleSlicesRefreshMs: 300_000,
      redisKeyPrefix: 'vitrine:',
      redisCommandTimeoutMs: 100,
      cacheTtlMs: 60_000,
      cacheLocalEntries: 10_000,
      rateLimit: { requests: 600, windowSeconds: 1 },
      authFailureLimit: { requests: 20, windowSeconds: 60 },
      publishableAddressLimit: { requests: 120, windowSeconds: 60 },
      trustProxy: 0,
      webhookAllowPrivateUrls: false,
      defaultCountry: 'BR',
      bootstrapAdminToken: undefined,
      demoData: true,
      logLevel: 'info',
      maxSlicesPerCollection: 1000,
      eventRetentionDays: 90,
      maxEmbeddedEvents: 1_000_000,
      behaviourMinEvidence: undefined,
      similarLists: { shared: false, listsKept: 100_000, cardsKept: 300_000 },
      behaviourRelearnMs: 86_400_000,
      moments: { enabled: true, lines: 10, timeZone: 'America/Sao_Paulo' },
      server: { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000, maxConnections: 10_000 },
    });
  });

  it('reads how long shopper events are kept and how many the in-memory store holds, within bounds', () => {
    expect(parseConfig({ EVENT_RETENTION_DAYS: '30', MAX_EMBEDDED_EVENTS: '50000' })).toMatchObject({
      eventRetentionDays: 30,
      maxEmbeddedEvents: 50_000,
    });
    expect(problemsOf({ EVENT_RETENTION_DAYS: '0', MAX_EMBEDDED_EVENTS: '999' })).toEqual([
      'EVENT_RETENTION_DAYS',
      'MAX_EMBEDDED_EVENTS',
    ]);
    expect(problemsOf({ EVENT_RETENTION_DAYS: '3651', MAX_EMBEDDED_EVENTS: '100000001' })).toEqual([
      'EVENT_RETENTION_DAYS',
      'MAX_EMBEDDED_EVENTS',
    ]);
    expect(problemsOf({ EVENT_RETENTION_DAYS: '7 days' })).toEqual(['EVENT_RETENTION_DAYS']);
  });

  it('reads how much behaviour a product needs before it is used, and how often behaviour is learnt afresh (0: never)', () => {
    expect(parseConfig({ BEHAVIOUR_MIN_EVIDENCE: '25', BEHAVIOUR_RELEARN_HOURS: '6' })).toMatchObject({
      behaviourMinEvidence: 25,
      behaviourRelearnMs: 6 * 3_600_000,
    });
    expect(parseConfig({ BEHAVIOUR_RELEARN_HOURS: '0' }).behaviourRelearnMs).toBeUndefined();
    expect(problemsOf({ BEHAVIOUR_MIN_EVIDENCE: '0', BEHAVIOUR_RELEARN_HOURS: '8761' })).toEqual([
      'BEHAVIOUR_MIN_EVIDENCE',
      'BEHAVIOUR_RELEARN_HOURS',
    ]);
    expect(problemsOf({ BEHAVIOUR_MIN_EVIDENCE: 'ten' })).toEqual(['BEHAVIOUR_MIN_EVIDENCE']);
  });

  it('reads the server limits, and refuses a headers timeout longer than the request timeout', () => {
    expect(
      parseConfig({
        HEADERS_TIMEOUT_MS: '2000',
        REQUEST_TIMEOUT_MS: '3000',
        KEEP_ALIVE_TIMEOUT_MS: '1000',
        MAX_CONNECTIONS: '50',
      }).server,
    ).toEqual({ headersTimeoutMs: 2000, requestTimeoutMs: 3000, keepAliveTimeoutMs: 1000, maxConnections: 50 });
    expect(problemsOf({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' })).toEqual(['HEADERS_TIMEOUT_MS']);
    expect(problemsOf({ MAX_CONNECTIONS: '0', KEEP_ALIVE_TIMEOUT_MS: '50' })).toEqual([
      'KEEP_ALIVE_TIMEOUT_MS',
      'MAX_CONNECTIONS',
    ]);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      MONGODB_DB: 'loja',
      DEFAULT_COUNTRY: 'pt',
      BOOTSTRAP_ADMIN_TOKEN: 'x'.repeat(40),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      mongodbDb: 'loja',
      defaultCountry: 'PT',
      bootstrapAdminToken: 'x'.repeat(40),
      demoData: false,
      logLevel: 'debug',
    });
  });

  it.each(['1', 'true', 'YES', 'on'])('reads DEMO_DATA=%s as on', (value) => {
    expect(parseConfig({ DEMO_DATA: value }).demoData).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DEFAULT_COUNTRY: ' ', DEMO_DATA: '' })).toMatchObject({
      port: 3000,
      defaultCountry: 'BR',
      demoData: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['HOST', 'not a host'],
    ['MONGODB_DB', 'a/b'],
    ['DEFAULT_COUNTRY', 'XX'],
    ['DEFAULT_COUNTRY', 'BRA'],
    ['DEMO_DATA', 'maybe'],
    ['MONGODB_TIMEOUT_MS', '50'],
    ['MONGODB_TIMEOUT_MS', 'two seconds'],
    ['MONGODB_POOL_SIZE', '0'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['REDIS_COMMAND_TIMEOUT_MS', '5'],
    ['CACHE_TTL', '0'],
    ['CACHE_TTL', '1.5'],
    ['CACHE_LOCAL_ENTRIES', '-1'],
    ['RATE_LIMIT', '600'],
    ['RATE_LIMIT', '600/s'],
    ['RATE_LIMIT', '0/1s'],
    ['RATE_LIMIT', '10/2d'],
    ['RATE_LIMIT', '10/25h'],
    ['AUTH_FAILURE_LIMIT', 'none'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '11'],
    ['WORKERS', '0'],
    ['WORKERS', 'many'],
    ['LOG_LEVEL', 'verbose'],
  ])('stops on %s=%j, naming the variable and the value', (variable, value) => {
    expect(problemsOf({ [variable]: value })).toEqual([variable]);
    expect(() => parseConfig({ [variable]: value })).toThrow(
      new RegExp(`${variable} .*${JSON.stringify(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it.each([
    ['BOOTSTRAP_ADMIN_TOKEN', 'too-short-secret'],
    ['BOOTSTRAP_ADMIN_TOKEN', `MySuperSecret${'x'.repeat(20)} with a space`],
    ['MONGODB_URI', 'mongo://admin:hunter2@db.internal:27017'],
    ['REDIS_URL', 'http://:hunter2@cache.internal:6379'],
  ])('stops on a bad %s without repeating its secret value', (variable, value) => {
    expect(problemsOf({ [variable]: value })).toEqual([variable]);
    const message = (() => {
      try {
        parseConfig({ [variable]: value });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toContain(`a value of ${value.length} characters`);
    expect(message).not.toContain(value);
    expect(message).not.toContain('hunter2');
  });

  it.each([
    ['600/1s', { requests: 600, windowSeconds: 1 }],
    ['6000/1m', { requests: 6000, windowSeconds: 60 }],
    ['100000/1H', { requests: 100_000, windowSeconds: 3600 }],
    ['50/10s', { requests: 50, windowSeconds: 10 }],
    ['off', undefined],
    ['OFF', undefined],
  ])('reads RATE_LIMIT=%s, AUTH_FAILURE_LIMIT and PUBLISHABLE_ADDRESS_LIMIT the same way', (text, limit) => {
    expect(parseConfig({ RATE_LIMIT: text, AUTH_FAILURE_LIMIT: text, PUBLISHABLE_ADDRESS_LIMIT: text })).toMatchObject({
      rateLimit: limit,
      authFailureLimit: limit,
      publishableAddressLimit: limit,
    });
  });

  it('reads a Redis Cluster (some of its nodes) and a Sentinel-watched primary, with their credentials', () => {
    expect(
      parseConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001,[::1]:7002', REDIS_PASSWORD: 's3cret' }).redis,
    ).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'redis-1', port: 7000 },
        { host: '10.0.0.2', port: 7001 },
        { host: '::1', port: 7002 },
      ],
      password: 's3cret',
    });
    expect(
      parseConfig({ REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:26379', REDIS_SENTINEL_NAME: 'vitrine', REDIS_USERNAME: 'app' })
        .redis,
    ).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26379 },
      ],
      name: 'vitrine',
      username: 'app',
    });
  });

  it.each([
    [{ REDIS_CLUSTER_NODES: 'redis-1' }, 'REDIS_CLUSTER_NODES must be host:port pairs separated by commas'],
    [{ REDIS_CLUSTER_NODES: 'redis-1:7000,,redis-2:7000' }, 'REDIS_CLUSTER_NODES must be host:port pairs'],
    [{ REDIS_SENTINELS: 'sentinel-1:99999', REDIS_SENTINEL_NAME: 'v' }, 'REDIS_SENTINELS must be host:port pairs'],
    [
      { REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: 'redis-1:7000' },
      'REDIS_CLUSTER_NODES must not be set with REDIS_URL',
    ],
    [{ REDIS_SENTINELS: 'sentinel-1:26379' }, 'REDIS_SENTINEL_NAME must name the primary the sentinels watch'],
    [{ REDIS_SENTINEL_NAME: 'vitrine' }, 'REDIS_SENTINEL_NAME is only read with REDIS_SENTINELS'],
    [
      { REDIS_URL: 'redis://cache:6379', REDIS_PASSWORD: 'hunter2' },
      'REDIS_PASSWORD is only read with REDIS_CLUSTER_NODES or REDIS_SENTINELS',
    ],
  ])('stops on Redis settings that do not go together: %j', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('never repeats REDIS_PASSWORD in an error', () => {
    expect(() => parseConfig({ REDIS_CLUSTER_NODES: 'redis-1:7000', REDIS_PASSWORD: 'hunter2 x' })).toThrow(
      'REDIS_PASSWORD must be 1 to 512 characters without spaces (got a value of 9 characters)',
    );
  });

  it('reads the operations settings', () => {
    expect(
      parseConfig({ TRUST_PROXY: '2', CACHE_LOCAL_ENTRIES: '0', WORKERS: '4', MONGODB_URI: 'mongodb://db.internal:27017' }),
    ).toMatchObject({ trustProxy: 2, cacheLocalEntries: 0, workers: 4 });
    expect(parseConfig({ WORKERS: 'auto', MONGODB_URI: 'mongodb://db.internal:27017' }).workers).toBeGreaterThanOrEqual(1);
  });

  it('refuses more than one worker with the in-memory stores, saying why and what to do', () => {
    expect(problemsOf({ WORKERS: '2' })).toEqual(['WORKERS']);
    expect(() => parseConfig({ WORKERS: '2' })).toThrow(
      'WORKERS must be 1 with the in-memory stores, where each worker would hold data of its own (got "2"); set MONGODB_URI to share the stores between workers',
    );
    expect(parseConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('names every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'loud', DEFAULT_COUNTRY: 'ZZ' }).sort()).toEqual([
      'DEFAULT_COUNTRY',
      'LOG_LEVEL',
      'PORT',
    ]);
  });

  it('reads the MongoDB and Redis settings, and turns demo data off by default on MongoDB', () => {
    const config = parseConfig({
      MONGODB_URI: 'mongodb+srv://vitrine:secret@cluster0.example.net/?retryWrites=true',
      MONGODB_DB: 'loja',
      MONGODB_TIMEOUT_MS: '1500',
      MONGODB_POOL_SIZE: '50',
      REDIS_URL: 'rediss://:secret@cache.example.net:6380/2',
      REDIS_KEY_PREFIX: 'loja:prod:',
      REDIS_COMMAND_TIMEOUT_MS: '250',
      CACHE_TTL: '30',
    });
    expect(config).toMatchObject({
      mongodbUri: 'mongodb+srv://vitrine:secret@cluster0.example.net/?retryWrites=true',
      mongodbDb: 'loja',
      mongodbTimeoutMs: 1500,
      mongodbPoolSize: 50,
      redis: { kind: 'server', url: 'rediss://:secret@cache.example.net:6380/2' },
      redisKeyPrefix: 'loja:prod:',
      redisCommandTimeoutMs: 250,
      cacheTtlMs: 30_000,
      demoData: false,
    });
    expect(parseConfig({ MONGODB_URI: 'mongodb://localhost:27017', DEMO_DATA: 'on' }).demoData).toBe(true);
  });
});
