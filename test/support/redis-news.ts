import { randomUUID } from 'node:crypto';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { createLogger, type Logger } from '../../src/adapters/logging/logger.js';
import { RedisConnection, type RedisTarget } from '../../src/adapters/redis/redis-connection.js';
import { startRedisServer, type RedisServer } from './redis-server.js';

/**
 * Instances' ends of one news channel (catalog news, event news) over a real redis-server started
 * for the suite (or over `target()`, a Redis the caller started: a cluster), each end on a
 * connection of its own as each instance has, with a command timeout of `commandTimeoutMs` (100 ms
 * unless told: the suites that freeze Redis wait that long for each publish). Call inside a describe.
 */
export function redisNewsEnds<N>(
  make: (connection: RedisConnection, logger: Logger) => N,
  target?: () => RedisTarget,
  { commandTimeoutMs = 100 }: { commandTimeoutMs?: number } = {},
) {
  let server: RedisServer | undefined;
  const opened: RedisConnection[] = [];
  beforeAll(async () => {
    if (target === undefined) server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((connection) => connection.stop()));
    await server?.stop();
  });

  /** An instance's end of the channel of the deployment `prefix` names. */
  async function open(prefix: string): Promise<{ news: N; connection: RedisConnection }> {
    const logger = createLogger('silent');
    const where = target?.() ?? { kind: 'server' as const, url: server!.url };
    const connection = new RedisConnection({ target: where, keyPrefix: prefix, commandTimeoutMs }, logger);
    const news = make(connection, logger);
    await connection.start();
    opened.push(connection);
    return { news, connection };
  }

  /** The contract suites' fixture: an end, another end of the same channel, and a way to cut the link. */
  async function contractFixture() {
    const prefix = `test:${randomUUID().slice(0, 8)}:`;
    const { news, connection } = await open(prefix);
    return {
      store: news,
      another: async () => (await open(prefix)).news,
      // The subscriber's connection is cut from the server's side (every node's, on a cluster):
      // ioredis connects again by itself. Each node is told on a connection of the test's own,
      // with no command timeout: the instance's (100 ms) is too short for a busy machine.
      dropLink: async () => {
        const { commands } = connection;
        const nodes = commands instanceof Cluster ? commands.nodes('all') : [commands];
        await Promise.all(
          nodes.map(async (node) => {
            const admin = node.duplicate({ commandTimeout: undefined, lazyConnect: false, enableOfflineQueue: true });
            try {
              await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
            } finally {
              admin.disconnect();
            }
          }),
        );
      },
    };
  }

  return { open, contractFixture, server: () => server! };
}
