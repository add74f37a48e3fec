/**
 * What the parts of every request that Vitrine writes by hand (its request log line, its request
 * and cache-lookup series) would cost with the libraries they stand for (pino's own formatting,
 * prom-client's labelled metrics), measured in context: the service's own request handler, built
 * in this process from the embedded default with its demo data, answers the profile read (a hot
 * read) as shipped and with the library in that part's place, in interleaved batches (a slower
 * moment of the machine weighs on both alike). Requests reach the handler without a network (no
 * socket, no HTTP parsing: the same for both), so the difference is the part's own cost, set
 * against the server's whole CPU time per request of that read. A part is worth its hand-written
 * code only when the library would cost the read more than 3%.
 *
 * Measuring a part alone in a tight loop flatters a library: there pino's generic formatting is
 * hot in the caches and fully specialised; amid the rest of a request it is not (a tight loop
 * gave pino +0.5 µs a request, in context it costs 1.5-2 µs).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { openSync } from 'node:fs';

const ADMIN = 'vtr_bench_parts_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const PATH = '/api/v1/crm/protected/profile/user-profile-id/up_ana_souza';
const BATCH = 20_000;
const ROUNDS = 9;
const IN_FLIGHT = 10;
/** A hand-written part is kept only when its library would cost a hot read more than this share of its CPU. */
export const LIBRARY_THRESHOLD = 0.03;

/**
 * @param {string} build the Vitrine build measured (its `dist/`)
 * @param {number | undefined} requestUs the server's CPU time per request of the profile read, measured over HTTP
 */
export async function measureHandWrittenParts(build, requestUs) {
  const dist = (/** @type {string} */ path) => import(`${build}/dist/${path}`);
  const { parseConfig } = await dist('composition/config.js');
  const composition = await dist('composition/container.js');
  const { createContainer } = composition;
  const { LoggerToken } = await dist('adapters/logging/logger.js');
  const { CacheObserverToken } = await dist('domain/caching/cache-observer.js').catch(() =>
    dist('application/caching/answer-cache.js'),
  );
  const overrideTokens = { logger: LoggerToken, cacheObserver: CacheObserverToken };
  /** The overrides as the build takes them: a list of `override(token, value)`, or (builds before it) one object by name. */
  const overridesOf = (/** @type {Record<string, unknown>} */ named) =>
    composition.override === undefined
      ? named
      : Object.entries(named).map(([name, value]) => composition.override(overrideTokens[/** @type {'logger'} */ (name)], value));
  const { startResources, stopResources } = await dist('composition/lifecycle.js');
  const { prepareInstance } = await dist('composition/start.js');
  const { routesOf, PipelineToken } = await dist('composition/adapters/http.js');
  const { resolve } = await dist('composition/resolve.js');
  const { requestHandler } = await dist('adapters/http/request-handler.js');
  const { RequestObserver } = await dist('adapters/http/pipeline/observe.js');
  const { createLogger } = await dist('adapters/logging/logger.js');
  const { RequestLog, PinoRequestLines } = await dist('adapters/logging/request-log.js');
  const { MetricsToken, HTTP_BUCKETS } = await dist('adapters/metrics/prometheus-metrics.js');
  const { Counter, Histogram, Registry } = await import('prom-client');

  const config = parseConfig({ BOOTSTRAP_ADMIN_TOKEN: ADMIN, DEMO_DATA: 'true', LOG_LEVEL: 'info' });
  // Lines written as the service writes them to its standard output (sonic-boom, synchronous, 4 KB batches), to /dev/null.
  const logger = createLogger(
    'info',
    (await import('pino')).pino.destination({ dest: openSync('/dev/null', 'w'), sync: true, minLength: 4096 }),
  );
  const registers = [new Registry()];
  const lookups = new Counter({ name: 'lookups_total', help: 'l', labelNames: ['family', 'layer', 'result'], registers });
  const promCacheObserver = {
    lookedUp: (/** @type {string} */ family, /** @type {string} */ layer, /** @type {boolean} */ hit) =>
      lookups.inc({ family, layer, result: hit ? 'hit' : 'miss' }),
  };
  const labelNames = ['method', 'route', 'status'];
  const requests = new Counter({ name: 'requests_total', help: 'r', labelNames, registers });
  const latency = new Histogram({ name: 'request_seconds', help: 'r', labelNames, buckets: HTTP_BUCKETS, registers });
  const promRecorder = {
    observeRequest(
      /** @type {string} */ method,
      /** @type {string} */ route,
      /** @type {number} */ status,
      /** @type {number} */ seconds,
    ) {
      const labels = { method, route, status };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };

  /** A container as the service builds it, and a request handler over it with the observer given. */
  const built = async (/** @type {object} */ overrides) => {
    const container = createContainer(config, overridesOf({ logger, ...overrides }));
    await startResources(container);
    await prepareInstance(container, config);
    return container;
  };
  const shippedContainer = await built({});
  const promContainer = await built({ cacheObserver: promCacheObserver });
  const handlerOf = (/** @type {any} */ container, /** @type {(pipeline: any) => any} */ observer) => {
    const pipeline = resolve(container, PipelineToken);
    return requestHandler(routesOf(container), { ...pipeline, observer: observer(pipeline) });
  };
  const variants = {
    shipped: handlerOf(shippedContainer, (p) => p.observer),
    pino: handlerOf(
      shippedContainer,
      () => new RequestObserver(new PinoRequestLines(logger), resolve(shippedContainer, MetricsToken)),
    ),
    'prom-client': handlerOf(promContainer, () => new RequestObserver(new RequestLog(logger), promRecorder)),
  };
  const token = await storefrontToken(variants.shipped);
  const promToken = await storefrontToken(variants['prom-client']);
  const tokens = { shipped: token, pino: token, 'prom-client': promToken };

  /** @type {Record<string, number[]>} */
  const times = { shipped: [], pino: [], 'prom-client': [] };
  const names = /** @type {(keyof typeof variants)[]} */ (Object.keys(variants));
  for (const name of names) await drive(variants[name], tokens[name], BATCH);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const before = process.cpuUsage();
      await drive(variants[name], tokens[name], BATCH);
      const used = process.cpuUsage(before);
      times[name]?.push((used.user + used.system) / BATCH);
    }
  }
  await stopResources(shippedContainer);
  await stopResources(promContainer);

  const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const shippedUs = median(times.shipped);
  console.log(
    `\nHand-written parts against their libraries, in context (the profile read's handler in this process, ${ROUNDS} interleaved batches of ${BATCH};` +
      ` over HTTP that read costs ${requestUs?.toFixed(1) ?? '?'} µs a request):`,
  );
  console.log(`  as shipped: ${shippedUs.toFixed(2)} µs a request in the handler (median of the rounds)`);
  return ['pino', 'prom-client'].map((library) => {
    const lossUs = median(times[library].map((us, round) => us - (times.shipped[round] ?? NaN)));
    const share = requestUs === undefined ? NaN : lossUs / requestUs;
    const verdict = share > LIBRARY_THRESHOLD ? 'keep the hand-written parts' : `use ${library}`;
    console.log(
      `  ${library}: ${lossUs >= 0 ? '+' : ''}${lossUs.toFixed(2)} µs a request (median of the rounds' differences) = ` +
        `${(share * 100).toFixed(1)}% of the read → ${verdict}`,
    );
    return { library, shippedUs, libraryUs: median(times[library]), lossUs, share, verdict };
  });
}

