// @ts-check
/**
 * `npm run bench`: the contract's hot reads, side by side with the machine's limit.
 *
 * In one run it starts (a) a raw node:http server that answers each endpoint with the very bytes
 * Vitrine answers, from a prebuilt Buffer (a POST's JSON body read and parsed first, as any server
 * must to know what is asked), and (b) Vitrine as `npm start` runs it (the built
 * service, on the embedded default; and again on Redis when a redis-server can be started), each
 * in a process of its own. With `--against=DIR` it also starts (c) the Vitrine built in another
 * checkout (`DIR/dist/main.js`, e.g. the code before a change), measured in the same rounds.
 *
 * Per endpoint, each server answers a fixed number of requests (autocannon, 50 connections, after
 * a warm-up), and the benchmark reads the server process's own CPU counters before and after
 * (Linux: the sum of its threads' run time in /proc/PID/task/TID/schedstat). CPU time per request
 * holds steady on a shared, noisy machine, where requests per second move by a third from run to
 * run; the goals are judged on it: every hot read at most 2× the raw server's CPU per request, on
 * the embedded default and on Redis alike.
 *
 * Where `taskset` exists, the servers run on the second core and the load generator on the first,
 * so neither is moved between cores mid-run. Each round starts fresh Vitrine processes (the same
 * code runs a few percent faster or slower from one process to the next) and measures the servers
 * in turn; a row shows each server's median CPU time per request, and the ratios are the medians
 * of each round's own ratios (the servers of one round ran seconds apart, on the same machine state).
 *
 * Options: --requests=30000 (per measured run), --warmup=10000 (requests), --connections=50,
 * --pipelining=1, --rate=N (requests a second in all, for every server alike: each then idles as
 * often between requests, so their CPU per request compares at one load rather than at each one's
 * most; without it, as fast as each answers), --rounds=7, --build=DIR (instead of this checkout), --against=DIR, --setups=embedded,redis,
 * --endpoints=WORD,..., --server-node-options='--cpu-prof --cpu-prof-dir=DIR' (more Node options for
 * every Vitrine measured, e.g. to see where its CPU goes; a profiler costs CPU too), --libraries=false (skip the hand-written parts), --builder=false (skip the
 * builder case), --slice=false (skip opening a 500-product slice), --events=false (skip the events case), --shopper=false (skip the shopper case), --json=FILE.
 *
 * Then it measures, in context, what the parts Vitrine writes by hand would cost with the libraries
 * they stand for (bench/hand-written-parts.mjs), and the builder's calls on a collection of 1,000
 * slices (bench/builder.mjs), a 500-product slice opened as the builder opens it
 * (bench/slice-opening.mjs), shopper events through their batch route (bench/events.mjs), and a
 * shopper's similar-products lookup in the engine at 100,000 products (bench/shopper-lookup.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measureBuilder } from './builder.mjs';
import { measureEventIngestion } from './events.mjs';
import { measureHandWrittenParts } from './hand-written-parts.mjs';
import { measureSliceOpening } from './slice-opening.mjs';
import { commandLineOptions } from './options.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const options = commandLineOptions();
const REQUESTS = Number(options.requests ?? 30_000);
const WARMUP = Number(options.warmup ?? 10_000);
const CONNECTIONS = Number(options.connections ?? 50);
const PIPELINING = Number(options.pipelining ?? 1);
/** Requests a second in all (autocannon's overallRate), the same for every server; undefined: as fast as each answers. */
const RATE = options.rate === undefined ? undefined : Number(options.rate);
const ROUNDS = Number(options.rounds ?? 7);
const AGAINST = options.against === undefined ? undefined : resolve(String(options.against));
/** The Vitrine measured: this checkout's build, or another's (`--build=DIR`). */
const BUILD = options.build === undefined ? ROOT : resolve(String(options.build));
const SETUPS = String(options.setups ?? 'embedded,redis').split(',');
/** More Node options for every Vitrine measured (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: where its CPU goes). */
const SERVER_NODE_OPTIONS = String(options['server-node-options'] ?? '')
  .split(' ')
  .filter((option) => option !== '');
