import type { EventStore } from '../../domain/events/event-store.js';
import {
  draftEvent,
  type EventPolicy,
  type EventSource,
  type ShopperEvent,
  type ShopperEventInput,
} from '../../domain/events/shopper-event.js';
import { recommendedFor } from '../../domain/product/recommendation.js';
import type { Clock } from '../../domain/shared/clock.js';
import { ValidationError } from '../../domain/shared/errors.js';
import type { RecommendationCounts } from '../../domain/product/recommendation-counts.js';
import type { SimilarAnswers } from '../product/similar-answers.js';
import type { AnswerReads } from '../../domain/product/similarity.js';
import { MAX_BATCH_ITEMS, refusedItem, type BatchItem, type InvalidOutcome } from '../shared/batch.js';
import type { EventFeed } from './follow-events.js';

/** What became of one event of a batch; `id` is its `eventId` when it has one. */
export type EventItemOutcome =
  { readonly index: number; readonly id?: string | undefined; readonly status: 'accepted' | 'duplicate' } | InvalidOutcome;

/** What a batch of events answers: each event's outcome in request order, and how many of each. */
export interface EventBatchOutcome {
  readonly results: readonly EventItemOutcome[];
  readonly accepted: number;
  readonly duplicate: number;
  readonly invalid: number;
}

/**
 * Records up to MAX_BATCH_ITEMS shopper events. Each event is checked on its own against the
 * clock and the retention (a bad one is reported by its index, the others are recorded), and an
 * event whose `eventId` was recorded before, or given by an earlier event of the batch, is a
 * `duplicate`, not counted twice: sending a batch again changes nothing.
 *
 * The events stored are then learnt from (here, and by the other instances through the feed),
 * and each new `recommendation_click` is attributed to the source that gave the clicked product
 * in the answer its recommendation id names.
 */
export class RecordEvents {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
    private readonly policy: EventPolicy,
    private readonly feed: EventFeed,
    private readonly answers: SimilarAnswers,
    private readonly reads: AnswerReads,
    private readonly counts: RecommendationCounts,
  ) {}

  /** `source`: `browser` when the batch came with a publishable key (each event is marked so). */
  async execute(items: readonly BatchItem<ShopperEventInput>[], source?: EventSource): Promise<EventBatchOutcome> {
    if (items.length > MAX_BATCH_ITEMS) throw ValidationError.single('events', `must hold at most ${MAX_BATCH_ITEMS} events`);
    const now = this.clock.now();
    const results: EventItemOutcome[] = [];
    const valid: { index: number; event: ShopperEvent }[] = [];
    for (const item of items) {
      if (!('input' in item)) {
        results.push(refusedItem(item));
        continue;
      }
      try {
        const event = draftEvent(item.input, now, this.policy);
        valid.push({ index: item.index, event: source === undefined ? event : { ...event, source } });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        results.push({ index: item.index, id: item.input.eventId, status: 'invalid', errors: error.issues });
      }
    }
    const { duplicates } = valid.length === 0 ? { duplicates: [] } : await this.events.append(valid.map((v) => v.event));
    const duplicate = new Set(duplicates);
    const stored: ShopperEvent[] = [];
    valid.forEach(({ index, event }, i) => {
      results.push({ index, id: event.eventId, status: duplicate.has(i) ? 'duplicate' : 'accepted' });
      if (!duplicate.has(i)) stored.push(event);
    });
    await this.attribute(stored, now);
    await this.feed.recorded(stored);
    return summarise(results);
  }

  /** Counts each click by the source of the clicked product in the answer it came from (unknown when that answer no longer holds it). */
  private async attribute(events: readonly ShopperEvent[], now: Date): Promise<void> {
    for (const { type, recommendationId, productId } of events) {
      if (type !== 'recommendation_click' || recommendationId === undefined) continue;
      const anchor = recommendedFor(recommendationId);
      const known = anchor !== undefined && (await this.reads.prepare({ productId: anchor }, now));
      this.counts.clicked(known ? this.answers.sourceOf(anchor, productId) : undefined);
    }
  }
}

function summarise(results: EventItemOutcome[]): EventBatchOutcome {
  results.sort((a, b) => a.index - b.index);
  const counts = { accepted: 0, duplicate: 0, invalid: 0 };
  for (const result of results) counts[result.status]++;
  return { results, ...counts };
}
