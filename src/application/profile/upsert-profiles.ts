import { DomainError, ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { MAX_BATCH_ITEMS, refusedItem, summarise, type BatchItem, type BatchOutcome, type ItemOutcome } from '../shared/batch.js';
import { inParallel } from '../shared/in-parallel.js';
import type { UpsertProfile, UpsertProfileCommand } from './upsert-profile.js';

const WRITES_IN_FLIGHT = 8;

/**
 * Creates or replaces up to MAX_BATCH_ITEMS profiles in one request, each exactly as the single
 * write does it (identifiers normalised, one taken by another profile refused with nothing of that
 * item changed) and reported by its index; the good items are applied whatever the bad ones. An
 * item that would store what is stored already is not written.
 */
export class UpsertProfiles {
  constructor(private readonly upsert: UpsertProfile) {}

  async execute(items: readonly BatchItem<UpsertProfileCommand>[]): Promise<BatchOutcome> {
    if (items.length > MAX_BATCH_ITEMS) throw ValidationError.single('profiles', `must hold at most ${MAX_BATCH_ITEMS} profiles`);
    const results: ItemOutcome[] = [];
    const valid: { index: number; command: UpsertProfileCommand }[] = [];
    const firstAt = new Map<string, number>();
    for (const item of items) {
      if (!('input' in item)) {
        results.push(refusedItem(item));
        continue;
      }
      const id = item.input.userProfileId;
      const earlier = firstAt.get(id);
      if (earlier !== undefined) {
        results.push({
          index: item.index,
          id,
          status: 'invalid',
          errors: [{ path: 'userProfileId', message: `appears already at index ${earlier} of this batch` }],
        });
        continue;
      }
      firstAt.set(id, item.index);
      valid.push({ index: item.index, command: item.input });
    }
    await inParallel(valid, WRITES_IN_FLIGHT, async ({ index, command }) => {
      const id = command.userProfileId;
      try {
        if (await this.upsert.changesNothing(command)) {
          results.push({ index, id, status: 'unchanged' });
          return;
        }
        const { created } = await this.upsert.execute(command);
        results.push({ index, id, status: created ? 'created' : 'replaced' });
      } catch (error) {
        const errors = refusal(error);
        if (errors === undefined) throw error;
        results.push({ index, id, status: 'invalid', errors });
      }
    });
    return summarise(results);
  }
}

/** Why an item was refused, when the refusal is about the item (not the store failing). */
function refusal(error: unknown): readonly ValidationIssue[] | undefined {
  if (error instanceof ValidationError) return error.issues;
  if (error instanceof DomainError && error.code === 'CONFLICT') return [{ path: 'identifiers', message: error.message }];
  return undefined;
}
