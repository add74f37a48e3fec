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
    const claims = new Claims();
    for (const item of items) {
      if (!('input' in item)) {
        results.push(refusedItem(item));
        continue;
      }
      const id = item.input.userProfileId;
      const errors = this.claimedAlready(item.index, item.input, claims);
      if (errors !== undefined) results.push({ index: item.index, id, status: 'invalid', errors });
      else valid.push({ index: item.index, command: item.input });
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

  /**
   * Why an item cannot be written because an earlier item of the batch claimed its profile id or
   * one of its identifiers (the later item is refused, whatever order the writes would land in),
   * or because it is invalid; else undefined, and its claims are recorded.
   */
  private claimedAlready(index: number, command: UpsertProfileCommand, claims: Claims): readonly ValidationIssue[] | undefined {
    const earlier = claims.ids.get(command.userProfileId);
    if (earlier !== undefined) return [{ path: 'userProfileId', message: `appears already at index ${earlier} of this batch` }];
    let given: ReadonlyMap<string, string>;
    try {
      given = this.upsert.identifiersGiven(command);
    } catch (error) {
      if (error instanceof ValidationError) return error.issues;
      throw error;
    }
    const taken = [...given].flatMap(([key, path]) => {
      const by = claims.identifiers.get(key);
      return by === undefined ? [] : [{ path, message: `is given already by the item at index ${by} of this batch` }];
    });
    if (taken.length > 0) return taken;
    claims.ids.set(command.userProfileId, index);
    for (const key of given.keys()) claims.identifiers.set(key, index);
    return undefined;
  }
}

/** What the items of a batch claimed so far: profile ids and identifiers, each by the index of the first item. */
class Claims {
  readonly ids = new Map<string, number>();
  readonly identifiers = new Map<string, number>();
}

/** Why an item was refused, when the refusal is about the item (not the store failing). */
function refusal(error: unknown): readonly ValidationIssue[] | undefined {
  if (error instanceof ValidationError) return error.issues;
  if (error instanceof DomainError && error.code === 'CONFLICT') return [{ path: 'identifiers', message: error.message }];
  return undefined;
}
