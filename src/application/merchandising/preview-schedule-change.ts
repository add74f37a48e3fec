import type { CollectionStore } from '../../domain/merchandising/collection-store.js';
import {
  consequenceOf,
  needsConfirmation,
  type Consequence,
  type ScheduleChange,
} from '../../domain/merchandising/consequence.js';
import type { Clock } from '../../domain/shared/clock.js';
import { DomainError, ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { collectionNotFound } from './not-found.js';

/** The longest stretch a consequence preview draws segments for: two years of the calendar. */
export const MAX_PREVIEW_DAYS = 731;
const DAY_MS = 86_400_000;

export interface SchedulePreview extends Consequence {
  /** Whether the merchandiser must confirm before saving (see needsConfirmation). */
  readonly needsConfirmation: boolean;
}

/**
 * What a save or delete would change in what the collection serves, and whether it must be
 * confirmed, without changing anything: the builder asks before it writes.
 */
export class PreviewScheduleChange {
  constructor(
    private readonly collections: CollectionStore,
    private readonly clock: Clock,
  ) {}

  async execute(collectionId: number, change: ScheduleChange, from: Date, to: Date): Promise<SchedulePreview> {
    const issues: ValidationIssue[] = [];
    if (!(from.getTime() < to.getTime())) issues.push({ path: 'to', message: 'must be after from' });
    else if (to.getTime() - from.getTime() > MAX_PREVIEW_DAYS * DAY_MS) {
      issues.push({ path: 'to', message: `must be at most ${MAX_PREVIEW_DAYS} days after from` });
    }
    if (change.kind === 'save' && !(change.startsAt.getTime() < change.endsAt.getTime())) {
      issues.push({ path: 'change.endsAt', message: 'must be after startsAt' });
    }
    if (issues.length > 0) throw new ValidationError(issues);
    const [collection, slices] = await Promise.all([
      this.collections.getCollection(collectionId),
      this.collections.listSlices(collectionId),
    ]);
    if (collection === undefined) throw collectionNotFound();
    if (change.sliceId !== undefined && !slices.some((s) => s.id === change.sliceId)) {
      throw new DomainError('SLICE_NOT_FOUND', 'The collection has no slice with this id.');
    }
    const consequence = consequenceOf(slices, change, from, to);
    return { ...consequence, needsConfirmation: needsConfirmation(consequence.changes, this.clock.now()) };
  }
}
