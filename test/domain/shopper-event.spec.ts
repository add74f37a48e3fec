import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import {
  askingSessionId,
  askingShopperId,
  draftEvent,
  EVENT_CLOCK_SKEW_MS,
  MAX_EVENT_ID_LENGTH,
  MAX_EVENT_PRODUCT_ID_LENGTH,
  MAX_EVENT_USER_ID_LENGTH,
  MAX_RECOMMENDATION_ID_LENGTH,
  MAX_SESSION_ID_LENGTH,
  type ShopperEventInput,
} from '../../src/domain/events/shopper-event.js';
import { ValidationError, type ValidationIssue } from '../../src/domain/shared/errors.js';

const DAY = 86_400_000;
const policy = { retentionDays: 90 };
const clock = new FakeClock('2026-11-21T12:00:00.000Z');
const now = clock.now();
const after = (ms: number) => new Date(now.getTime() + ms);

const input = (overrides: Partial<ShopperEventInput> = {}): ShopperEventInput => ({
  type: 'view',
  productId: 'VES-001',
  sessionId: 'sess-7f3a',
  ...overrides,
});

function issuesOf(event: ShopperEventInput): ValidationIssue[] {
  try {
    draftEvent(event, now, policy);
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  return [];
}

const pathsOf = (event: ShopperEventInput) => issuesOf(event).map((issue) => issue.path);

describe('a shopper event', () => {
  it('happens now when `at` is left out', () => {
    expect(draftEvent(input(), now, policy)).toEqual({ type: 'view', productId: 'VES-001', sessionId: 'sess-7f3a', at: now });
  });

  it(`may be up to ${EVENT_CLOCK_SKEW_MS / 60_000} minutes ahead of the clock, and not a millisecond more`, () => {
    expect(draftEvent(input({ at: after(EVENT_CLOCK_SKEW_MS) }), now, policy).at).toEqual(after(EVENT_CLOCK_SKEW_MS));
    expect(issuesOf(input({ at: after(EVENT_CLOCK_SKEW_MS + 1) }))).toEqual([
      { path: 'at', message: "must not be in the future (more than 5 minutes after the server's clock)" },
    ]);
  });

  it('may be exactly as old as the retention, and not a millisecond older', () => {
    expect(draftEvent(input({ at: after(-90 * DAY) }), now, policy).at).toEqual(after(-90 * DAY));
    expect(issuesOf(input({ at: after(-90 * DAY - 1) }))).toEqual([
      { path: 'at', message: 'must be within the last 90 days (events are kept that long)' },
    ]);
    expect(pathsOf(input({ at: after(-2 * DAY) }))).toEqual([]);
    expect(() => draftEvent(input({ at: after(-2 * DAY) }), now, { retentionDays: 1 })).toThrow(ValidationError);
  });

  it('needs a recommendationId for a recommendation_click, and takes none with another type', () => {
    expect(draftEvent(input({ type: 'recommendation_click', recommendationId: 'rec_1' }), now, policy)).toMatchObject({
      recommendationId: 'rec_1',
    });
    expect(issuesOf(input({ type: 'recommendation_click' }))).toEqual([
      { path: 'recommendationId', message: 'is required for recommendation_click events' },
    ]);
    expect(pathsOf(input({ type: 'recommendation_click', recommendationId: '  ' }))).toEqual(['recommendationId']);
    for (const type of ['view', 'add_to_cart', 'purchase'] as const) {
      expect(issuesOf(input({ type, recommendationId: 'rec_1' }))).toEqual([
        { path: 'recommendationId', message: 'is only for recommendation_click events' },
      ]);
    }
  });

  it('trims productId; keeps sessionId and userId as given; refuses them empty or blank', () => {
    expect(draftEvent(input({ productId: '  VES-001 ', sessionId: ' s ', userId: ' up_ana' }), now, policy)).toMatchObject({
      productId: 'VES-001',
      sessionId: ' s ',
      userId: ' up_ana',
    });
    expect(pathsOf(input({ productId: '   ', sessionId: '\t' }))).toEqual(['productId', 'sessionId']);
    expect(pathsOf(input({ sessionId: '' }))).toEqual(['sessionId']);
  });

  it('reads a null, empty or blank userId as an anonymous shopper', () => {
    for (const userId of [null, '', '   ', undefined]) {
      expect(draftEvent(input({ userId }), now, policy)).not.toHaveProperty('userId');
    }
  });

  it('caps every id, refuses control characters, and names every problem at once', () => {
    const event = input({
      eventId: 'e'.repeat(MAX_EVENT_ID_LENGTH + 1),
      productId: 'p'.repeat(MAX_EVENT_PRODUCT_ID_LENGTH + 1),
      sessionId: 's'.repeat(MAX_SESSION_ID_LENGTH + 1),
      userId: 'u'.repeat(MAX_EVENT_USER_ID_LENGTH + 1),
      type: 'recommendation_click',
      recommendationId: 'r'.repeat(MAX_RECOMMENDATION_ID_LENGTH + 1),
      at: after(-91 * DAY),
    });
    expect(pathsOf(event).sort()).toEqual(['at', 'eventId', 'productId', 'recommendationId', 'sessionId', 'userId']);
    expect(pathsOf(input({ eventId: 'e\u0000', sessionId: 'a\nb' }))).toEqual(['sessionId', 'eventId']);
    expect(pathsOf(input({ eventId: ' ' }))).toEqual(['eventId']);
    const longest = input({
      eventId: 'e'.repeat(MAX_EVENT_ID_LENGTH),
      productId: 'p'.repeat(MAX_EVENT_PRODUCT_ID_LENGTH),
      sessionId: 's'.repeat(MAX_SESSION_ID_LENGTH),
      userId: 'u'.repeat(MAX_EVENT_USER_ID_LENGTH),
    });
    expect(pathsOf(longest)).toEqual([]);
  });
});

describe('the shopper a similar-products request names', () => {
  it('is nobody for a null, empty, blank or over-long userId, and no session for an over-long sessionId', () => {
    expect([askingShopperId('up_ana'), askingSessionId('sess-1')]).toEqual(['up_ana', 'sess-1']);
    for (const userId of [null, undefined, '', '  ', 'u'.repeat(MAX_EVENT_USER_ID_LENGTH + 1)]) {
      expect(askingShopperId(userId)).toBeUndefined();
    }
    expect(askingShopperId('u'.repeat(MAX_EVENT_USER_ID_LENGTH))).toHaveLength(MAX_EVENT_USER_ID_LENGTH);
    expect(askingSessionId('s'.repeat(MAX_SESSION_ID_LENGTH))).toHaveLength(MAX_SESSION_ID_LENGTH);
    expect(askingSessionId('s'.repeat(MAX_SESSION_ID_LENGTH + 1))).toBeUndefined();
    expect(askingSessionId(undefined)).toBeUndefined();
  });
});
