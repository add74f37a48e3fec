/** For projects whose HTTP suites run with the Redis cache: one redis-server for the whole run. */
import type { TestProject } from 'vitest/node';
import './provided.js';
import { redisUnavailableReason, startRedisServer } from './redis-server.js';

export async function provideRedis(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.REDIS_URL) {
    project.provide('redisUrl', process.env.REDIS_URL);
    return undefined;
  }
  const reason = redisUnavailableReason();
  if (reason !== undefined) {
    if (process.env.REQUIRE_REDIS === '1') throw new Error(`REQUIRE_REDIS=1 but Redis cannot be had: ${reason}`);
    project.provide('skipReason', `Redis tests skipped: ${reason}, and no REDIS_URL`);
    return undefined;
  }
  const server = await startRedisServer();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}

export default async function setup(project: TestProject) {
  return provideRedis(project);
}
