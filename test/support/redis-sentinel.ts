/**
 * A primary, its replica and one Sentinel watching them (quorum 1, a primary down after one
 * second), on loopback ports, started with Debian's redis-server for the tests that need them.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RedisTarget } from '../../src/adapters/redis/redis-connection.js';
import { freePort, killRedis, launchRedis, until } from './redis-server.js';

export const SENTINEL_NAME = 'vitrine';

export interface RedisSentinelServers {
  readonly target: RedisTarget & { kind: 'sentinel' };
  /** The port of the primary the sentinel names now. */
  primaryPort(): number;
  /** Kills (SIGKILL) the primary; resolves with the new primary's port once the sentinel has promoted the replica. */
  killPrimary(): Promise<number>;
  stop(): Promise<void>;
}

export async function startRedisSentinel(): Promise<RedisSentinelServers> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-redis-sentinel-'));
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const children = new Map<number, ChildProcess>();
  // Their own folders: replication writes a snapshot file (dump.rdb) where the server runs.
  const folder = (port: number) => {
    mkdirSync(join(dir, String(port)));
    return ['--dir', join(dir, String(port))];
  };
  children.set(primaryPort, await launchRedis(primaryPort, folder(primaryPort)));
  children.set(
    replicaPort,
    await launchRedis(replicaPort, ['--replicaof', '127.0.0.1', String(primaryPort), ...folder(replicaPort)]),
  );
  const config = join(dir, 'sentinel.conf');
  writeFileSync(
    config,
    [
      `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primaryPort} 1`,
      `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
      `sentinel failover-timeout ${SENTINEL_NAME} 5000`,
      '',
    ].join('\n'),
  );
  children.set(sentinelPort, await launchRedis(sentinelPort, ['--sentinel', '--dir', dir], [config]));
  const primary = () => {
    const run = spawnSync('redis-cli', ['-p', String(sentinelPort), 'sentinel', 'get-master-addr-by-name', SENTINEL_NAME], {
      encoding: 'utf8',
    });
    return Number(run.stdout.trim().split('\n')[1]);
  };
  const replicasKnown = () =>
    spawnSync('redis-cli', ['-p', String(sentinelPort), 'sentinel', 'replicas', SENTINEL_NAME], {
      encoding: 'utf8',
    }).stdout.includes(String(replicaPort));
  try {
    await until(() => primary() === primaryPort && replicasKnown(), 'the sentinel did not find the primary and its replica');
  } catch (error) {
    // The servers would outlive a failed start: nothing else stops them.
    await Promise.all([...children.values()].map(killRedis));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    target: { kind: 'sentinel', sentinels: [{ host: '127.0.0.1', port: sentinelPort }], name: SENTINEL_NAME },
    primaryPort: primary,
    async killPrimary() {
      const killed = primary();
      const child = children.get(killed)!;
      await killRedis(child);
      await until(() => primary() !== killed && primary() > 0, 'the sentinel did not promote the replica');
      return primary();
    },
    async stop() {
      await Promise.all([...children.values()].map(killRedis));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