/** Whether to measure the hand-written hot parts against the libraries they stand for (`--libraries=false`: not). */
const LIBRARIES = options.libraries !== 'false';
/** Only the endpoints whose names contain one of these words (`--endpoints=similar,profile`). */
const ONLY = options.endpoints === undefined ? undefined : String(options.endpoints).split(',');
const ADMIN = `vtr_bench_${randomBytes(24).toString('base64url')}`;
/** The goal: Vitrine's CPU per request at most this many times the raw server's. */
const CPU_GOAL = 2;
/** A shopper's similar products compose their answer for each request (issue 19): at most this many times. */
const SHOPPER_CPU_GOAL = 2.5;
/**
 * The goal of an endpoint; none for a shopper in a visit (its answer is composed from the visit's
 * past sessions for each request: measured, with the engine's own goal in bench/shopper-lookup.mjs).
 * @param {string} endpoint
 */
const goalOf = (endpoint) =>
  endpoint.includes('visit') ? Number.POSITIVE_INFINITY : endpoint.includes('(shopper') ? SHOPPER_CPU_GOAL : CPU_GOAL;

/** The core the servers run on, and the one the load generator runs on, when the machine can pin them. */
const PIN =
  spawnSync('taskset', ['-c', '0', 'true']).status === 0 && cpus().length >= 2 ? { servers: '1', load: '0' } : undefined;

/** @type {{ stop(): Promise<void> }[]} */
const running = [];
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

async function main() {
  if (cpuNanoseconds(process.pid) === undefined) throw new Error('CPU time per process needs Linux (/proc/PID/task/*/schedstat)');
  if (AGAINST !== undefined && !existsSync(join(AGAINST, 'dist/main.js')))
    throw new Error(`${AGAINST}/dist/main.js: build it first`);
  if (PIN !== undefined) spawnSync('taskset', ['-p', '-c', PIN.load, String(process.pid)]);
  const machine = describeMachine();
  console.log(`Vitrine benchmark on ${machine.cpu} (${machine.cores} cores), Node ${process.version}`);
  console.log(
    `${CONNECTIONS} connections, ${RATE === undefined ? 'as fast as each answers' : `${RATE} requests a second`}, ` +
      `${WARMUP} warm-up requests, ${REQUESTS} measured requests per run, ${ROUNDS} round(s)` +
      (AGAINST === undefined ? '' : `, against ${AGAINST}`) +
      (PIN === undefined ? '' : `, servers on core ${PIN.servers}, load on core ${PIN.load}`) +
      '\n',
  );

  const results = [];
  for (const setup of SETUPS) {
    /** @type {Record<string, string>} */
    let env = {};
    if (setup === 'redis') {
      const redis = await startRedis();
      if (redis === undefined) {
        console.log('(Vitrine on Redis not measured: no redis-server could be started here.)');
        continue;
      }
      env = { REDIS_URL: redis.url };
    } else if (setup !== 'embedded') throw new Error(`unknown setup ${setup}: embedded or redis`);
    results.push(...(await measureSetup(setup, env)));
    await stopAll();
  }

  printTable(results);
  const profileRead = results.find((r) => r.setup === 'embedded' && r.endpoint === 'profile by id');
  const libraries = LIBRARIES ? await measureHandWrittenParts(BUILD, profileRead?.vitrine.cpuUs) : [];
  const builder = options.builder === 'false' ? [] : await measureBuilder((env) => startVitrine(BUILD, env));
  const sliceOpening = options.slice === 'false' ? [] : await measureSliceOpening((env) => startVitrine(BUILD, env));
  const events = options.events === 'false' ? undefined : await measureEventIngestion((env) => startVitrine(BUILD, env));
  if (options.shopper !== 'false') measureShopperLookups();
  const missed = results.filter((r) => r.cpuRatio > goalOf(r.endpoint) || r.errors > 0);
  console.log(
    missed.length === 0
      ? `\nEvery hot read at most ${CPU_GOAL}× (a shopper's similar products ${SHOPPER_CPU_GOAL}×) the raw server's CPU per request, on the embedded default and on Redis.`
      : `\nGoal (≤ ${CPU_GOAL}×, a shopper's similar products ${SHOPPER_CPU_GOAL}×, the raw server's CPU per request) missed: ${missed
          .map((r) => `${r.setup}: ${r.endpoint} ${r.cpuRatio.toFixed(2)}×${r.errors > 0 ? ` (${r.errors} errors)` : ''}`)
          .join('; ')}`,
  );
  if (options.json !== undefined) {
    writeFileSync(
      String(options.json),
      JSON.stringify(
        {
          machine,
          options: { REQUESTS, WARMUP, CONNECTIONS, ROUNDS, AGAINST },
          results,
          libraries,
          builder,
          sliceOpening,
          events,
        },
        null,
        2,
      ),
    );
  }
}

