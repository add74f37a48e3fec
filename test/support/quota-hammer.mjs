// @ts-check
/**
 * One instance hammering one token's quota through the built RedisRequestLimiter (`npm run build`
 * first): `node quota-hammer.mjs '{"target":…,"keyPrefix":…,"limit":…,"requests":…,"concurrency":…,"startAt":…}'`
 * (startAt: when to start, in Date.now() milliseconds).
 * Prints what it admitted and refused, as JSON, when every request has been counted.
 */
import { createLogger } from '../../dist/adapters/logging/logger.js';
import { RedisConnection } from '../../dist/adapters/redis/redis-connection.js';
import { RedisRequestLimiter } from '../../dist/adapters/rate-limit/redis-request-limiter.js';

const { target, keyPrefix, limit, requests, concurrency, startAt } = JSON.parse(process.argv[2] ?? '{}');
const logger = createLogger('silent');
const connection = new RedisConnection({ target, keyPrefix, commandTimeoutMs: 1_000 }, logger);
const limiter = new RedisRequestLimiter(connection, logger);
await connection.start();
// Every process starts hammering at the same instant, whenever it was ready.
await new Promise((done) => setTimeout(done, Math.max(0, startAt - Date.now())));
let [sent, admitted, refused] = [0, 0, 0];
async function client() {
  while (sent < requests) {
    sent++;
    const state = await limiter.consume('token:hammered', limit);
    if (state.consumed <= limit.requests) admitted++;
    else refused++;
  }
}
await Promise.all(Array.from({ length: concurrency }, client));
await connection.stop();
process.stdout.write(JSON.stringify({ admitted, refused }));
