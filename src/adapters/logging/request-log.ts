import type { Logger } from './logger.js';
import { destinationOf } from './logger.js';

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

const LEVELS = { debug: 20, info: 30, warn: 40 } as const;
const json = JSON.stringify;

/**
 * The one log line of every request, the hottest line the service writes: formatted here, in
 * exactly the form pino gives a line (level, time, the logger's base, the fields, `msg`), and
 * written to the logger's own destination. Doing it by hand costs a fraction of pino's generic
 * formatting. A logger whose destination is not known (one made outside `createLogger`) gets the
 * line through its own methods instead.
 */
export class RequestLog {
  constructor(private readonly logger: Logger) {}

  write(level: keyof typeof LEVELS, line: RequestLogLine): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const destination = destinationOf(this.logger);
    if (destination === undefined) {
      this.logger[level](line, 'request');
      return;
    }
    const client = line.client === undefined ? '' : `,"client":${json(line.client)}`;
    destination.write(
      `{"level":${LEVELS[level]},"time":${Date.now()},"service":"vitrine","requestId":${json(line.requestId)},"method":${json(line.method)},"route":${json(line.route)},"path":${json(line.path)},"status":${line.status},"ms":${line.ms}${client},"msg":"request"}\n`,
    );
  }
}
