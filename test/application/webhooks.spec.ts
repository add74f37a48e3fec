import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { NodeWebhookCrypto } from '../../src/adapters/crypto/node-webhook-crypto.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryWebhookStore } from '../../src/adapters/memory/in-memory-webhook-store.js';
import { CreateCollection } from '../../src/application/merchandising/create-collection.js';
import { CreateSlice } from '../../src/application/merchandising/create-slice.js';
import { DeleteSlice } from '../../src/application/merchandising/delete-slice.js';
import { EditSliceProducts } from '../../src/application/merchandising/edit-slice-products.js';
import { DeleteProduct } from '../../src/application/product/delete-product.js';
import { UpsertProducts } from '../../src/application/product/batch-products.js';
import { DeliverWebhooks } from '../../src/application/webhooks/deliver-webhooks.js';
import { CreateWebhook, ListWebhookDeliveries } from '../../src/application/webhooks/manage-webhooks.js';
import { WatchSliceTransitions } from '../../src/application/webhooks/watch-slice-transitions.js';
import { MAX_KEPT_EVENTS, WebhookOutbox } from '../../src/application/webhooks/webhook-outbox.js';
import { override } from '../../src/composition/overrides.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import { DELIVERY_LEASE_MS } from '../../src/domain/webhooks/delivery-policy.js';
import type { WebhookEventType } from '../../src/domain/webhooks/webhook.js';
import { productChangeEvents, signatureHeader, signedContent } from '../../src/domain/webhooks/webhook-message.js';
import { WebhookStoreToken } from '../../src/domain/webhooks/webhook-store.js';
import { WebhookTransportToken, type WebhookTransport } from '../../src/domain/webhooks/webhook-transport.js';
import { aProductInput, aSliceInput } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';
import { passTo } from '../support/time-passing.js';

interface Post {
  readonly at: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

type Answer = number | 'hang' | Error;

/** A receiver as the sender sees it: each post recorded at the clock's instant, answered as told (200 unless told). */
class FakeReceiver implements WebhookTransport {
  readonly posts: Post[] = [];
  readonly answers: Answer[] = [];
  readonly hanging: ((status: number) => void)[] = [];

  constructor(private readonly clock: FakeClock) {}

  async post(url: string, headers: Readonly<Record<string, string>>, body: string) {
    this.posts.push({ at: this.clock.now().toISOString(), url, headers, body });
    const answer = this.answers.shift() ?? 200;
    if (answer === 'hang')
      return new Promise<{ status: number }>((resolve) => this.hanging.push((status) => resolve({ status })));
    if (answer instanceof Error) throw answer;
    return { status: answer };
  }

  types(): string[] {
    return this.posts.map((p) => (JSON.parse(p.body) as { type: string }).type);
  }
}

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

/** One instance of the service over the stores given (shared between instances), with a fake receiver. */
function anInstance(
  shared: { clock: FakeClock; collections: InMemoryCollectionStore; webhooks: InMemoryWebhookStore },
  receiver = new FakeReceiver(shared.clock),
) {
  const { get } = testContainer({
    clock: shared.clock,
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' },
    overrides: [
      override(CollectionStoreToken, shared.collections),
      override(WebhookStoreToken, shared.webhooks),
      override(WebhookTransportToken, receiver),
    ],
  });
  const watcher = get(WatchSliceTransitions);
  const sender = get(DeliverWebhooks);
  return {
    get,
    receiver,
    watcher,
    sender,
    async start() {
      await sender.start();
      await watcher.start();
      running.push(watcher, sender);
      await this.settle();
    },
    /** Lets what the clock's move started run to its end. */
    async settle() {
      for (let i = 0; i < 5; i++) {
        await watcher.settled();
        await sender.settled();
        await shared.clock.breathe();
      }
    },
  };
}

/** A webhook store whose named reads and writes fail while told to, as a store that is away. */
class FlakyWebhookStore extends InMemoryWebhookStore {
  readonly failing = new Set<'enqueue' | 'subscribersOf'>();

  override enqueue(...args: Parameters<InMemoryWebhookStore['enqueue']>) {
    if (this.failing.has('enqueue')) return Promise.reject(new Error('the store is away'));
    return super.enqueue(...args);
  }

