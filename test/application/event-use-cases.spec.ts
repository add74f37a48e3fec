import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { RecordEvents } from '../../src/application/events/record-events.js';
import { EraseProfile } from '../../src/application/profile/erase-profile.js';
import { UpsertProfile } from '../../src/application/profile/upsert-profile.js';
import type { BatchItem } from '../../src/application/shared/batch.js';
import { EventStoreToken, type EventStore } from '../../src/domain/events/event-store.js';
import type { ShopperEventInput } from '../../src/domain/events/shopper-event.js';
import { DomainError } from '../../src/domain/shared/errors.js';
import { someProfileContent } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';
import { historyOf } from '../support/event-history.js';

const DAY = 86_400_000;

const items = (...inputs: ShopperEventInput[]): BatchItem<ShopperEventInput>[] =>
  inputs.map((input, index) => ({ index, input }));
const view = (overrides: Partial<ShopperEventInput> = {}): ShopperEventInput => ({
  type: 'view',
  productId: 'VES-001',
  sessionId: 'sess-1',
  ...overrides,
});

describe('recording shopper events', () => {
  let clock: FakeClock;
  let record: RecordEvents;
  let events: EventStore;

  beforeEach(() => {
    clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const { get } = testContainer({ clock, env: { EVENT_RETENTION_DAYS: '30' } });
    record = get(RecordEvents);
    events = get(EventStoreToken);
  });

  it('answers each event by its index, counts accepted, duplicate and invalid, and stores the good ones', async () => {
    const outcome = await record.execute([
      ...items(view({ eventId: 'e1' }), view({ eventId: 'e1' }), view({ at: new Date(clock.now().getTime() - 30 * DAY - 1) })),
      {
        index: 3,
        id: 'e4',
        errors: [{ path: 'type', message: 'must be one of view, add_to_cart, purchase, recommendation_click' }],
      },
      { index: 4, input: view({ eventId: 'e5', type: 'purchase', userId: 'up_ana' }) },
    ]);
    expect(outcome).toEqual({
      results: [
        { index: 0, id: 'e1', status: 'accepted' },
        { index: 1, id: 'e1', status: 'duplicate' },
        {
          index: 2,
          id: undefined,
          status: 'invalid',
          errors: [{ path: 'at', message: 'must be within the last 30 days (events are kept that long)' }],
        },
        { index: 3, id: 'e4', status: 'invalid', errors: [expect.objectContaining({ path: 'type' })] },
        { index: 4, id: 'e5', status: 'accepted' },
      ],
      accepted: 2,
      duplicate: 1,
      invalid: 2,
    });
    expect(await events.count()).toBe(2);
    expect((await historyOf(events)).filter((e) => e.type === 'purchase').map((e) => [e.userId, e.productId])).toEqual([
      ['up_ana', 'VES-001'],
    ]);
  });

  it('changes nothing when a batch is sent again: every event with an id is a duplicate', async () => {
    const batch = items(view({ eventId: 'a' }), view({ eventId: 'b', productId: 'SAN-002' }));
    expect(await record.execute(batch)).toMatchObject({ accepted: 2, duplicate: 0 });
    clock.advance(60_000);
    expect(await record.execute(batch)).toMatchObject({ accepted: 0, duplicate: 2, invalid: 0 });
    expect(await events.count()).toBe(2);
  });

  it('stamps an event without `at` with the clock', async () => {
    await record.execute(items(view()));
    const [stored] = await historyOf(events);
    expect(stored?.at).toEqual(clock.now());
  });

  it('refuses a batch of more than 1,000 events as a whole', async () => {
    const tooMany = items(...Array.from({ length: 1001 }, () => view()));
    await expect(record.execute(tooMany)).rejects.toSatisfy((e) => e instanceof DomainError && e.code === 'VALIDATION_FAILED');
    expect(await events.count()).toBe(0);
  });
});

describe("erasing a profile erases the shopper's events", () => {
  it('removes every event naming the profile id and the anonymous ones of its sessions, leaves the others, and does it even when no profile has the id', async () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const { get } = testContainer({ clock });
    const events = get(EventStoreToken);
    await get(UpsertProfile).execute({ userProfileId: 'up_ana', profile: someProfileContent() });
    await get(RecordEvents).execute(
      items(
        view({ userId: 'up_ana', type: 'purchase' }),
        view({ userId: 'up_ana', sessionId: 'sess-2' }),
        view({ userId: 'up_bruno', sessionId: 'sess-3' }),
        view({ userId: 'up_ghost', sessionId: 'sess-4' }),
        view({ sessionId: 'sess-5' }),
        view(),
      ),
    );
    await get(EraseProfile).execute('up_ana');
    const of = async (userId: string) => (await historyOf(events)).filter((e) => e.userId === userId);
    expect(await of('up_ana')).toEqual([]);
    expect((await historyOf(events)).map((e) => e.sessionId).sort()).toEqual(['sess-3', 'sess-4', 'sess-5']);
    expect(await events.count()).toBe(3);

    // Events of a shopper without a profile go too; the answer still says no profile had the id.
    await expect(get(EraseProfile).execute('up_ghost')).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.code === 'PROFILE_NOT_FOUND',
    );
    expect(await of('up_ghost')).toEqual([]);
    expect(await events.count()).toBe(2);
  });
});
