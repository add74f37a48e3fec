import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { token } from '../../domain/shared/token.js';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How long a written line may wait in the buffer before it reaches standard output. */
export const LOG_FLUSH_INTERVAL_MS = 100;

/**
 * Lines are gathered into writes of at most this many bytes (unless one line is longer): a pipe
 * takes a write of up to PIPE_BUF (4096 bytes on Linux) whole, so the lines of several processes
 * writing to one standard output (WORKERS) never interleave mid-line.
 */
export const LOG_WRITE_LENGTH = 4096;

/**
 * Structured JSON logs, one object per line, on standard output by default. Lines are gathered
 * into writes of at most 4 KB (a busy instance does not make one system call per request), written
 * at least every 100 ms and when the process exits. Writes are synchronous, on the main thread: a
 * log reader that cannot keep up slows the service down rather than letting unwritten lines pile
 * up in memory.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'vitrine' } };
  if (level === 'silent' && destination === undefined) return pino(options);
  let stream = destination;
  if (stream === undefined) {
    const standardOutput = new LineBatch(pino.destination({ dest: 1, sync: true }));
    setInterval(() => standardOutput.flush(), LOG_FLUSH_INTERVAL_MS).unref();
    stream = standardOutput;
  }
  const logger = pino(options, stream);
  destinations.set(logger, stream);
  return logger;
}

/** What LineBatch writes to: standard output's writer (sonic-boom's, as pino.destination makes it). */
export interface LineWriter {
  write(text: string): unknown;
  flush(callback?: (error?: Error) => void): void;
  flushSync(): void;
}

/**
 * Gathers lines into one string of at most `length` bytes and hands it to the writer before the
 * next line would take it past that, or when flushed (a line longer than that alone is handed
 * over at once); every line goes through it (pino's and the request lines), so their order is
 * kept. sonic-boom could gather them itself (its `minLength`), but it measures the UTF-8 length
 * of all it has gathered on every line, and turns each string it wrote into a Buffer afterwards:
 * about 1 µs of a hot read's 30 on the request line alone (docs/benchmarks.md). Here a line costs a
 * concatenation.
 */
export class LineBatch implements DestinationStream {
  private pending = '';
  private pendingBytes = 0;

  constructor(
    private readonly writer: LineWriter,
    private readonly length = LOG_WRITE_LENGTH,
  ) {}

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    if (this.pendingBytes + bytes > this.length) this.handOver();
    this.pending += line;
    this.pendingBytes += bytes;
    if (this.pendingBytes >= this.length) this.handOver();
  }

  /** Writes what is gathered now (the interval's flush). */
  flush(callback?: (error?: Error) => void): void {
    this.handOver();
    this.writer.flush(callback);
  }

  /** Writes what is gathered now, before returning (at exit). */
  flushSync(): void {
    this.handOver();
    this.writer.flushSync();
  }

  private handOver(): void {
    if (this.pending === '') return;
    const lines = this.pending;
    this.pending = '';
    this.pendingBytes = 0;
    this.writer.write(lines);
  }
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
