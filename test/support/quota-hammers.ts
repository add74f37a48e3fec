import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RedisTarget } from '../../src/adapters/redis/redis-connection.js';
import type { RateLimit } from '../../src/domain/auth/rate-limit.js';

const HAMMER = fileURLToPath(new URL('./quota-hammer.mjs', import.meta.url));

/**
 * `processes` instances (child processes on the built service) hammering one token's quota at
 * once through Redis, each sending `requests` with `concurrency` at a time: what each admitted.
 */
export async function hammerQuota(
  target: RedisTarget,
  keyPrefix: string,
  limit: RateLimit,
  { processes, requests, concurrency }: { processes: number; requests: number; concurrency: number },
): Promise<{ admitted: number; refused: number }[]> {
  // The processes take a moment to start: they all begin at once, two seconds from now.
  const settings = JSON.stringify({ target, keyPrefix, limit, requests, concurrency, startAt: Date.now() + 2_000 });
  return Promise.all(
    Array.from(
      { length: processes },
      () =>
        new Promise<{ admitted: number; refused: number }>((done, fail) =>
          execFile(process.execPath, [HAMMER, settings], { timeout: 30_000 }, (error, stdout, stderr) =>
            error === null ? done(JSON.parse(stdout)) : fail(new Error(`${error.message}\n${stderr}`)),
          ),
        ),
    ),
  );
}
