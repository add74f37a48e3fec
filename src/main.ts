/**
 * Starts Vitrine: reads the environment, builds the container, opens the configured stores,
 * listens, prepares the instance (bootstrap token, demo data), and on SIGTERM or SIGINT stops
 * taking connections, lets requests in flight finish, closes the stores and exits.
 *
 * With WORKERS above 1 this process is the primary of a node:cluster: it prepares the instance
 * once, then starts the workers, which serve on the shared port, restarts one that dies, and
 * stops them all on SIGTERM or SIGINT.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import { serveClusterMetrics } from './adapters/cluster/cluster-metrics.js';
import { startRateLimitMaster } from './adapters/cluster/cluster-request-limiter.js';
import { createHttpServer } from './adapters/http/http-server.js';
import { flushLogs, LoggerToken, type Logger } from './adapters/logging/logger.js';
import { createRequestHandler } from './composition/adapters/http.js';
import { ConfigError, parseConfig, type VitrineConfig } from './composition/config.js';
import { createContainer } from './composition/container.js';
import { resolve } from './composition/resolve.js';
import { ResourceFailure, startResources, stopResources } from './composition/lifecycle.js';
import { generatedTokenNotice, prepareInstance } from './composition/start.js';
import { startingHandler, switchableHandler } from './adapters/http/request-handler.js';

/** How long requests in flight may take to finish after a stop signal before connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;
/** A worker that dies is started again after this long; more than this many deaths a minute stops the instance. */
const RESTART_DELAY_MS = 1_000;
const MAX_RESTARTS_PER_MINUTE = 5;

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems)
      process.stderr.write(`vitrine: configuration error: ${problem.variable} ${problem.message}\n`);
    process.exitCode = 1;
    return;
  }
  if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
  else await serve(config, cluster.isWorker);
}

/** Builds the container and opens its resources, or explains on stderr why not (and exits 1). */
async function open(config: VitrineConfig): Promise<{ container: Container; logger: Logger } | undefined> {
  const container = createContainer(config);
  const logger = resolve(container, LoggerToken);
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    flushLogs(logger);
    process.exit(1);
  });
  process.on('exit', () => flushLogs(logger));
  try {
    await startResources(container);
  } catch (error) {
    if (!(error instanceof ResourceFailure)) throw error;
    const variable = error.resource === 'mongodb' ? ' (MONGODB_URI)' : '';
    process.stderr.write(`vitrine: cannot start: ${error.message}${variable}\n`);
    await stopResources(container);
    process.exitCode = 1;
    return undefined;
  }
  return { container, logger };
}

/** One process serving requests: the whole service, or one of its workers (the primary prepared the instance). */
async function serve(config: VitrineConfig, asWorker: boolean): Promise<void> {
  const opened = await open(config);
  if (opened === undefined) return;
  const { container, logger } = opened;

  // The port first: a start that cannot serve prepares nothing, so it creates (and shows) no token.
  // Until the instance is prepared, every request but /health/live answers 503 (never a 401).
  const handler = switchableHandler(asWorker ? createRequestHandler(container) : startingHandler());
  const server = createHttpServer(handler.listener, config.server);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(config.port, config.host, done);
    });
  } catch (error) {
    cannotListen(config, error);
    await stopResources(container);
    process.exitCode = 1;
    return;
  }
  const { generatedAdminToken } = asWorker ? {} : await prepareInstance(container, config);
  if (!asWorker) handler.switchTo(createRequestHandler(container));
  if (generatedAdminToken !== undefined) showAdminToken(generatedAdminToken, config);
  const { address, port } = server.address() as AddressInfo;
  const where = `http://${shownHost(address)}:${port}`;
  if (asWorker) logger.info({ address, port, worker: cluster.worker?.id }, `worker ${cluster.worker?.id} serves ${where}`);
  else logger.info({ address, port }, `Vitrine is listening on ${where}`);
  // The line that says the process serves is written now, not with the next batch of lines.
  flushLogs(logger);

  // A worker may get the signal twice (from the terminal and from the primary): it stops once.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop(server, logger, signal, () => stopResources(container));
    });
  }
}

/**
 * The primary of WORKERS workers: prepares the instance once (bootstrap token, demo data), counts
 * the rate limits the workers share when there is no Redis, merges their metrics, starts them,
 * starts a dead one again, and stops them all on SIGTERM or SIGINT.
 */
async function runPrimary(config: VitrineConfig): Promise<void> {
  const opened = await open(config);
  if (opened === undefined) return;
  const { container, logger } = opened;
  const { generatedAdminToken } = await prepareInstance(container, config);
  await stopResources(container);

  if (config.redis === undefined) startRateLimitMaster();
  serveClusterMetrics();

  let stopping = false;
  let listening = 0;
  const deaths: number[] = [];
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  const fork = (): Worker => cluster.fork();
  cluster.on('listening', (_worker, address) => {
    if (++listening !== config.workers) return;
    if (generatedAdminToken !== undefined) showAdminToken(generatedAdminToken, config);
    logger.info(
      { workers: config.workers, port: address.port },
      `Vitrine is listening on http://${shownHost(address.address ?? '')}:${address.port} with ${config.workers} workers`,
    );
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (code === 0 && signal === null) {
      // A worker that stopped cleanly was told to stop (systemd signals the whole group): the instance stops.
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        process.exit(0);
      }
      return;
    }
    if (listening === 0) {
      // A worker that cannot start (the port is taken, a store does not answer) says why on stderr; the others would fail alike.
      logger.fatal({ worker: worker.id, code, signal }, 'a worker could not start: stopping the instance');
      stopping = true;
      stopAll('SIGTERM');
      process.exitCode = 1;
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
    logger.error({ worker: worker.id, code, signal }, 'a worker stopped unexpectedly');
    if (deaths.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ deaths: deaths.length }, 'workers keep dying: stopping the instance');
      stopping = true;
      stopAll('SIGTERM');
      process.exitCode = 1;
      return;
    }
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      logger.info({ signal }, 'stopping: every worker finishes its requests in flight');
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const worker of workers) {
        worker.once('exit', () => {
          if (--left === 0) {
            logger.info('stopped');
            process.exit(process.exitCode ?? 0);
          }
        });
        worker.process.kill(signal);
      }
    });
  }
  for (let i = 0; i < config.workers; i++) fork();
}

/** Says on stderr why the port could not be listened on. */
function cannotListen(config: VitrineConfig, error: unknown): void {
  const { code, message } = error as NodeJS.ErrnoException;
  process.stderr.write(
    `vitrine: cannot listen on ${config.host ?? 'all interfaces'} port ${config.port} (HOST, PORT): ${message} (${code})\n`,
  );
}

function shownHost(address: string): string {
  if (address.includes(':')) return address === '::' ? 'localhost' : `[${address}]`;
  return address === '0.0.0.0' || address === '' ? 'localhost' : address;
}

/** The one place the secret of a generated admin token is shown: plain text, outside the JSON log lines. */
function showAdminToken(secret: string, config: VitrineConfig): void {
  process.stdout.write(generatedTokenNotice(secret, config));
}

async function stop(server: Server, logger: Logger, signal: string, closeStores: () => Promise<void>): Promise<void> {
  logger.info({ signal }, 'stopping: no new connections, finishing requests in flight');
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
  cut.unref();
  await closed;
  clearTimeout(cut);
  await closeStores();
  logger.info('stopped');
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`vitrine: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
