import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import '../support/provided.js';
import { COLLECTIONS, RETIRED_EVENT_INDEXES, MongoDatabase } from '../../src/adapters/mongo/mongo-database.js';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { describe } from '../support/suite.js';

describe('the MongoDB maintenance at start', () => {
  const uri = inject('mongoUri');
  const name = `vitrine_maintenance_${randomUUID().slice(0, 8)}`;
  let client: MongoClient;
  beforeAll(() => {
    client = new MongoClient(uri);
  });
  afterAll(async () => {
    await client.db(name).dropDatabase();
    await client.close();
  });
  const start = async (eventRetentionDays?: number) => {
    const database = new MongoDatabase(
      {
        uri,
        dbName: name,
        timeoutMs: 5_000,
        maxPoolSize: 2,
        ...(eventRetentionDays !== undefined ? { eventRetentionDays } : {}),
      },
      createLogger('silent'),
    );
    await database.start();
    await database.stop();
  };

  it('backfills versions once per database, not on every start', async () => {
    const collections = client.db(name).collection(COLLECTIONS.collections);
    await collections.insertOne({ _id: 1 as never, name: 'old', description: '', createdAt: new Date() });
    await start();
    expect(await collections.findOne({ _id: 1 as never })).toMatchObject({ version: 1, updatedBy: 'unknown' });
    // A document without a version now is not the old data's: a later start does not read the collection for it.
    await collections.insertOne({ _id: 2 as never, name: 'planted', description: '', createdAt: new Date() });
    await start();
    expect(await collections.findOne({ _id: 2 as never })).not.toHaveProperty('version');
    expect(
      await client
        .db(name)
        .collection(COLLECTIONS.migrations)
        .countDocuments({ _id: 'versions-backfilled' as never }),
    ).toBe(1);
  });

  it('removes the past versions of slices that are gone (a delete interrupted between the slice and its history)', async () => {
    const db = client.db(name);
    await db
      .collection(COLLECTIONS.collections)
      .insertOne({ _id: 50 as never, name: 'kept', description: '', createdAt: new Date(), version: 1 });
    await db.collection(COLLECTIONS.slices).insertOne({ _id: 7 as never, collectionId: 50, version: 3 });
    const versions = db.collection(COLLECTIONS.sliceVersions);
    await versions.insertMany([
      { _id: '7.2' as never, sliceId: 7, collectionId: 50, version: 2 },
      { _id: '8.1' as never, sliceId: 8, collectionId: 50, version: 1 },
    ]);
    await start();
    expect(
      await versions
        .find()
        .map((doc) => doc._id)
        .toArray(),
    ).toEqual(['7.2']);
  });

  it('keeps shopper events for EVENT_RETENTION_DAYS with a TTL index, changed in place when the retention changes', async () => {
    const ttlOf = async () => {
      const indexes = await client.db(name).collection(COLLECTIONS.events).indexes();
      return indexes.find((index) => index.name === 'events_at_ttl')?.expireAfterSeconds;
    };
    await start();
    expect(await ttlOf()).toBe(90 * 86_400);
    await start(30);
    expect(await ttlOf()).toBe(30 * 86_400);
    const indexes = await client.db(name).collection(COLLECTIONS.events).indexes();
    expect(indexes.find((index) => index.name === 'events_event_id_unique')).toMatchObject({ unique: true, sparse: true });
  });

  it('indexes events for what reads them (time order, eventId, erasure by userId and session), and drops the indexes of reads no longer made', async () => {
    const events = client.db(name).collection(COLLECTIONS.events);
    // As an earlier version left them.
    await events.createIndexes([
      { key: { sessionId: 1, at: -1, _id: -1 }, name: 'events_by_session' },
      { key: { userId: 1, at: -1, _id: -1 }, name: 'events_by_user' },
    ]);
    await start();
    const names = (await events.indexes()).map((index) => index.name).sort();
    expect(names).toEqual([
      '_id_',
      'events_at_ttl',
      'events_by_session_id',
      'events_by_user_id',
      'events_event_id_unique',
      'events_time_order',
    ]);
    expect(RETIRED_EVENT_INDEXES.filter((retired) => names.includes(retired))).toEqual([]);
    await start(); // and again: nothing to drop
    expect((await events.indexes()).map((index) => index.name).sort()).toEqual(names);
  });
});