/** The shopper case, in a process of its own (it holds a 100,000-product shop and its sessions). */
function measureShopperLookups() {
  console.log('\nShopper lookups in the engine (bench/shopper-lookup.mjs):');
  const run = spawnSync(process.execPath, ['--max-old-space-size=8192', join(ROOT, 'bench/shopper-lookup.mjs')], {
    stdio: 'inherit',
  });
  if (run.status !== 0) console.log(`the shopper case failed (exit ${run.status})`);
}

/**
 * The endpoints, with the data they need made through the API: 500 catalog products, a collection
 * whose active slice holds all of them (with a filter, so active flags vary), the demo profiles,
 * and a token for the storefront whose own rate limit is far above what the run sends (so the
 * limit is counted on every request, and never refuses one).
 * @param {Vitrine} vitrine
 */
async function prepare({ url: base, token }) {
  const admin = { 'X-Service-APP-Token': token, 'Content-Type': 'application/json' };
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
  // Shoppers' sessions over the products (so answers learn from behaviour), and one session of 20
  // views ending on BENCH-001: the realistic shopper's request composes its answer from it.
  const events = [];
  for (let s = 0; s < 400; s++) {
    for (let step = 0; step < 8; step++) {
      events.push({ type: 'view', productId: ids[(s * 37 + step * (1 + (s % 5))) % ids.length], sessionId: `bench-s-${s}` });
    }
  }
  for (let step = 0; step < 20; step++) {
    events.push({
      type: 'view',
      productId: step === 19 ? 'BENCH-001' : ids[(step * 53 + 7) % ids.length],
      sessionId: 'bench-visit',
    });
  }
  for (let i = 0; i < events.length; i += 1000)
    await call('POST', '/api/v1/events/protected/batch', { events: events.slice(i, i + 1000) });
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
  const endpoints = [
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
    {
      // A demo shopper with recent events, purchases and a profile: the answer is re-ranked for them.
      name: 'similar products (shopper)',
      method: 'POST',
      path: '/api/v1/products/protected/similar',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: 'up_bruno_lima', sessionId: 'bench-session', data: { id: 'BENCH-001' } }),
    },
    {
      // The same shopper in a visit of 20 views: the answer is composed from the visit for each request.
      name: 'similar products (shopper, 20-view visit)',
      method: 'POST',
      path: '/api/v1/products/protected/similar',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: 'up_bruno_lima', sessionId: 'bench-visit', data: { id: 'BENCH-001' } }),
    },
  ];
  return ONLY === undefined ? endpoints : endpoints.filter((e) => ONLY.some((word) => e.name.includes(word)));
}

/**
 * One setup: `ROUNDS` rounds, each with fresh Vitrine processes (this build, and the other one with
 * `--against`), since the same code runs a few percent faster or slower from one process to the
 * next (what the JIT and the heap make of it). In each round every endpoint is measured on each
 * server in turn, after a warm-up; the raw server answers the bytes this build answered.
 * @param {string} setup @param {Record<string, string>} env
 */