  override subscribersOf(...args: Parameters<InMemoryWebhookStore['subscribersOf']>) {
    if (this.failing.has('subscribersOf')) return Promise.reject(new Error('the store is away'));
    return super.subscribersOf(...args);
  }
}

function world(start = '2026-11-27T09:00:00.000Z', webhooks = new InMemoryWebhookStore()) {
  const clock = new FakeClock(start);
  const shared = { clock, collections: new InMemoryCollectionStore(), webhooks };
  const first = anInstance(shared);
  const subscribe = (events: WebhookEventType[], url = 'http://127.0.0.1:9/hooks') =>
    first.get(CreateWebhook).execute({ url, events }, 'admin');
  const aCollectionWithSlice = async (startsAt: string, endsAt: string) => {
    const collection = await first.get(CreateCollection).execute({ name: 'Home', description: '' }, 'builder');
    const { slice } = await first
      .get(CreateSlice)
      .execute(collection.id, aSliceInput({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) }), 'builder');
    return { collectionId: collection.id, sliceId: slice.id };
  };
  return { clock, shared, first, subscribe, aCollectionWithSlice, another: () => anInstance(shared) };
}

describe('webhooks of slice transitions', () => {
  it('tells that a slice starting at 10:00 became active at 10:00, not a millisecond before, signed', async () => {
    const { clock, first, subscribe, aCollectionWithSlice } = world();
    const subscription = await subscribe(['slice.activated', 'slice.expired']);
    const { collectionId, sliceId } = await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-27T12:00:00.000Z');
    await first.start();
    await passTo(clock, '2026-11-27T09:59:59.999Z', first);
    expect(first.receiver.posts).toEqual([]);
    await passTo(clock, 1, first);
    expect(first.receiver.posts).toHaveLength(1);
    const [post] = first.receiver.posts;
    expect(post!.at).toBe('2026-11-27T10:00:00.000Z');
    expect(post!.url).toBe('http://127.0.0.1:9/hooks');
    expect(JSON.parse(post!.body)).toEqual({
      type: 'slice.activated',
      timestamp: '2026-11-27T10:00:00.000Z',
      data: {
        collectionId,
        sliceId,
        name: 'Black Friday',
        startsAt: '2026-11-27T10:00:00.000Z',
        endsAt: '2026-11-27T12:00:00.000Z',
      },
    });
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = post!.headers;
    expect(id).toMatch(/^msg_/);
    expect(timestamp).toBe(String(Date.parse('2026-11-27T10:00:00.000Z') / 1000));
    expect(signature).toBe(
      signatureHeader(new NodeWebhookCrypto().sign(subscription.secret, signedContent(id!, Number(timestamp), post!.body))),
    );
    await passTo(clock, '2026-11-27T12:00:00.000Z', first);
    expect(first.receiver.types()).toEqual(['slice.activated', 'slice.expired']);
    expect(first.receiver.posts[1]!.at).toBe('2026-11-27T12:00:00.000Z');
  });

  it('tells after a restart what happened while no instance ran, once', async () => {
    const { clock, first, subscribe, aCollectionWithSlice, another } = world();
    await subscribe(['slice.activated']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-28T00:00:00.000Z');
    await first.start();
    await first.watcher.stop();
    await first.sender.stop();
    clock.set('2026-11-27T10:30:00.000Z');
    const restarted = another();
    await restarted.start();
    expect(restarted.receiver.posts.map((p) => [p.at, JSON.parse(p.body).timestamp])).toEqual([
      ['2026-11-27T10:30:00.000Z', '2026-11-27T10:00:00.000Z'],
    ]);
    const again = another();
    await again.start();
    await passTo(clock, 60_000, restarted, again);
    expect(restarted.receiver.posts.length + again.receiver.posts.length).toBe(1);
  });

  it('leaves untold after a restart what happened more than a day before it', async () => {
    const { clock, first, subscribe, aCollectionWithSlice, another } = world();
    await subscribe(['slice.activated']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-30T00:00:00.000Z');
    await first.start();
    await first.watcher.stop();
    await first.sender.stop();
    clock.set('2026-11-28T10:00:00.001Z');
    const late = another();
    await late.start();
    expect(late.receiver.posts).toEqual([]);
  });

  it('is sent by one of two instances over one store, once', async () => {
    const { clock, first, subscribe, aCollectionWithSlice, another } = world();
    const subscription = await subscribe(['slice.activated', 'slice.expired']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-27T11:00:00.000Z');
    const second = another();
    await first.start();
    await second.start();
    await passTo(clock, '2026-11-27T11:00:00.000Z', first, second);
    const posts = [...first.receiver.posts, ...second.receiver.posts];
    expect(posts.map((p) => JSON.parse(p.body).type).sort()).toEqual(['slice.activated', 'slice.expired']);
    const log = await first.get(ListWebhookDeliveries).execute(subscription.id, {});
    expect(log.items.map((d) => [d.type, d.status, d.attempts.length])).toEqual([
      ['slice.expired', 'delivered', 1],
      ['slice.activated', 'delivered', 1],
    ]);
  });

  it('is sent again by another instance once the claim of a sender killed mid-delivery runs out', async () => {
    const { clock, first, subscribe, aCollectionWithSlice, another } = world();
    const subscription = await subscribe(['slice.activated']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-28T00:00:00.000Z');
    first.receiver.answers.push('hang');
    await first.start();
    await passTo(clock, '2026-11-27T09:59:59.999Z', first);
    clock.advance(1);
    await first.watcher.settled();
    await clock.breathe();
    expect(first.receiver.posts).toHaveLength(1); // sent, and never answered: the instance dies here
    await first.watcher.stop();
    const survivor = another();
    await survivor.start();
    await passTo(clock, DELIVERY_LEASE_MS - 1, survivor);
    expect(survivor.receiver.posts).toEqual([]);
    await passTo(clock, 1, survivor);
    expect(survivor.receiver.posts.map((p) => p.headers['webhook-id'])).toEqual([first.receiver.posts[0]!.headers['webhook-id']]);
    // The dead sender's late answer changes nothing in the log.
    first.receiver.hanging[0]!(200);
    await clock.breathe();
    const log = await survivor.get(ListWebhookDeliveries).execute(subscription.id, {});
    expect(log.items.map((d) => [d.status, d.attempts.map((a) => a.status)])).toEqual([['delivered', [200]]]);
  });
});

describe('webhook deliveries', () => {
  it('are tried again with backoff (5 s, then 5 min) until answered 2xx, each attempt in the log', async () => {
    const { clock, first, subscribe, aCollectionWithSlice } = world();
    const subscription = await subscribe(['slice.activated']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-28T00:00:00.000Z');
    first.receiver.answers.push(500, new Error('connect ECONNREFUSED 127.0.0.1:9'));
    await first.start();
    await passTo(clock, '2026-11-27T11:00:00.000Z', first);
    expect(first.receiver.posts.map((p) => p.at)).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T10:00:05.000Z',
      '2026-11-27T10:05:05.000Z',
    ]);
    expect(new Set(first.receiver.posts.map((p) => p.headers['webhook-id'])).size).toBe(1);
    const [delivery] = (await first.get(ListWebhookDeliveries).execute(subscription.id, {})).items;
    expect(delivery).toMatchObject({ status: 'delivered', finishedAt: new Date('2026-11-27T10:05:05.000Z') });
    expect(delivery!.attempts).toEqual([
      { at: new Date('2026-11-27T10:00:00.000Z'), durationMs: 0, status: 500 },
      { at: new Date('2026-11-27T10:00:05.000Z'), durationMs: 0, error: 'connect ECONNREFUSED 127.0.0.1:9' },
      { at: new Date('2026-11-27T10:05:05.000Z'), durationMs: 0, status: 200 },
    ]);
  });

  it('fail after eight attempts over about a day', async () => {
    const { clock, first, subscribe, aCollectionWithSlice } = world();
    const subscription = await subscribe(['slice.activated']);
    await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-29T00:00:00.000Z');
    first.receiver.answers.push(...Array<Answer>(20).fill(503));
    await first.start();
    await passTo(clock, '2026-11-29T00:00:00.000Z', first);
    expect(first.receiver.posts).toHaveLength(8);
    expect(first.receiver.posts.at(-1)!.at).toBe('2026-11-28T13:35:05.000Z');
    const [delivery] = (await first.get(ListWebhookDeliveries).execute(subscription.id, {})).items;
    expect([delivery!.status, delivery!.attempts.length, delivery!.nextAttemptAt]).toEqual(['failed', 8, undefined]);
  });
});

describe('webhook subscriptions', () => {
  it('are at most 100: one more is a CONFLICT', async () => {
    const { subscribe } = world();
    for (let i = 0; i < 100; i++) await subscribe(['product.changed'], `https://crm${i}.example.com/hooks`);
    await expect(subscribe(['product.changed'])).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'There are 100 webhook subscriptions, the most the service keeps; delete one first.',
    });
  });
});

describe('webhooks of edits and product writes', () => {
  it('tell when an edit changes what a collection shows now, and not when it does not', async () => {
    const { clock, first, subscribe, aCollectionWithSlice } = world('2026-11-27T10:30:00.000Z');
    await first.start();
    await subscribe(['collection.active_slice_changed']);
    const { collectionId, sliceId } = await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-28T00:00:00.000Z');
    await first
      .get(CreateSlice)
      .execute(
        collectionId,
        aSliceInput({ name: 'Later', startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: undefined }),
        'builder',
      );
    clock.advance(1000);
    await first.get(EditSliceProducts).execute(collectionId, sliceId, [{ op: 'add', productId: 'P-9' }], { actor: 'builder' });
    clock.advance(1000);
    await first.get(DeleteSlice).execute(collectionId, sliceId);
    await first.settle();
    expect(first.receiver.posts.map((p) => JSON.parse(p.body).data)).toEqual([
      { collectionId, previous: null, current: { sliceId, version: 1, name: 'Black Friday' } },
      {
        collectionId,
        previous: { sliceId, version: 1, name: 'Black Friday' },
        current: { sliceId, version: 2, name: 'Black Friday' },
      },
      { collectionId, previous: { sliceId, version: 2, name: 'Black Friday' }, current: null },
    ]);
  });

  it('tell each product a write saved or removed, once per write', async () => {
    const { first, subscribe } = world();
    await first.start();
    await subscribe(['product.changed']);
    await first.get(UpsertProducts).execute([
      { index: 0, input: aProductInput({ id: 'A' }) },
      { index: 1, input: aProductInput({ id: 'B' }) },
    ]);
    await first.get(DeleteProduct).execute('A');
    await first.settle();
    expect(first.receiver.posts.map((p) => JSON.parse(p.body).data)).toEqual([
      { productId: 'A', change: 'saved' },
      { productId: 'B', change: 'saved' },
      { productId: 'A', change: 'removed' },
    ]);
  });

  it('cost nothing to a write no subscription wants', async () => {
    const { first, subscribe, aCollectionWithSlice } = world();
    await first.start();
    await subscribe(['slice.expired']);
    await aCollectionWithSlice('2026-11-27T08:00:00.000Z', '2026-11-28T00:00:00.000Z');
    await first.get(UpsertProducts).execute([{ index: 0, input: aProductInput({ id: 'A' }) }]);
    await first.settle();
    expect(first.receiver.posts).toEqual([]);
  });

  it('never fail a write the store could not take the events of: they are sent once it answers again', async () => {
    const store = new FlakyWebhookStore();
    const { clock, first, subscribe, aCollectionWithSlice } = world('2026-11-27T10:30:00.000Z', store);
    await first.start();
    await subscribe(['collection.active_slice_changed', 'product.changed']);
    store.failing.add('enqueue');
    const { collectionId, sliceId } = await aCollectionWithSlice('2026-11-27T10:00:00.000Z', '2026-11-28T00:00:00.000Z');
    store.failing.add('subscribersOf');
    await first.get(UpsertProducts).execute([{ index: 0, input: aProductInput({ id: 'A' }) }]);
    await first.settle();
    expect(first.receiver.posts).toEqual([]);
    expect(first.get(WebhookOutbox).backlog).toEqual({ kept: 2, dropped: 0 });

    store.failing.clear();
    await passTo(clock, '2026-11-27T10:30:05.000Z', first);
    expect(first.receiver.posts.map((p) => JSON.parse(p.body).data)).toEqual([
      { collectionId, previous: null, current: { sliceId, version: 1, name: 'Black Friday' } },
      { productId: 'A', change: 'saved' },
    ]);
    expect(first.get(WebhookOutbox).backlog).toEqual({ kept: 0, dropped: 0 });
  });
});

describe('the outbox', () => {
  it(`keeps the events of at most ${MAX_KEPT_EVENTS} writes while the store is away, dropping the oldest`, async () => {
    const store = new FlakyWebhookStore();
    const clock = new FakeClock('2026-11-27T10:00:00.000Z');
    const outbox = new WebhookOutbox(store, new NodeWebhookCrypto(), clock);
    store.failing.add('enqueue');
    await store.addSubscription({
      id: 'wh_1',
      url: 'https://crm.example.com/hooks',
      events: ['product.changed'],
      description: '',
      secret: 'whsec_c2VjcmV0',
      createdAt: clock.now(),
      createdBy: 'admin',
    });
    const event = (n: number) => productChangeEvents([`P-${n}`], 'saved', clock.now());
    for (let n = 0; n <= MAX_KEPT_EVENTS; n++) await outbox.publishAfterWrite(event(n));
    expect(outbox.backlog).toEqual({ kept: MAX_KEPT_EVENTS, dropped: 1 });
    await expect(outbox.flushKept()).rejects.toThrow('the store is away');
    expect(outbox.backlog.kept).toBe(MAX_KEPT_EVENTS);
    store.failing.clear();
    await outbox.flushKept();
    expect(outbox.backlog).toEqual({ kept: 0, dropped: 1 });
  });
});
