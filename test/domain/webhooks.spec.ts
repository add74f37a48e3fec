import { describe, expect, it } from 'vitest';
import { NodeWebhookCrypto } from '../../src/adapters/crypto/node-webhook-crypto.js';
import { ValidationError } from '../../src/domain/shared/errors.js';
import {
  MAX_TRANSITION_CATCH_UP_MS,
  nextAttemptAfterFailure,
  RETRY_DELAYS_MS,
} from '../../src/domain/webhooks/delivery-policy.js';
import { draftWebhook, isPrivateHost, MAX_WEBHOOK_URL_LENGTH } from '../../src/domain/webhooks/webhook.js';
import {
  activeSliceChange,
  messageBody,
  productChangeEvents,
  signatureHeader,
  signedContent,
  transitionEvents,
} from '../../src/domain/webhooks/webhook-message.js';

const PUBLIC = { allowPrivateAddresses: false };
const PRIVATE_OK = { allowPrivateAddresses: true };

function issuesOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  return [];
}

describe('a webhook subscription', () => {
  it('takes an http(s) URL and known event types, normalised', () => {
    expect(
      draftWebhook({ url: 'https://CRM.example.com/hooks', events: ['slice.activated', 'product.changed'] }, PUBLIC),
    ).toEqual({
      url: 'https://crm.example.com/hooks',
      events: ['slice.activated', 'product.changed'],
      description: '',
    });
  });

  it.each([
    ['ftp://crm.example.com/x', 'must be an http:// or https:// URL'],
    ['crm.example.com/hooks', 'must be an absolute http:// or https:// URL'],
    ['https://user:pass@crm.example.com/x', 'must not hold a user name or password'],
    ['https://crm.example.com/x#frag', 'must not hold a fragment (#...)'],
    [`https://crm.example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`],
  ])('refuses %s: %s', (url, message) => {
    expect(issuesOf(() => draftWebhook({ url, events: ['slice.activated'] }, PUBLIC))).toEqual([{ path: 'url', message }]);
  });

  it('names every unknown, repeated or missing event type', () => {
    expect(
      issuesOf(() =>
        draftWebhook({ url: 'https://x.example/', events: ['slice.started', 'slice.expired', 'slice.expired'] }, PUBLIC),
      ),
    ).toEqual([
      { path: 'events.0', message: expect.stringMatching(/^must be one of slice\.activated, /) },
      { path: 'events.2', message: 'names slice.expired twice' },
    ]);
    expect(issuesOf(() => draftWebhook({ url: 'https://x.example/', events: [] }, PUBLIC))).toEqual([
      { path: 'events', message: 'must name at least one event type' },
    ]);
  });

  it.each([
    'http://localhost:8080/x',
    'http://api.localhost/x',
    'http://127.0.0.1/x',
    'http://127.8.9.10/x',
    'http://10.1.2.3/x',
    'http://172.16.0.1/x',
    'http://172.31.255.255/x',
    'http://192.168.1.1/x',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/x',
    'http://0.0.0.0/x',
    'http://[::1]/x',
    'http://[::]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[fd00::1]/x',
    'http://[fe80::1]/x',
    'http://2130706433/x', // 127.0.0.1 written as a number: the URL parser makes it dotted
  ])('refuses %s, a loopback or private address, unless WEBHOOK_ALLOW_PRIVATE_URLS', (url) => {
    expect(issuesOf(() => draftWebhook({ url, events: ['slice.activated'] }, PUBLIC))).toEqual([
      { path: 'url', message: expect.stringMatching(/^must not name this machine or a private network/) },
    ]);
    expect(draftWebhook({ url, events: ['slice.activated'] }, PRIVATE_OK).url).toBe(new URL(url).href);
  });

  it.each([
    'https://93.184.216.34/x',
    'https://172.32.0.1/x',
    'https://[2606:4700::1111]/x',
    'https://hooks.example.com/x',
    'https://localhost.example.com/x',
  ])('takes %s, a public address or name', (url) => {
    expect(isPrivateHost(new URL(url).hostname)).toBe(false);
  });
});

