/**
 * For the project that runs the HTTP suites and the store contracts on MongoDB (with the Redis
 * cache): MONGODB_URI when set, else mongodb-memory-server when it can find or download a mongod
 * (MONGOMS_SYSTEM_BINARY, MONGOMS_VERSION, ...). Without one, the project's tests report skipped
 * with the reason; they never pass silently.
 */
import { MongoClient } from 'mongodb';
import type { TestProject } from 'vitest/node';
import { provideRedis } from './global-setup-redis.js';
import './provided.js';

async function answers(uri: string): Promise<string | undefined> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 3_000 });
  try {
    await client.db('admin').command({ ping: 1 });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    await client.close();
  }
}

/**
 * Runs `work` with mongodb-memory-server's own console output held back: when it cannot get a
 * mongod it writes a long stack; the reason is said once, in one line, by the caller.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { warn, error } = console;
  console.warn = () => {};
  console.error = () => {};
  try {
    return await work();
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

export default async function setup(project: TestProject) {
  const skip = (reason: string) => {
    const line = `MongoDB tests skipped: ${reason}`;
    console.log(line);
    project.provide('skipReason', line);
  };
  const uri = process.env.MONGODB_URI;
  let stopMongo: (() => Promise<unknown>) | undefined;
  if (uri) {
    const problem = await answers(uri);
    if (problem !== undefined) return skip(`MONGODB_URI does not answer (${problem})`);
    project.provide('mongoUri', uri);
  } else {
    try {
      const { MongoMemoryServer } = await import('mongodb-memory-server');
      const server = await quietly(() => MongoMemoryServer.create());
      project.provide('mongoUri', server.getUri());
      stopMongo = () => server.stop();
    } catch (error) {
      // A failed download says why in `msg` (e.g. getaddrinfo ENOTFOUND fastdl.mongodb.org).
      const why = (error as { msg?: unknown }).msg;
      const detail =
        typeof why === 'string' ? why : (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 160);
      return skip(
        `no mongod here: set MONGODB_URI, or MONGOMS_SYSTEM_BINARY for mongodb-memory-server (it could not get one: ${detail})`,
      );
    }
  }
  const stopRedis = await provideRedis(project);
  return async () => {
    await stopRedis?.();
    await stopMongo?.();
  };
}
