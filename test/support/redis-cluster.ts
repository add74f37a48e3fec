/**
 * A real Redis Cluster on loopback ports, started by the tests that need it with Debian's
 * redis-server and redis-cli: three masters, each with a replica (so a master killed is replaced
 * by its replica within a few seconds: cluster-node-timeout is 2.5 s here, long enough that a node starved by a busy machine is not taken for dead).
 * The cluster is handed over only once every replica holds its master's data (its first
 * synchronisation done): a replica that never synchronised may not take over (Redis counts its data
 * as too old), so a master killed before then would stay unreplaced. Each node logs to a file in the
 * cluster's folder; a wait that ends in failure shows the end of every node's log.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Cluster } from 'ioredis';
import type { RedisTarget } from '../../src/adapters/redis/redis-connection.js';
import { killRedis, launchRedis, readLog, until } from './redis-server.js';
import { createServer } from 'node:net';

export interface RedisClusterServers {
  /** The target Vitrine is given: three of the six nodes (it discovers the others). */
  readonly target: RedisTarget & { kind: 'cluster' };
  /** REDIS_CLUSTER_NODES for a Vitrine of this cluster. */
  readonly nodesVariable: string;
  /** A client of the cluster, for the tests' own looks. */
  probe(): Cluster;
  /** The live master that holds `key`'s slot. */
  masterOf(key: string): number;
  /** Kills (SIGKILL) the master that holds `key`'s slot; resolves once its replica has taken over. */
  killMasterOf(key: string): Promise<Outage>;
  /** The live node a client named `name` is connected to (CLIENT LIST), if any. */
  nodeOfClient(name: string): number | undefined;
  /** Kills (SIGKILL) a node once every replica is in sync with its master; resolves once the cluster serves every slot again. */
  killNode(port: number): Promise<Outage>;
  stop(): Promise<void>;
}

/** A node killed, and when (performance.now()): from its kill until every slot was served again. */
export interface Outage {
  readonly port: number;
  readonly killedAt: number;
  readonly endedAt: number;
}

const MASTERS = 3;
const NODE_TIMEOUT_MS = 2_500;

/** Why the cluster cannot be started here, or undefined when it can. */
export function redisClusterUnavailableReason(): string | undefined {
  const cli = spawnSync('redis-cli', ['--version'], { encoding: 'utf8' });
  const server = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (server.status !== 0) return 'no redis-server on PATH (Debian: apt-get install -y redis-server)';
  if (cli.status !== 0) return 'no redis-cli on PATH (Debian: apt-get install -y redis-tools)';
  return undefined;
}

function launch(port: number, dir: string): Promise<ChildProcess> {
  return launchRedis(
    port,
    [
      ...['--dir', dir, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`],
      ...['--cluster-node-timeout', String(NODE_TIMEOUT_MS)],
      // A master sends a new replica its data at once, rather than 5 s later in case other replicas
      // come to share the transfer (each master here has one replica).
      ...['--repl-diskless-sync-delay', '0'],
    ],
    [],
    { logfile: logOf(dir, port) },
  );
}

const logOf = (dir: string, port: number) => join(dir, `node-${port}.log`);

/** A replica's attempts to reach its dead master, one a second: they would fill any tail of its log. */
const RECONNECTING = /Connecting to MASTER|MASTER <-> REPLICA sync started|Error condition on socket for SYNC/;

/** The last lines of each node's log (its attempts to reach a dead master left out), for a failure's message. */
function logTails(dir: string, ports: readonly number[], lines: number): string {
  return ports
    .map((port) => {
      const log = readLog(logOf(dir, port))
        .split('\n')
        .filter((line) => !RECONNECTING.test(line));
      return `--- node ${port}:\n${log.slice(-lines).join('\n')}`;
    })
    .join('\n');
}

function cli(port: number, ...args: string[]): string {
  const run = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8', timeout: 10_000 });
  if (run.status !== 0) throw new Error(`redis-cli ${args.join(' ')}: ${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** Whether every live replica among `ports` has finished synchronising with its master and is linked to it. */
function inSync(ports: readonly number[]): boolean {
  return ports.every((port) => {
    try {
      const info = cli(port, 'info', 'replication');
      return (
        info.includes('role:master') || (info.includes('master_link_status:up') && !info.includes('master_sync_in_progress:1'))
      );
    } catch {
      return false;
    }
  });
}

/**
 * Whether every live node sees the cluster whole: every slot served, by masters that are among the
 * live `ports` (a node killed a moment ago still looks like a master with its slots until its peers
 * notice, so the ports are what counts), with at least `replicas` live replicas.
 */
function settled(ports: readonly number[], masters: number, replicas: number): boolean {
  return ports.every((port) => {
    try {
      const info = cli(port, 'cluster', 'info');
      const nodes = cli(port, 'cluster', 'nodes')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const [, address = '', flags = '', , , , , , ...slots] = line.split(' ');
          return { port: Number(address.split('@')[0]!.split(':')[1]), flags: flags.split(','), slots: slots.length };
        });
      const live = nodes.filter((n) => ports.includes(n.port) && !n.flags.some((f) => f.startsWith('fail')));
      const servingMasters = live.filter((n) => n.flags.includes('master') && n.slots > 0);
      const servedByDead = nodes.some((n) => !ports.includes(n.port) && n.flags.includes('master') && n.slots > 0);
      return (
        info.includes('cluster_state:ok') &&
        info.includes('cluster_slots_ok:16384') &&
        servingMasters.length === masters &&
        !servedByDead &&
        live.filter((n) => n.flags.includes('slave')).length >= replicas
      );
    } catch {
      return false;
    }
  });
}

/** Starts a cluster; on ports found taken by the time a node binds them (another process was quicker), again on others, twice at most. */
export async function startRedisCluster(): Promise<RedisClusterServers> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce();
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Address already in use')) throw error;
    }
  }
}