/** A storefront token made through the handler (the admin token is the bootstrap one), far from its rate limit. */
async function storefrontToken(/** @type {any} */ handler) {
  const body = JSON.stringify({
    name: 'bench-storefront',
    scopes: ['profiles:read'],
    rateLimit: { requests: 1_000_000_000, windowSeconds: 1 },
  });
  const { status, text } = await exchange(handler, 'POST', '/api/v1/admin/protected/tokens', ADMIN, body);
  if (status !== 201) throw new Error(`creating the bench token: ${status} ${text}`);
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)).token;
}

/** Sends `amount` profile reads, IN_FLIGHT at a time, and checks every one was answered 200. */
async function drive(/** @type {any} */ handler, /** @type {string} */ token, /** @type {number} */ amount) {
  for (let sent = 0; sent < amount; sent += IN_FLIGHT) {
    const answers = await Promise.all(Array.from({ length: IN_FLIGHT }, () => exchange(handler, 'GET', PATH, token)));
    const bad = answers.find((a) => a.status !== 200);
    if (bad !== undefined) throw new Error(`profile read answered ${bad.status}: ${bad.text}`);
  }
}

/**
 * One request through the handler, without a network: a request as node:http makes it (headers
 * already parsed), a response that keeps what is written. Resolves with the status and what was written.
 * @param {any} handler @param {string} method @param {string} url @param {string} token @param {string} [body]
 * @returns {Promise<{ status: number, text: string }>}
 */
function exchange(handler, method, url, token, body) {
  return new Promise((done) => {
    const socket = { remoteAddress: '127.0.0.1', encrypted: false, readable: true, destroy() {}, on() {}, removeListener() {} };
    const req = new IncomingMessage(/** @type {any} */ (socket));
    req.method = method;
    req.url = url;
    /** @type {Record<string, string>} */
    const headers = { host: 'localhost', 'x-service-app-token': token, connection: 'keep-alive' };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
      req.push(body);
    }
    req.headers = headers;
    req.push(null);
    req.complete = true;
    const res = new ServerResponse(req);
    const end = res.end;
    res.end = /** @type {any} */ (
      function (/** @type {any[]} */ ...args) {
        const result = end.apply(this, /** @type {any} */ (args));
        const status = this.statusCode;
        const written =
          status === 200 ? '' : /** @type {any} */ (this).outputData?.map((/** @type {any} */ d) => String(d.data)).join('');
        done({ status, text: written ?? '' });
        return result;
      }
    );
    handler(req, res);
  });
}
