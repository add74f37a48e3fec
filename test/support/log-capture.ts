import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/adapters/logging/logger.js';

export interface CapturedLogs {
  readonly logger: Logger;
  /** Every line written so far, parsed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- log lines are checked by assertions
  lines(): any[];
  /** Everything written so far, as written. */
  text(): string;
}

/** A logger like the service's (same options), writing into memory instead of standard output. */
export function captureLogs(level: 'debug' | 'info' = 'debug'): CapturedLogs {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger(level, stream);
  const text = () => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as unknown),
  };
}