async function measureSetup(setup, env) {
  const raw = await startRaw();
  /** @type {Map<string, Record<string, Run[]>>} */
  const runs = new Map();
  /** @type {any[]} */
  let names = [];
  for (let round = 0; round < ROUNDS; round++) {
    process.stdout.write(`${setup}: round ${round + 1}/${ROUNDS} `);
    const vitrine = await startVitrine(BUILD, env);
    const endpoints = await prepare(vitrine);
    names = endpoints.map((e) => e.name);
    if (round === 0) await raw.load(await Promise.all(endpoints.map((e) => answerOf(vitrine.url, e))));
    const before = AGAINST === undefined ? undefined : await startVitrine(AGAINST, env);
    // Each Vitrine is called with a token of its own; the raw server takes any.
    const endpointsOf = {
      raw: endpoints,
      vitrine: endpoints,
      before: before === undefined ? undefined : await prepare(before),
    };
    const servers = /** @type {[string, Server][]} */ (
      Object.entries({ raw, vitrine, before }).filter(([, server]) => server !== undefined)
    );
    for (const [, server] of servers) await idle(server);
    for (const [index, name] of names.entries()) {
      /** @type {Record<string, Run[]>} */
      const byServer = runs.get(name) ?? {};
      runs.set(name, byServer);
      for (const [server, where] of servers) await run(where, endpointsOf[/** @type {'raw'} */ (server)]?.[index], WARMUP);
      for (const [server, where] of servers) {
        (byServer[server] ??= []).push(await run(where, endpointsOf[/** @type {'raw'} */ (server)]?.[index], REQUESTS));
      }
      process.stdout.write('.');
    }
    await vitrine.stop();
    await before?.stop();
    process.stdout.write('\n');
  }
  return names.map((name) => rowOf(setup, name, runs.get(name) ?? {}));
}

/**
 * A row of the table: each server's median CPU time per request over the rounds, and the ratios
 * as the medians of each round's own ratios (the servers of one round ran seconds apart).
 * @param {string} setup @param {string} endpoint @param {Record<string, Run[]>} runs
 */
function rowOf(setup, endpoint, runs) {
  const raw = median(runs.raw ?? []);
  const vitrine = median(runs.vitrine ?? []);
  const before = runs.before === undefined ? undefined : median(runs.before);
  const cpuRatio = medianOf((runs.vitrine ?? []).map((run, round) => run.cpuUs / (runs.raw?.[round]?.cpuUs ?? NaN)));
  const change =
    runs.before === undefined
      ? undefined
      : medianOf((runs.vitrine ?? []).map((run, round) => run.cpuUs / (runs.before?.[round]?.cpuUs ?? NaN) - 1));
  // Any failed request (a wrong token, a timeout) makes the row meaningless: counted over every server and run.
  const errors = Object.values(runs)
    .flat()
    .reduce((sum, r) => sum + r.errors, 0);
  console.log(
    `${setup}: ${endpoint}: raw ${raw.cpuUs.toFixed(1)} µs, Vitrine ${vitrine.cpuUs.toFixed(1)} µs (${cpuRatio.toFixed(2)}×)` +
      (before === undefined || change === undefined
        ? ''
        : `, before ${before.cpuUs.toFixed(1)} µs (${(change * 100).toFixed(1)}%)`),
  );
  return { setup, endpoint, raw, vitrine, before, cpuRatio, change, errors, rounds: runs };
}

/**
 * @typedef {{ url: string, pid: number, stop(): Promise<void> }} Server
 * @typedef {Server & { token: string }} Vitrine a Vitrine, with the token the benchmark's own calls use
 * @typedef {{ cpuUs: number, rate: number, p50: number, p99: number, errors: number }} Run
 */