describe('the retry policy', () => {
  it("is Standard Webhooks' schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about a day, then failed", () => {
    expect(RETRY_DELAYS_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    const t = new Date('2026-11-27T10:00:00.000Z');
    expect(nextAttemptAfterFailure(1, t)).toEqual(new Date('2026-11-27T10:00:05.000Z'));
    expect(nextAttemptAfterFailure(7, t)).toEqual(new Date('2026-11-27T20:00:00.000Z'));
    expect(nextAttemptAfterFailure(8, t)).toBeUndefined();
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(28);
    expect(MAX_TRANSITION_CATCH_UP_MS).toBe(86_400_000);
  });
});

describe('signatures', () => {
  it("match the Standard Webhooks specification's test vector", () => {
    const crypto = new NodeWebhookCrypto();
    const content = signedContent('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(content).toBe('msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}');
    expect(signatureHeader(crypto.sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', content))).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('are made with a new 32-byte secret for each subscription; a message id is the same for the same key', () => {
    const crypto = new NodeWebhookCrypto();
    const secret = crypto.newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(crypto.newSecret()).not.toBe(secret);
    expect(crypto.messageId('slice.activated:1:2:2026-11-27T10:00:00.000Z')).toBe(
      crypto.messageId('slice.activated:1:2:2026-11-27T10:00:00.000Z'),
    );
    expect(crypto.messageId('slice.activated:1:2:2026-11-27T10:00:00.000Z')).toMatch(/^msg_[\w-]{32}$/);
    expect(crypto.messageId('slice.activated:1:2:2026-11-27T10:00:00.001Z')).not.toBe(
      crypto.messageId('slice.activated:1:2:2026-11-27T10:00:00.000Z'),
    );
  });
});

describe('events', () => {
  const slice = (id: number, startsAt: string, endsAt: string) => ({
    id,
    collectionId: 7,
    name: `S${id}`,
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
  });

  it('are the starts and ends in (after, until], in time order, keyed by slice and instant', () => {
    const events = transitionEvents(
      [slice(2, '2026-11-27T10:00:00Z', '2026-11-27T12:00:00Z'), slice(1, '2026-11-27T09:00:00Z', '2026-11-27T10:00:00Z')],
      new Date('2026-11-27T09:00:00Z'),
      new Date('2026-11-27T10:00:00Z'),
    );
    expect(events.map((e) => e.key)).toEqual([
      'slice.expired:7:1:2026-11-27T10:00:00.000Z',
      'slice.activated:7:2:2026-11-27T10:00:00.000Z',
    ]);
    expect(events[1]).toEqual({
      type: 'slice.activated',
      key: 'slice.activated:7:2:2026-11-27T10:00:00.000Z',
      timestamp: new Date('2026-11-27T10:00:00Z'),
      data: { collectionId: 7, sliceId: 2, name: 'S2', startsAt: '2026-11-27T10:00:00.000Z', endsAt: '2026-11-27T12:00:00.000Z' },
    });
    // The start at `after` itself was told by the run that ended there.
    expect(
      transitionEvents(
        [slice(1, '2026-11-27T09:00:00Z', '2026-11-28T00:00:00Z')],
        new Date('2026-11-27T09:00:00Z'),
        new Date('2026-11-27T11:00:00Z'),
      ),
    ).toEqual([]);
  });

  it('of an edit: only when what the collection shows changed (another slice, another version, or none)', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const shown = { sliceId: 3, version: 2, name: 'BF' };
    expect(activeSliceChange(7, shown, { ...shown }, at)).toBeUndefined();
    expect(activeSliceChange(7, undefined, undefined, at)).toBeUndefined();
    expect(activeSliceChange(7, shown, { ...shown, version: 3 }, at)?.data).toEqual({
      collectionId: 7,
      previous: { sliceId: 3, version: 2, name: 'BF' },
      current: { sliceId: 3, version: 3, name: 'BF' },
    });
    expect(activeSliceChange(7, shown, undefined, at)?.key).toBe(
      'collection.active_slice_changed:7:3@2:none:2026-11-27T10:00:00.000Z',
    );
  });

  it('of a product write: one per product', () => {
    const events = productChangeEvents(['A', 'B', 'A'], 'saved', new Date('2026-11-27T10:00:00Z'));
    expect(events.map((e) => e.data)).toEqual([
      { productId: 'A', change: 'saved' },
      { productId: 'B', change: 'saved' },
    ]);
  });

  it('have one body, what is signed', () => {
    expect(messageBody({ type: 'product.changed', timestamp: new Date('2026-11-27T10:00:00Z'), data: { productId: 'A' } })).toBe(
      '{"type":"product.changed","timestamp":"2026-11-27T10:00:00.000Z","data":{"productId":"A"}}',
    );
  });
});
