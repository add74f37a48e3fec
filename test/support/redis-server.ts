/** A real redis-server on a free loopback port, started and stopped by the tests that need it. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Stops the server (its data is gone: nothing is saved). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
  /** SIGSTOP: the server keeps its connections but answers nothing. */
  freeze(): void;
  /** SIGCONT after a freeze. */
  thaw(): void;
}

/** Why Redis tests cannot run here, or undefined when they can. */
export function redisUnavailableReason(): string | undefined {
  const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? undefined : 'no redis-server on PATH (Debian: apt-get install -y redis-server)';
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts a redis-server on `port` (loopback, nothing saved) with `extra` arguments (a cluster
 * node's, a replica's, `--sentinel` with its config file first): resolves once it is ready. With a
 * `logfile` the server writes its log there (read it after a fault) rather than to a pipe the test
 * process must keep draining.
 */
export function launchRedis(
  port: number,
  extra: readonly string[] = [],
  first: readonly string[] = [],
  { logfile }: { logfile?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      ...first,
      ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'],
      ...extra,
      ...(logfile === undefined ? [] : ['--logfile', logfile]),
    ],
    {
      stdio: ['ignore', logfile === undefined ? 'pipe' : 'ignore', 'pipe'],
    },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((done, fail) => {
    let [output, errors] = ['', ''];
    const log = () => (logfile === undefined ? output : readLog(logfile));
    const ready = () => /Ready to accept connections|Sentinel ID is/.test(log());
    const timer = setTimeout(() => {
      clearInterval(poll);
      fail(new Error(`redis-server did not start on port ${port}:\n${log()}`));
    }, 10_000);
    const started = () => {
      clearTimeout(timer);
      clearInterval(poll);
      done(child);
    };
    const poll = setInterval(() => logfile !== undefined && ready() && started(), 50);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (ready()) started();
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      fail(new Error(`redis-server exited with ${code}:\n${log()}${errors}`));
    });
  });
}

/** A log file's text, or '' while it does not exist yet. */
export function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Kills a redis-server (SIGKILL, after SIGCONT should it be frozen) and waits for it to end. */
export async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGCONT');
  child.kill('SIGKILL');
  await exited;
}

/** Waits until `check` holds (polled every 100 ms), else fails with `what` and the `state` it ended in. */
export async function until(
  check: () => boolean,
  what: string,
  state: () => string = () => '',
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms:\n${state()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launchRedis(port);
  const stop = () => killRedis(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    async restart() {
      await stop();
      child = await launchRedis(port);
    },
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
  };
}