/** `amount` requests to one server, with its CPU time per request. @param {Server} server @param {any} endpoint @param {number} amount @returns {Promise<Run>} */
async function run(server, endpoint, amount) {
  const cpuBefore = cpuNanoseconds(server.pid) ?? 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${server.url}${endpoint.path}`,
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
    connections: CONNECTIONS,
    pipelining: PIPELINING,
    ...(RATE === undefined ? {} : { overallRate: RATE }),
    amount,
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuNanoseconds(server.pid) ?? 0;
  const answered = result.requests.total;
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    cpuUs: (cpuAfter - cpuBefore) / 1000 / Math.max(1, answered),
    rate: answered / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

/**
 * Waits until a server has finished what it does in the background (the similarity engine
 * computing the lists of the products just written): its CPU time grows by less than 1% over a
 * quarter of a second. @param {Server} server
 */
async function idle(server) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = cpuNanoseconds(server.pid) ?? 0;
    await new Promise((done) => setTimeout(done, 250));
    const used = (cpuNanoseconds(server.pid) ?? 0) - before;
    if (used < 2_500_000 || Date.now() > deadline) return;
  }
}

/**
 * CPU time a process has used so far, in nanoseconds: the run time of each of its threads (the
 * first field of /proc/PID/task/TID/schedstat), summed. Undefined where /proc does not tell.
 * @param {number} pid
 */
function cpuNanoseconds(pid) {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended between the listing and the read
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/** @param {number[]} values */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor(sorted.length / 2)]);
}

/** The run with the median CPU time per request. @param {Run[]} runs */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.cpuUs - b.cpuUs);
  return /** @type {Run} */ (sorted[Math.floor(sorted.length / 2)]);
}

/** What Vitrine answers to an endpoint: the bytes the raw server will answer with. @param {string} base @param {any} endpoint */
async function answerOf(base, endpoint) {
  const response = await fetch(`${base}${endpoint.path}`, {
    method: endpoint.method,
    headers: endpoint.headers,
    body: endpoint.body,
  });
  if (response.status !== 200) throw new Error(`${endpoint.name}: ${response.status} ${await response.text()}`);
  return { path: endpoint.path, method: endpoint.method, request: endpoint.body, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Vitrine as `npm start` runs it: the service built in `root`, in a process of its own, logging
 * every request at `info` (read and dropped), demo data loaded; with a token for the benchmark's own
 * calls. It is ready when it logs that it listens, which it does once the instance is prepared (the
 * bootstrap token made, the demo data loaded): /health/ready answers as soon as the port is open,
 * while the bootstrap token may not exist yet (a call with it then is refused, and its secret
 * remembered as unknown for a minute) and the demo profiles may still be loading.
 * @param {string} root @param {Record<string, string>} env @returns {Promise<Vitrine>}
 */
async function startVitrine(root, env) {
  const port = await freePort();
  const child = spawn(...pinned(process.execPath, [...SERVER_NODE_OPTIONS, 'dist/main.js']), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOOTSTRAP_ADMIN_TOKEN: ADMIN,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  running.push({ stop });
  await new Promise((done, fail) => {
    const stdout = /** @type {import('node:stream').Readable} */ (child.stdout);
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`Vitrine on port ${port} did not start within 60 s`)), 60_000);
    const watch = (/** @type {Buffer} */ chunk) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (!seen.includes('"msg":"Vitrine is listening')) return;
      clearTimeout(timer);
      stdout.off('data', watch);
      stdout.resume(); // the request log lines from here on are dropped
      done(undefined);
    };
    stdout.on('data', watch);
    child.once('exit', () => fail(new Error(`Vitrine on port ${port} ended before it listened`)));
  });
  return { url, pid: /** @type {number} */ (child.pid), stop, token: await benchToken(url) };
}

/**
 * The token the benchmark makes its data and its builder and events calls with: the bootstrap
 * token's scopes, and a rate limit of its own that no run reaches. Under the default one
 * (RATE_LIMIT, 600 a second) a fast machine's setup calls, such as the builder case's 999 slices
 * created one after another, would be refused with 429 and end the run. The scopes are read from
 * the token list, which the new process's store answers (tokens/self would look the token up by
 * the id Redis still caches from the round before, a token the fresh in-memory store never held).
 * @param {string} url
 */
async function benchToken(url) {
  const admin = { 'X-Service-APP-Token': ADMIN, 'Content-Type': 'application/json' };
  const listed = await fetch(`${url}/api/v1/admin/protected/tokens`, { headers: admin });
  if (!listed.ok) throw new Error(`the token list: ${listed.status} ${await listed.text()}`);
  const bootstrap = (await listed.json()).tokens.find((/** @type {{ name: string }} */ t) => t.name === 'bootstrap-admin');
  if (bootstrap === undefined) throw new Error('the token list holds no bootstrap-admin token');
  const { scopes } = bootstrap;
  const issued = await fetch(`${url}/api/v1/admin/protected/tokens`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: 'bench', scopes, rateLimit: { requests: 1_000_000_000, windowSeconds: 1 } }),
  });
  if (!issued.ok) throw new Error(`the benchmark's token: ${issued.status} ${await issued.text()}`);
  return /** @type {string} */ ((await issued.json()).token);
}

