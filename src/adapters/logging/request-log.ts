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

const json = JSON.stringify;

/** Each level's line start, up to the time. */
const STARTS: Readonly<Record<RequestLogLevel, string>> = {
  debug: '{"level":20,"time":',
  info: '{"level":30,"time":',
  warn: '{"level":40,"time":',
};

/** How many paths' and clients' parts of a line are remembered: the same few come on every line. */
const REMEMBERED_PARTS = 10_000;

/** Texts longer than this are not remembered: no request can fill the memory with one long path. */
const MAX_REMEMBERED_LENGTH = 256;

/** A line's method, route and path part, as written, remembered by path. */
interface PathPart {
  readonly method: string;
  readonly route: string | null;
  readonly text: string;
}

/**
 * The one log line of every request, the hottest line the service writes: formatted here, in
 * exactly the form pino gives a line (level, time, the logger's base, the fields, `msg`), and
 * written to the logger's own destination. pino's own formatting of this line, measured by
 * `npm run bench` in the service's own request handler, cost a profile lookup 1.7 to 2.6 µs more
 * per request, 7.5 to 11.2% of its CPU over three runs (docs/benchmarks.md, "hand-written parts"): over the 3% a library may
 * cost a hot read. Every other line goes through pino. A logger whose destination is not known (one made outside `createLogger`) gets the line
 * through its own methods instead. The parts that recur (method, route and path; the client) are
 * made once and remembered, so a line is built from a few pieces.
 */
export class RequestLog implements RequestLines {
  private readonly paths = new Map<string, PathPart>();
  private readonly clients = new Remembered<string>(REMEMBERED_PARTS);

  constructor(private readonly logger: Logger) {}

  write(level: RequestLogLevel, line: RequestLogLine): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const destination = destinationOf(this.logger);
    if (destination === undefined) {
      this.logger[level](line, 'request');
      return;
    }
    const { client } = line;
    const clientPart = client === undefined ? '' : this.clients.get(client, () => `,"client":${json(client)}`);
    destination.write(
      `${STARTS[level]}${Date.now()},"service":"vitrine","requestId":${json(line.requestId)}${this.pathPart(line)},"status":${line.status},"ms":${line.ms}${clientPart},"msg":"request"}\n`,
    );
  }

  /** `,"method":…,"route":…,"path":…` of a line: the one remembered for its path when its method and route are the same. */
  private pathPart({ method, route, path }: RequestLogLine): string {
    const kept = this.paths.get(path);
    if (kept !== undefined && kept.method === method && kept.route === route) return kept.text;
    const text = `,"method":${json(method)},"route":${json(route)},"path":${json(path)}`;
    if (path.length <= MAX_REMEMBERED_LENGTH) {
      if (this.paths.size >= REMEMBERED_PARTS && kept === undefined) this.paths.clear();
      this.paths.set(path, { method, route, text });
    }
    return text;
  }
}

/** The same lines through pino's own formatting: what the benchmark measures the hand-written line against. */
export class PinoRequestLines implements RequestLines {
  constructor(private readonly logger: Logger) {}

  write(level: RequestLogLevel, line: RequestLogLine): void {
    this.logger[level](line, 'request');
  }
}
