/** Starts the real Koa app on a free loopback port, with a fake clock, for HTTP tests. */
import { randomUUID } from 'node:crypto';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import { createHttpServer } from '../../src/adapters/http/http-server.js';
import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import { MongoClient } from 'mongodb';
import { expect, inject } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { openApiDocument } from '../../src/adapters/http/openapi/openapi-document.js';
import { ApiRoutesToken, createRequestHandler } from '../../src/composition/adapters/http.js';
import { resolve } from '../../src/composition/resolve.js';
import { EnsureBootstrapToken } from '../../src/application/auth/ensure-bootstrap-token.js';
import { IssueToken } from '../../src/application/auth/issue-token.js';
import type { Scope } from '../../src/domain/auth/scopes.js';
import { parseConfig } from '../../src/composition/config.js';
import { createContainer, type Overrides } from '../../src/composition/container.js';
import { startResources, stopResources } from '../../src/composition/lifecycle.js';
import { prepareInstance } from '../../src/composition/start.js';
import { ApiConformance } from './api-conformance.js';
import { T0 } from './mothers.js';
import './provided.js';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { override } from '../../src/composition/overrides.js';

export const ADMIN_SECRET = 'vtr_test-admin-secret-0123456789abcdefghijklmnop';

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by assertions, not types
  readonly json: any;
}

export interface RequestOptions {
  /** The X-Service-APP-Token value; `null` sends none. Default: the admin token. */
  readonly token?: string | null;
  /** Sent as JSON with Content-Type: application/json. */
  readonly body?: unknown;
  /** Sent as is, with whatever headers are given. */
  readonly rawBody?: string | Buffer;
  readonly headers?: Record<string, string>;
}

export interface TestServer {
  readonly baseUrl: string;
  readonly container: Container;
  readonly clock: FakeClock;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A new token with exactly these scopes. */
  tokenWith(scopes: readonly Scope[], expiresAt?: Date): Promise<string>;
  close(): Promise<void>;
}

/**
 * The configuration of this test project: the embedded default, or (when the project provides
 * them) MongoDB with a database of its own and Redis with a key prefix of its own, so test files
 * running side by side never see each other's data.
 */
function projectEnv(): { env: Record<string, string>; database?: { uri: string; name: string } } {
  const env: Record<string, string> = {};
  let database: { uri: string; name: string } | undefined;
  const run = randomUUID().slice(0, 8);
  if (inject('stores') === 'mongodb') {
    database = { uri: inject('mongoUri'), name: `vitrine_test_${run}` };
    Object.assign(env, { MONGODB_URI: database.uri, MONGODB_DB: database.name });
  }
  if (inject('cache') === 'redis') Object.assign(env, { REDIS_URL: inject('redisUrl'), REDIS_KEY_PREFIX: `test:${run}:` });
  return database === undefined ? { env } : { env, database };
}

let conformance: ApiConformance | undefined;

export async function startTestServer(
  options: { clock?: FakeClock; overrides?: Overrides; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const clock = options.clock ?? new FakeClock(T0);
  const project = projectEnv();
  // Tests send many requests and many bad tokens from one address: limits only where a test sets them.
  const limits = { RATE_LIMIT: '1000000000/1s', AUTH_FAILURE_LIMIT: '1000000000/1s', PUBLISHABLE_ADDRESS_LIMIT: '1000000000/1s' };
  const config = parseConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...limits, ...project.env, ...options.env });
  const container = createContainer(config, [override(ClockToken, clock), ...(options.overrides ?? [])]);
  await startResources(container);
  await resolve(container, EnsureBootstrapToken).execute(ADMIN_SECRET);
  // DEMO_DATA: 'true' loads the demo shop, as `npm start` does, relative to the clock.
  if (config.demoData) await prepareInstance(container, config);
  const server: Server = createHttpServer(createRequestHandler(container), config.server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  conformance ??= new ApiConformance(openApiDocument(resolve(container, ApiRoutesToken)));
  const described = conformance;

  let issued = 0;
  return {
    baseUrl,
    container,
    clock,
    async request(method, path, { token = ADMIN_SECRET, body, rawBody, headers = {} } = {}) {
      const sent: Record<string, string> = { ...headers };
      if (token !== null) sent['X-Service-APP-Token'] = token;
      let payload: string | Buffer | undefined = rawBody;
      if (body !== undefined) {
        payload = JSON.stringify(body);
        sent['Content-Type'] ??= 'application/json';
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers: sent, body: payload });
      const text = await response.text();
      let json: unknown;
      try {
        json = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const answer = { status: response.status, headers: response.headers, text, json };
      const problem = described.problemWith({
        method,
        path,
        status: answer.status,
        contentType: response.headers.get('content-type'),
        json,
      });
      if (problem !== undefined) throw new Error(`${method} ${path}: the API description does not hold: ${problem}`);
      return answer;
    },
    async tokenWith(scopes, expiresAt) {
      const { secret } = await resolve(container, IssueToken).execute({ name: `test token ${++issued}`, scopes, expiresAt });
      return secret;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await stopResources(container);
      if (project.database !== undefined) await dropDatabase(project.database);
    },
  };
}

/** The members every problem answer has, checked together. */
export function expectProblem(response: TestResponse, status: number, code: string): void {
  expect({ status: response.status, contentType: response.headers.get('content-type') }).toEqual({
    status,
    contentType: 'application/problem+json',
  });
  expect(response.json).toMatchObject({ status, code, type: `urn:vitrine:problem:${code.toLowerCase().replaceAll('_', '-')}` });
  expect(typeof response.json.title).toBe('string');
}

async function dropDatabase({ uri, name }: { uri: string; name: string }): Promise<void> {
  const client = new MongoClient(uri);
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

/** A GET's bytes as sent, without the harness's check (fetch would ask for and undo compression itself). */
export function rawGet(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(`${server.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}
