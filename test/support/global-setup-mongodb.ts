/**
 * For the project that runs the HTTP suites and the store contracts on MongoDB (with the Redis
 * cache): MONGODB_URI when set, else mongodb-memory-server when it can find or download a mongod
 * (MONGOMS_SYSTEM_BINARY, MONGOMS_VERSION, ...). Without one, the project's tests report skipped
 * with the reason, which the log shows in one line; they never pass silently.
 */
import { MongoClient } from 'mongodb';
import type { TestProject } from 'vitest/node';
import { provideRedis } from './global-setup-redis.js';
import { mongodbSkipReason, noMongodReason } from './mongodb-skip.js';
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

export default async function setup(project: TestProject) {
  const skip = (reason: string) => {
    // One line in the run's log, the same in the report (the skipped test's name).
    console.warn(reason);
    project.provide('skipReason', reason);
  };
  const uri = process.env.MONGODB_URI;
  let stopMongo: (() => Promise<unknown>) | undefined;
  if (uri) {
    const problem = await answers(uri);
    if (problem !== undefined) return skip(mongodbSkipReason(`MONGODB_URI does not answer (${problem})`));
    project.provide('mongoUri', uri);
  } else {
    try {
      const { MongoBinary, MongoMemoryServer } = await import('mongodb-memory-server');
      // The binary first: a failed download is thrown quietly here, where create() would print it
      // with its stack. A binary found that then fails to start is a fault worth its stack.
      await MongoBinary.getPath();
      const server = await MongoMemoryServer.create();
      project.provide('mongoUri', server.getUri());
      stopMongo = () => server.stop();
    } catch (error) {
      return skip(noMongodReason(error));
    }
  }
  const stopRedis = await provideRedis(project);
  return async () => {
    await stopRedis?.();
    await stopMongo?.();
  };
}