async function startOnce(): Promise<RedisClusterServers> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-redis-cluster-'));
  const ports: number[] = [];
  while (ports.length < MASTERS * 2) {
    const port = await clusterPort();
    if (!ports.includes(port)) ports.push(port);
  }
  const children = new Map<number, ChildProcess>();
  const nodes = ports.map((port) => `127.0.0.1:${port}`);
  try {
    const launched = await Promise.allSettled(ports.map(async (port) => children.set(port, await launch(port, dir))));
    const failed = launched.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    cli(ports[0]!, '--cluster', 'create', ...nodes, '--cluster-replicas', '1', '--cluster-yes');
    await until(
      () => settled(ports, MASTERS, MASTERS) && inSync(ports),
      `the cluster did not settle with every replica in sync`,
      () => `${cli(ports[0]!, 'cluster', 'nodes')}\n${logTails(dir, ports, 20)}`,
    );
  } catch (error) {
    // The servers would outlive a failed start: nothing else stops them.
    await Promise.all([...children.values()].map(killRedis));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const alive = new Set(ports);
  const target = {
    kind: 'cluster' as const,
    nodes: ports.slice(0, 3).map((port) => ({ host: '127.0.0.1', port })),
  };
  const killNode = async (port: number): Promise<Outage> => {
    await until(
      () => inSync([...alive]),
      `the replicas did not catch up before node ${port} was killed`,
      () => logTails(dir, [...alive], 20),
    );
    const killedAt = performance.now();
    await killRedis(children.get(port)!);
    alive.delete(port);
    await until(
      () => settled([...alive], MASTERS, 0),
      `the cluster did not serve every slot again after node ${port} was killed`,
      () => `${cli([...alive][0]!, 'cluster', 'nodes')}\n${logTails(dir, ports, 60)}`,
      // A replica's election may need a second round on a busy machine (node timeout × 4).
      40_000,
    );
    const endedAt = performance.now();
    console.log(`redis cluster: node ${port} killed; every slot served again ${Math.round(endedAt - killedAt)} ms later`);
    return { port, killedAt, endedAt };
  };
  const masterOf = (key: string) => {
    const slot = Number(cli([...alive][0]!, 'cluster', 'keyslot', key).trim());
    const owner = [...alive].find((port) => {
      const line = cli(port, 'cluster', 'nodes')
        .split('\n')
        .find((l) => l.includes('myself'));
      return line !== undefined && (line.split(' ')[2] ?? '').includes('master') && ownsSlot(line, slot);
    });
    if (owner === undefined) throw new Error(`no live master holds slot ${slot}`);
    return owner;
  };
  return {
    target,
    nodesVariable: target.nodes.map(({ host, port }) => `${host}:${port}`).join(','),
    probe: () => new Cluster(target.nodes.map(({ host, port }) => ({ host, port }))),
    masterOf,
    killMasterOf: (key) => killNode(masterOf(key)),
    killNode,
    nodeOfClient(name) {
      return [...alive].find((port) => cli(port, 'client', 'list').includes(` name=${name} `));
    },
    async stop() {
      await Promise.all([...children.values()].map(killRedis));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A free port whose cluster bus port (10,000 above) is free too, both below the ports the system
 * hands out for outgoing connections and `listen(0)` (other tests' servers and clients take those
 * by the hundred: one took a bus port between this check and the node's start), where it can.
 */
async function clusterPort(): Promise<number> {
  const [from, to] = clusterPortRange();
  for (;;) {
    const port = from + Math.floor(Math.random() * (to - from));
    if ((await isFree(port)) && (await isFree(port + 10_000))) return port;
  }
}

/** Where clusterPort looks: [from, to), below the ephemeral ports less 10,000 where there is room. */
function clusterPortRange(): [number, number] {
  let ephemeralFrom = 32_768;
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && Number.isInteger(low)) ephemeralFrom = low;
  } catch {
    // Not Linux: its usual range.
  }
  return ephemeralFrom - 10_000 > 12_000 ? [10_000, ephemeralFrom - 10_000] : [20_000, 50_000];
}

function isFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** Whether a CLUSTER NODES line's slot ranges (`0-5460 10923`) hold `slot`. */
function ownsSlot(line: string, slot: number): boolean {
  return line
    .split(' ')
    .slice(8)
    .some((range) => {
      const [from, to = from] = range.split('-').map(Number);
      return from !== undefined && to !== undefined && slot >= from && slot <= to;
    });
}
