import { describe, expect, it } from 'vitest';
import type { WebhookSubscription } from '../../src/domain/webhooks/webhook.js';
import type { OutboxMessage, WebhookStore } from '../../src/domain/webhooks/webhook-store.js';
import { freshStorePerTest, type StoreFactory } from './store-factory.js';

const T = (iso: string) => new Date(iso);
const NOW = T('2026-11-27T10:00:00.000Z');
const plus = (ms: number) => new Date(NOW.getTime() + ms);

function aSubscription(id: string, overrides: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return {
    id,
    url: `https://crm.example.com/${id}`,
    events: ['slice.activated', 'slice.expired'],
    description: '',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    createdAt: T('2026-11-21T12:00:00.000Z'),
    createdBy: 'admin',
    ...overrides,
  };
}

function aMessage(id: string, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return { id, type: 'slice.activated', timestamp: NOW, body: `{"id":"${id}"}`, ...overrides };
}

/** What every WebhookStore must do, whatever keeps the data. */
export function webhookStoreContract(adapter: string, factory: StoreFactory<WebhookStore>): void {
  describe(`WebhookStore contract: ${adapter}`, () => {
    const store = freshStorePerTest(factory);

    it('keeps subscriptions, lists them by id in pages, finds the subscribers of a type, and deletes them', async () => {
      await store().addSubscription(aSubscription('wh_b'));
      await store().addSubscription(aSubscription('wh_a', { events: ['product.changed'], description: 'Produtos' }));
      await expect(store().addSubscription(aSubscription('wh_a'))).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await store().countSubscriptions()).toBe(2);
      expect(await store().getSubscription('wh_a')).toEqual(
        aSubscription('wh_a', { events: ['product.changed'], description: 'Produtos' }),
      );
      expect(await store().getSubscription('wh_z')).toBeUndefined();
      const first = await store().listSubscriptions({ limit: 1 });
      expect([first.items.map((s) => s.id), first.more]).toEqual([['wh_a'], true]);
      const next = await store().listSubscriptions({ limit: 1, afterId: 'wh_a' });
      expect([next.items.map((s) => s.id), next.more]).toEqual([['wh_b'], false]);
      expect((await store().subscribersOf('slice.expired')).map((s) => s.id)).toEqual(['wh_b']);
      expect((await store().subscribersOf('collection.active_slice_changed')).map((s) => s.id)).toEqual([]);
      expect(await store().deleteSubscription('wh_b')).toBe(true);
      expect(await store().deleteSubscription('wh_b')).toBe(false);
      expect(await store().countSubscriptions()).toBe(1);
    });

    it('keeps a message once per subscription however often it is enqueued', async () => {
      await store().addSubscription(aSubscription('wh_a'));
      await store().addSubscription(aSubscription('wh_b'));
      await store().enqueue([{ message: aMessage('msg_1'), subscriptionIds: ['wh_a', 'wh_b'] }], NOW);
      await store().enqueue([{ message: aMessage('msg_1', { body: '{"other":true}' }), subscriptionIds: ['wh_a'] }], plus(1000));
      await Promise.all([
        store().enqueue([{ message: aMessage('msg_2'), subscriptionIds: ['wh_a'] }], NOW),
        store().enqueue([{ message: aMessage('msg_2'), subscriptionIds: ['wh_a'] }], NOW),
      ]);
      const log = await store().listDeliveries('wh_a', { limit: 10 });
      expect(log.items.map((d) => d.id).sort()).toEqual(['msg_1.wh_a', 'msg_2.wh_a']);
      expect(log.items.find((d) => d.messageId === 'msg_1')).toEqual({
        id: 'msg_1.wh_a',
        subscriptionId: 'wh_a',
        messageId: 'msg_1',
        type: 'slice.activated',
        timestamp: NOW,
        body: '{"id":"msg_1"}',
        status: 'pending',
        attempts: [],
        nextAttemptAt: NOW,
        createdAt: NOW,
      });
    });

    it('lets one claim take a due delivery until its lease ends, the earliest due first; then another may', async () => {
      await store().addSubscription(aSubscription('wh_a'));
      await store().enqueue([{ message: aMessage('msg_late'), subscriptionIds: ['wh_a'] }], plus(5_000));
      await store().enqueue([{ message: aMessage('msg_early'), subscriptionIds: ['wh_a'] }], NOW);
      expect(await store().claimDue(plus(-1), 'c0', plus(60_000))).toBeUndefined();
      const [one, two] = await Promise.all([
        store().claimDue(NOW, 'c1', plus(60_000)),
        store().claimDue(NOW, 'c2', plus(60_000)),
      ]);
      const taken = [one, two].filter((c) => c !== undefined);
      expect(taken.map((c) => c.delivery.id)).toEqual(['msg_early.wh_a']);
      expect(await store().nextDueAt()).toEqual(plus(5_000));
      const late = await store().claimDue(plus(5_000), 'c3', plus(65_000));
      expect(late?.delivery.id).toBe('msg_late.wh_a');
      expect(await store().nextDueAt()).toEqual(plus(60_000));
      // The first claim's holder died: once its lease is over, another claim takes the delivery.
      expect(await store().claimDue(plus(59_999), 'c4', plus(120_000))).toBeUndefined();
      const again = await store().claimDue(plus(60_000), 'c4', plus(120_000));
      expect(again?.delivery.id).toBe('msg_early.wh_a');
      // The dead claim's late record changes nothing; the live one's does.
      const attempt = { at: plus(60_000), durationMs: 12, status: 200 };
      expect(await store().recordAttempt('msg_early.wh_a', taken[0]!.claim, attempt, { status: 'delivered' })).toBe(false);
      expect(await store().recordAttempt('msg_early.wh_a', 'c4', attempt, { status: 'delivered' })).toBe(true);
      expect(await store().recordAttempt('msg_early.wh_a', 'c4', attempt, { status: 'delivered' })).toBe(false);
      expect(await store().nextDueAt()).toEqual(plus(65_000));
    });

    it('records attempts: pending until the next one is due, then delivered or failed for good', async () => {
      await store().addSubscription(aSubscription('wh_a'));
      await store().enqueue(
        [
          { message: aMessage('msg_1'), subscriptionIds: ['wh_a'] },
          { message: aMessage('msg_2'), subscriptionIds: ['wh_a'] },
        ],
        NOW,
      );
      const first = await store().claimDue(NOW, 'c1', plus(60_000));
      const failure = { at: NOW, durationMs: 10_000, error: 'no answer within 10000 ms' };
      await store().recordAttempt(first!.delivery.id, 'c1', failure, { status: 'pending', nextAttemptAt: plus(5_000) });
      const second = await store().claimDue(NOW, 'c2', plus(60_000));
      expect(second?.delivery.id).not.toBe(first!.delivery.id);
      await store().recordAttempt(second!.delivery.id, 'c2', { at: NOW, durationMs: 3, status: 410 }, { status: 'failed' });
      expect(await store().claimDue(plus(4_999), 'c3', plus(60_000))).toBeUndefined();
      const retried = await store().claimDue(plus(5_000), 'c3', plus(65_000));
      expect(retried?.delivery.attempts).toEqual([failure]);
      await store().recordAttempt(
        retried!.delivery.id,
        'c3',
        { at: plus(5_000), durationMs: 4, status: 204 },
        { status: 'delivered' },
      );
      expect(await store().nextDueAt()).toBeUndefined();
      const log = await store().listDeliveries('wh_a', { limit: 10 });
      const byId = new Map(log.items.map((d) => [d.id, d]));
      expect(byId.get(first!.delivery.id)).toMatchObject({
        status: 'delivered',
        attempts: [failure, { at: plus(5_000), durationMs: 4, status: 204 }],
        finishedAt: plus(5_000),
      });
      expect(byId.get(first!.delivery.id)?.nextAttemptAt).toBeUndefined();
      expect(byId.get(second!.delivery.id)).toMatchObject({
        status: 'failed',
        attempts: [{ at: NOW, durationMs: 3, status: 410 }],
        finishedAt: NOW,
      });
      expect(await store().deleteFinishedBefore(plus(5_000))).toBe(1);
      expect((await store().listDeliveries('wh_a', { limit: 10 })).items.map((d) => d.id)).toEqual([first!.delivery.id]);
    });

    it("pages a subscription's log newest first, and deletes it with the subscription", async () => {
      await store().addSubscription(aSubscription('wh_a'));
      await store().addSubscription(aSubscription('wh_b'));
      for (const [id, at] of [
        ['msg_1', NOW],
        ['msg_2', plus(1)],
        ['msg_3', plus(1)],
      ] as const) {
        await store().enqueue([{ message: aMessage(id), subscriptionIds: ['wh_a', 'wh_b'] }], at);
      }
      const everyone = await store().listDeliveries(undefined, { limit: 3 });
      expect([everyone.items.map((d) => d.id), everyone.more]).toEqual([['msg_3.wh_b', 'msg_3.wh_a', 'msg_2.wh_b'], true]);
      const first = await store().listDeliveries('wh_a', { limit: 2 });
      expect([first.items.map((d) => d.messageId), first.more]).toEqual([['msg_3', 'msg_2'], true]);
      const last = first.items.at(-1)!;
      const rest = await store().listDeliveries('wh_a', { limit: 2, after: { createdAt: last.createdAt, id: last.id } });
      expect([rest.items.map((d) => d.messageId), rest.more]).toEqual([['msg_1'], false]);
      await store().deleteSubscription('wh_a');
      expect((await store().listDeliveries('wh_a', { limit: 10 })).items).toEqual([]);
      expect((await store().listDeliveries('wh_b', { limit: 10 })).items).toHaveLength(3);
      expect((await store().listDeliveries(undefined, { limit: 10 })).items.map((d) => d.id)).toEqual([
        'msg_3.wh_b',
        'msg_2.wh_b',
        'msg_1.wh_b',
      ]);
      expect((await store().claimDue(plus(1), 'c1', plus(60_000)))?.delivery.subscriptionId).toBe('wh_b');
    });

    it('keeps checkpoints that only move forward', async () => {
      expect(await store().getCheckpoint('slice-transitions')).toBeUndefined();
      await store().advanceCheckpoint('slice-transitions', NOW);
      await store().advanceCheckpoint('slice-transitions', plus(-1000));
      expect(await store().getCheckpoint('slice-transitions')).toEqual(NOW);
      await Promise.all([store().advanceCheckpoint('other', plus(2)), store().advanceCheckpoint('other', plus(1))]);
      expect(await store().getCheckpoint('other')).toEqual(plus(2));
    });
  });
}
