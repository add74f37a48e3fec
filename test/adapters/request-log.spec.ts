import { describe, expect, it } from 'vitest';
import { PinoRequestLines, RequestLog, type RequestLogLine } from '../../src/adapters/logging/request-log.js';
import { captureLogs } from '../support/log-capture.js';

/** A line's fields but the time, as written. */
const withoutTime = (line: Record<string, unknown>) => ({ ...line, time: undefined });

describe('the request log line', () => {
  const lines: RequestLogLine[] = [
    {
      requestId: 'r-1',
      method: 'GET',
      route: '/api/v1/things/:id',
      path: '/api/v1/things/1',
      status: 200,
      ms: 1.25,
      client: 'storefront',
    },
    { requestId: 'r-2', method: 'GET', route: null, path: '/nowhere/"quoted"\\\u0001', status: 404, ms: 0.5 },
    {
      requestId: 'r-3',
      method: 'POST',
      route: '/api/v1/things',
      path: '/api/v1/things',
      status: 503,
      ms: 12,
      client: 'vitrine "ç" \u2028',
    },
    // The same texts again, the same path with another method and route, and one text where another stood: each line tells its own.
    {
      requestId: 'r-6',
      method: 'DELETE',
      route: '/api/v1/things/:id',
      path: '/api/v1/things/1',
      status: 204,
      ms: 2,
      client: 'storefront',
    },
    { requestId: 'r-7', method: 'DELETE', route: null, path: '/api/v1/things/1', status: 404, ms: 2 },
    {
      requestId: 'r-4',
      method: 'GET',
      route: '/api/v1/things/:id',
      path: '/api/v1/things/1',
      status: 200,
      ms: 1,
      client: 'storefront',
    },
    { requestId: 'r-5', method: 'GET', route: '/api/v1/things/:id', path: '/api/v1/things/2', status: 304, ms: 1, client: 'crm' },
  ];

  it('is written as pino writes it, texts needing escapes included, whether their JSON form was made before or not', () => {
    const handWritten = captureLogs('debug');
    const pino = captureLogs('debug');
    const mine = new RequestLog(handWritten.logger);
    const theirs = new PinoRequestLines(pino.logger);
    for (const line of lines) {
      mine.write(line.status >= 500 ? 'warn' : 'info', line);
      theirs.write(line.status >= 500 ? 'warn' : 'info', line);
    }
    expect(handWritten.lines().map(withoutTime)).toEqual(pino.lines().map(withoutTime));
    expect(handWritten.lines().map((l: { path: string; client?: string }) => [l.path, l.client])).toEqual(
      lines.map((l) => [l.path, l.client]),
    );
  });
});
