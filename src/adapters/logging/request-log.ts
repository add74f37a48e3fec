import { Remembered } from '../../application/shared/remembered.js';
import { destinationOf, type Logger } from './logger.js';

/** One answered request, as its log line tells it. */
export interface RequestLogLine {
  readonly requestId: string;
  readonly method: string;
  readonly route: string | null;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly client?: string | undefined;
}

export type RequestLogLevel = 'debug' | 'info' | 'warn';

/** Where request log lines go. */
export interface RequestLines {
  write(level: RequestLogLevel, line: RequestLogLine): void;
}

const LEVELS: Readonly<Record<RequestLogLevel, number>> = { debug: 20, info: 30, warn: 40 };
const json = JSON.stringify;

/** How many texts' JSON forms are remembered: methods, routes, logged paths and client names recur on every line. */
const REMEMBERED_TEXTS = 10_000;

/**
 * The one log line of every request, the hottest line the service writes: formatted here, in
 * exactly the form pino gives a line (level, time, the logger's base, the fields, `msg`), and
 * written to the logger's own destination. pino's own formatting of this line, measured by
 * `npm run bench` in the service's own request handler, cost a profile lookup 1.7 to 2.6 µs more
 * per request, 7.5 to 11.2% of its CPU over three runs (docs/benchmarks.md, "hand-written parts"): over the 3% a library may
 * cost a hot read. Every other line goes through pino. A logger whose destination is not known (one made outside `createLogger`) gets the line
 * through its own methods instead.
 */
export class RequestLog implements RequestLines {
  private readonly quoted = new Remembered<string>(REMEMBERED_TEXTS);

  constructor(private readonly logger: Logger) {}

  write(level: RequestLogLevel, line: RequestLogLine): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const destination = destinationOf(this.logger);
    if (destination === undefined) {
      this.logger[level](line, 'request');
      return;
    }
    const client = line.client === undefined ? '' : `,"client":${this.json(line.client)}`;
    const route = line.route === null ? 'null' : this.json(line.route);
    destination.write(
      `{"level":${LEVELS[level]},"time":${Date.now()},"service":"vitrine","requestId":${json(line.requestId)},"method":${this.json(line.method)},"route":${route},"path":${this.json(line.path)},"status":${line.status},"ms":${line.ms}${client},"msg":"request"}\n`,
    );
  }

  /** A text's JSON form, remembered: the same few texts come on every line. */
  private json(text: string): string {
    return this.quoted.get(text, () => json(text));
  }
}

/** The same lines through pino's own formatting: what the benchmark measures the hand-written line against. */
export class PinoRequestLines implements RequestLines {
  constructor(private readonly logger: Logger) {}

  write(level: RequestLogLevel, line: RequestLogLine): void {
    this.logger[level](line, 'request');
  }
}
