import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, inject, it } from 'vitest';
import '../support/provided.js';
import { killTheBuilder, TAKEOVER_TOKEN } from '../support/lists-takeover.js';
import { describe } from '../support/suite.js';
import type { VitrineProcess } from '../support/vitrine-process.js';

/**
 * Two instances on one MongoDB and one Redis, the lists shared (the deployment issue 25 names):
 * the first fills the store with the demo shop and builds, the second reads the same store; the
 * builder killed, the reader answers all along and takes over.
 */
describe('the shared lists when their builder dies, on one MongoDB', () => {
  const database = `vitrine_takeover_${randomUUID().slice(0, 8)}`;
  const started: VitrineProcess[] = [];

  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop('SIGKILL')));
    const client = new MongoClient(inject('mongoUri'));
    try {
      await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });

  it('loses no answer: the reader answers all along, takes the lease within its time and builds', async () => {
    const env = {
      MONGODB_URI: inject('mongoUri'),
      MONGODB_DB: database,
      REDIS_URL: inject('redisUrl'),
      REDIS_KEY_PREFIX: `test:${database}:`,
      SIMILAR_LISTS: 'shared',
      BOOTSTRAP_ADMIN_TOKEN: TAKEOVER_TOKEN,
      RATE_LIMIT: 'off',
    };
    await killTheBuilder({ ...env, DEMO_DATA: 'true' }, { ...env, DEMO_DATA: 'false' }, started);
  });
});
