// @ts-check
/**
 * `npm run bench`: the contract's hot reads, side by side with the machine's limit.
 *
 * In one run it starts (a) a raw node:http server that answers each endpoint with the very bytes
 * Vitrine answers, from a prebuilt Buffer, and (b) Vitrine as `npm start` runs it (the built
 * service, on the embedded default; and again on Redis when a redis-server can be started), each
 * in a process of its own. It drives every endpoint of each with autocannon from this process
 * (50 connections, a warm-up, then the measured run) and prints, per endpoint: requests per
 * second, latency p50 and p99, errors, and the ratio to (a).
 *
 * Options: --duration=10 (seconds measured), --warmup=3, --connections=50, --rounds=1 (each round
 * measures raw and Vitrine again, alternately; the table shows the median), --json=FILE.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const options = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const DURATION = Number(options.duration ?? 10);
const WARMUP = Number(options.warmup ?? 3);
const CONNECTIONS = Number(options.connections ?? 50);
const ROUNDS = Number(options.rounds ?? 1);
const ADMIN = `vtr_bench_${randomBytes(24).toString('base64url')}`;
const GOALS = { 'active slice (500 products)': 0.7, 'profile by id': 0.5, 'similar products': 0.5 };

/** @type {{ stop(): Promise<void> }[]} */
const running = [];
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

async function main() {
  const machine = describeMachine();
  console.log(`Vitrine benchmark on ${machine.cpu} (${machine.cores} cores), Node ${process.version}`);
  console.log(`${CONNECTIONS} connections, ${WARMUP} s warm-up, ${DURATION} s measured, ${ROUNDS} round(s)\n`);

  const results = [];
  const embedded = await startVitrine({});
  const endpoints = await prepare(embedded.url);
  const raw = await startRaw(endpoints);
  results.push(...(await measure('embedded', raw, embedded, endpoints)));
  await embedded.stop();

  const redis = await startRedis();
  if (redis === undefined) {
    console.log('\n(Vitrine on Redis not measured: no redis-server could be started here.)');
  } else {
    const onRedis = await startVitrine({ REDIS_URL: redis.url });
    const redisEndpoints = await prepare(onRedis.url);
    results.push(...(await measure('with Redis', raw, onRedis, redisEndpoints)));
    await onRedis.stop();
  }
  await stopAll();

  printTable(results);
  const missed = results.filter((r) => r.setup === 'embedded' && r.goal !== undefined && (r.ratio < r.goal || r.errors > 0));
  console.log(
    missed.length === 0
      ? '\nEvery goal met on the embedded default.'
      : `\nGoals missed: ${missed.map((r) => `${r.endpoint} ${r.ratio.toFixed(2)} < ${r.goal}${r.errors > 0 ? ` (${r.errors} errors)` : ''}`).join('; ')}`,
  );
  if (options.json !== undefined) {
    writeFileSync(
      options.json,
      JSON.stringify({ machine, options: { DURATION, WARMUP, CONNECTIONS, ROUNDS }, results }, null, 2),
    );
  }
}

/**
 * The endpoints, with the data they need made through the API: 500 catalog products, a collection
 * whose active slice holds all of them (with a filter, so active flags vary), the demo profiles,
 * and a token for the storefront whose own rate limit is far above what the run sends (so the
 * limit is counted on every request, and never refuses one).
 * @param {string} base
 */
async function prepare(base) {
  const admin = { 'X-Service-APP-Token': ADMIN, 'Content-Type': 'application/json' };
  const call = async (/** @type {string} */ method, /** @type {string} */ path, /** @type {unknown} */ body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: admin,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const categories = ['vestidos', 'saias', 'sandalias', 'acessorios', 'praia'];
  const ids = Array.from({ length: 500 }, (_, i) => `BENCH-${String(i + 1).padStart(3, '0')}`);
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map((id, j) =>
        call('PUT', `/api/v1/products/protected/catalog/${id}`, {
          name: `Peça ${id}`,
          category: categories[(i + j) % categories.length],
          brand: (i + j) % 3 === 0 ? 'Aurora' : 'Maré',
          price: 79 + ((i + j) % 40) * 10,
          available: (i + j) % 7 !== 0,
          tags: [(i + j) % 2 === 0 ? 'verão' : 'básico'],
        }),
      ),
    );
  }
  const collection = await call('POST', '/api/v1/merchandising-collections/protected', {
    name: 'Vitrine principal',
    description: 'Quinhentos produtos no ar.',
  });
  await call('POST', `/api/v1/merchandising-collections/protected/${collection.id}/slices`, {
    name: 'Tudo',
    type: 'MANUAL',
    startsAt: '2020-01-01T00:00:00Z',
    filters: { availableOnly: true },
    products: ids,
  });
  const storefront = await call('POST', '/api/v1/admin/protected/tokens', {
    name: 'bench-storefront',
    scopes: ['profiles:read', 'products:read', 'collections:read'],
    rateLimit: { requests: 1_000_000_000, windowSeconds: 1 },
  });
  const headers = { 'X-Service-APP-Token': storefront.token };
  return [
    {
      name: 'active slice (500 products)',
      method: 'GET',
      path: `/api/v1/merchandising-collections/protected/${collection.id}`,
      headers,
    },
    { name: 'profile by id', method: 'GET', path: '/api/v1/crm/protected/profile/user-profile-id/up_ana_souza', headers },
    { name: 'profile by phone', method: 'GET', path: '/api/v1/crm/protected/profile/phone/11987654321', headers },
    {
      name: 'similar products',
      method: 'POST',
      path: '/api/v1/products/protected/similar',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: null, sessionId: 'bench-session', data: { id: 'BENCH-001' } }),
    },
  ];
}