/**
 * The machine's limit: node:http answering each request with a prebuilt Buffer, nothing else. A GET
 * is looked up by its path; a POST's JSON body is read and parsed first (any server must, to know
 * what is asked: the three similar-products rows share one path), and looked up by its path and the
 * body as parsed. Until 2026-12-08 the raw server answered a POST without reading its body.
 */
async function startRaw() {
  const port = await freePort();
  const source = `
    const { createServer } = require('node:http');
    let answers = new Map();
    process.on('message', (list) => { answers = new Map(list.map((a) => [keyOf(a.method, a.path, a.request), Buffer.from(a.body, 'base64')])); process.send('loaded'); });
    function keyOf(method, path, body) { return body === undefined ? method + ' ' + path : method + ' ' + path + ' ' + JSON.stringify(JSON.parse(body)); }
    function reply(res, body) {
      if (body === undefined) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }
    createServer((req, res) => {
      if (req.method !== 'POST') return reply(res, answers.get(req.method + ' ' + req.url));
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        let key;
        try { key = keyOf(req.method, req.url, Buffer.concat(chunks).toString('utf8')); } catch { key = ''; }
        reply(res, answers.get(key));
      });
    }).listen(${port}, '127.0.0.1', () => process.send('listening'));
  `;
  const child = spawn(...pinned(process.execPath, ['-e', source]), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const stop = stopper(child);
  running.push({ stop });
  await new Promise((done) => child.once('message', done));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: /** @type {number} */ (child.pid),
    stop,
    /** @param {{ path: string, method: string, request?: string, body: Buffer }[]} answers */
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
    { stdio: 'ignore' },
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

/**
 * A server's command, on the servers' core when pinning is possible (`taskset` execs the command,
 * so the process measured is the server itself).
 * @param {string} command @param {string[]} args @returns {[string, string[]]}
 */
function pinned(command, args) {
  return PIN === undefined ? [command, args] : ['taskset', ['-c', PIN.servers, command, ...args]];
}

/** @param {import('node:child_process').ChildProcess} child */
function stopper(child) {
  let stopping = false;
  // A server that ends before the benchmark stops it says so: otherwise only a failed request would tell.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`\n${child.spawnargs.join(' ')} (pid ${child.pid}) ended by itself: ${signal ?? `exit ${code}`}`);
  });
  return async () => {
    stopping = true;
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
  const withBefore = results.some((r) => r.before !== undefined);
  const us = (/** @type {number} */ value) => `${value.toFixed(1)} µs`;
  const ms = (/** @type {number} */ value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  const header = [
    'setup',
    'endpoint',
    'raw CPU/req',
    'Vitrine CPU/req',
    'CPU ratio',
    ...(withBefore ? ['before CPU/req', 'change'] : []),
    'raw req/s',
    'Vitrine req/s',
    'p50',
    'p99',
    'errors',
    'goal',
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`,
    ...results.map((r) => {
      const cells = [
        r.setup,
        r.endpoint,
        us(r.raw.cpuUs),
        us(r.vitrine.cpuUs),
        `${r.cpuRatio.toFixed(2)}×`,
        ...(withBefore
          ? [r.before === undefined ? '' : us(r.before.cpuUs), r.change === undefined ? '' : `${(r.change * 100).toFixed(1)}%`]
          : []),
        Math.round(r.raw.rate),
        Math.round(r.vitrine.rate),
        ms(r.vitrine.p50),
        ms(r.vitrine.p99),
        r.errors,
        Number.isFinite(goalOf(r.endpoint))
          ? `≤ ${goalOf(r.endpoint)}× ${r.cpuRatio <= goalOf(r.endpoint) && r.errors === 0 ? 'met' : 'missed'}`
          : '',
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
  console.log(`\n${lines.join('\n')}`);
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
