/**
 * Starts Vitrine: reads the environment, builds the container, opens the configured stores,
 * prepares the instance (bootstrap token, demo data), listens, and on SIGTERM or SIGINT stops
 * taking connections, lets requests in flight finish, closes the stores and exits.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from './adapters/http/create-app.js';
import { flushLogs, LoggerToken, type Logger } from './adapters/logging/logger.js';
import { ConfigError, parseConfig } from './composition/config.js';
import { createContainer, resolve } from './composition/container.js';
import { ResourceFailure, startResources, stopResources } from './composition/lifecycle.js';
import { prepareInstance } from './composition/start.js';

/** How long requests in flight may take to finish after a stop signal before connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;

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
    return;
  }

  const { generatedAdminToken } = await prepareInstance(container, config);
  const server = createServer(createRequestHandler(container));
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(config.port, config.host, done);
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    process.stderr.write(
      `vitrine: cannot listen on ${config.host ?? 'all interfaces'} port ${config.port} (HOST, PORT): ${message} (${code})\n`,
    );
    // A persistent store keeps the token created at this start: show it, or nobody ever could.
    if (generatedAdminToken !== undefined) showAdminToken(generatedAdminToken);
    await stopResources(container);
    process.exitCode = 1;
    return;
  }
  if (generatedAdminToken !== undefined) showAdminToken(generatedAdminToken);
  const { address, port } = server.address() as AddressInfo;
  const shown = address.includes(':')
    ? address === '::'
      ? 'localhost'
      : `[${address}]`
    : address === '0.0.0.0'
      ? 'localhost'
      : address;
  logger.info({ address, port }, `Vitrine is listening on http://${shown}:${port}`);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void stop(server, logger, signal, () => stopResources(container)));
  }
}

/** The one place the secret of a generated admin token is shown: plain text, outside the JSON log lines. */
function showAdminToken(secret: string): void {
  process.stdout.write(
    `\nNo token existed, so an admin token with every scope was created. It is shown this once:\n\n  ${secret}\n\n`,
  );
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