/**
 * Each endpoint against the raw server and Vitrine: warm-up for both, then the measured runs,
 * alternating, `ROUNDS` times.
 * @param {string} setup @param {{ url: string, load(endpoints: any[]): Promise<void> }} raw
 * @param {{ url: string }} vitrine @param {any[]} endpoints
 */
async function measure(setup, raw, vitrine, endpoints) {
  await raw.load(await Promise.all(endpoints.map((e) => answerOf(vitrine.url, e))));
  const rows = [];
  for (const endpoint of endpoints) {
    process.stdout.write(`${setup}: ${endpoint.name} `);
    await run(raw.url, endpoint, WARMUP);
    await run(vitrine.url, endpoint, WARMUP);
    /** @type {any[]} */ const rawRuns = [];
    /** @type {any[]} */ const vitrineRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      rawRuns.push(await run(raw.url, endpoint, DURATION));
      vitrineRuns.push(await run(vitrine.url, endpoint, DURATION));
      process.stdout.write('.');
    }
    const limit = median(rawRuns);
    const measured = median(vitrineRuns);
    const ratio = measured.rate / limit.rate;
    process.stdout.write(` ${Math.round(measured.rate)} req/s, ${ratio.toFixed(2)} of the raw server\n`);
    rows.push({
      setup,
      endpoint: endpoint.name,
      raw: limit,
      vitrine: measured,
      ratio,
      goal: /** @type {any} */ (GOALS)[endpoint.name],
      errors: measured.errors,
    });
  }
  return rows;
}

/** @param {string} base @param {any} endpoint @param {number} duration */
async function run(base, endpoint, duration) {
  const result = await autocannon({
    url: `${base}${endpoint.path}`,
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
    connections: CONNECTIONS,
    duration,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** @param {{ rate: number }[]} runs */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.rate - b.rate);
  return /** @type {any} */ (sorted[Math.floor(sorted.length / 2)]);
}

/** What Vitrine answers to an endpoint: the bytes the raw server will answer with. @param {string} base @param {any} endpoint */
async function answerOf(base, endpoint) {
  const response = await fetch(`${base}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
  });
  if (response.status !== 200) throw new Error(`${endpoint.name}: ${response.status} ${await response.text()}`);
  return { path: endpoint.path, method: endpoint.method, body: Buffer.from(await response.arrayBuffer()) };
}

/** Vitrine as `npm start` runs it: the built service in a process of its own, its logs on /dev/null. @param {Record<string, string>} env */
async function startVitrine(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOOTSTRAP_ADMIN_TOKEN: ADMIN,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  running.push({ stop });
  await until(async () => (await fetch(`${url}/health/ready`)).ok, `Vitrine on port ${port}`);
  return { url, stop };
}

/** The machine's limit: node:http answering each path with a prebuilt Buffer, nothing else. */
async function startRaw() {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    let answers = new Map();
    process.on('message', (list) => { answers = new Map(list.map((a) => [a.method + ' ' + a.path, Buffer.from(a.body, 'base64')])); process.send('loaded'); });
    createServer((req, res) => {
      const body = answers.get(req.method + ' ' + req.url);
      if (body === undefined) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send('listening'));
  `;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const stop = stopper(child);
  running.push({ stop });
  await new Promise((done) => child.once('message', done));
  return {
    url: `http://127.0.0.1:${port}`,
    stop,
    /** @param {{ path: string, method: string, body: Buffer }[]} answers */
    async load(answers) {
      child.send(answers.map((a) => ({ ...a, body: a.body.toString('base64') })));
      await new Promise((done) => child.once('message', done));
    },
  };
}

/** A redis-server of this run's own, when the machine has one. */
async function startRedis() {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-bench-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
    },
  );
  const stopProcess = stopper(child);
  const stop = async () => {
    await stopProcess();
    rmSync(dir, { recursive: true, force: true });
  };
  running.push({ stop });
  const url = `redis://127.0.0.1:${port}`;
  const { Redis } = await import('ioredis');
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await until(async () => {
      await probe.connect().catch(() => {});
      return (await probe.ping()) === 'PONG';
    }, 'redis-server');
  } finally {
    probe.disconnect();
  }
  return { url, stop };
}

/** @param {import('node:child_process').ChildProcess} child */
function stopper(child) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
}

async function stopAll() {
  await Promise.all(running.splice(0).map((r) => r.stop()));
}

/** @param {() => Promise<boolean>} check @param {string} what */
async function until(check, what) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within 30 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function describeMachine() {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown CPU',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** @param {any[]} results */
function printTable(results) {
  const ms = (/** @type {number} */ value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  const lines = [
    '| setup | endpoint | raw req/s | Vitrine req/s | p50 | p99 | errors | ratio | goal |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results
      .map((r) =>
        [
          r.setup,
          r.endpoint,
          Math.round(r.raw.rate),
          Math.round(r.vitrine.rate),
          ms(r.vitrine.p50),
          ms(r.vitrine.p99),
          r.errors,
          r.ratio.toFixed(2),
          r.goal === undefined
            ? ''
            : `≥ ${r.goal}${r.setup === 'embedded' ? (r.ratio >= r.goal && r.errors === 0 ? ' met' : ' missed') : ''}`,
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ];
  console.log(`\n${lines.join('\n')}`);
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
