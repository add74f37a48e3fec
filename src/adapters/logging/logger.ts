import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { token } from '../../domain/shared/token.js';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How long a written line may wait in the buffer before it reaches standard output. */
export const LOG_FLUSH_INTERVAL_MS = 100;

/**
 * Structured JSON logs, one object per line, on standard output by default. Lines are gathered
 * into writes of about 4 KB (a busy instance does not make one system call per request), written
 * at least every 100 ms and when the process exits. Writes are synchronous, on the main thread: a
 * log reader that cannot keep up slows the service down rather than letting unwritten lines pile
 * up in memory.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'vitrine' } };
  if (level === 'silent' && destination === undefined) return pino(options);
  let stream = destination;
  if (stream === undefined) {
    const standardOutput = pino.destination({ dest: 1, sync: true, minLength: 4096 });
    setInterval(() => standardOutput.flush(), LOG_FLUSH_INTERVAL_MS).unref();
    stream = standardOutput;
  }
  const logger = pino(options, stream);
  destinations.set(logger, stream);
  return logger;
}

/** Where each logger made here writes, to flush it at exit. */
const destinations = new WeakMap<Logger, DestinationStream>();

/** Where a logger made here writes; undefined for one made elsewhere. */
export function destinationOf(logger: Logger): DestinationStream | undefined {
  return destinations.get(logger);
}

/** Writes out every buffered line now: before the process exits. */
export function flushLogs(logger: Logger): void {
  const destination = destinations.get(logger) as (DestinationStream & { flushSync?: () => void }) | undefined;
  try {
    destination?.flushSync?.();
  } catch {
    // Nothing more can be done about a log that cannot be written.
  }
}

export const LoggerToken = token<Logger>('Logger');
