import type { Clock } from '../../domain/shared/clock.js';
import { DomainError, type DomainErrorCode } from '../../domain/shared/errors.js';
import { NO_ANSWER_CACHE, type AnswerCache, type CacheSettings } from './answer-cache.js';

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: DomainErrorCode; readonly message: string };

export interface ReadOptions<T> {
  /** Until when the answer may be served from the cache; default: now + CACHE_TTL. */
  readonly expiresAt?: (answer: { value?: T; code?: DomainErrorCode }, now: Date) => Promise<Date | undefined> | Date | undefined;
  /** Domain errors that are answers worth caching too (e.g. "no active slice"), not failures. */
  readonly cachedErrors?: readonly DomainErrorCode[];
}

/**
 * Read-through caching for the hot reads, shared by the use cases: look the key up; on a miss,
 * compute the answer once per process however many requests wait for it (single flight), answer
 * it, and store it in the background. Invalidations go through here too.
 */
export class CachedAnswers {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly writeBacks = new Set<Promise<void>>();

  constructor(
    private readonly cache: AnswerCache,
    private readonly clock: Clock,
    private readonly settings: CacheSettings,
  ) {}

  /** No shared cache: for embedding and tests, where every read may compute its answer. */
  static withoutCache(clock: Clock): CachedAnswers {
    return new CachedAnswers(NO_ANSWER_CACHE, clock, { ttlMs: 0 });
  }

  async read<T>(key: string, compute: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = this.load(key, compute, options);
      this.inFlight.set(key, pending);
      const started = pending;
      const forget = () => {
        if (this.inFlight.get(key) === started) this.inFlight.delete(key);
      };
      started.then(forget, forget);
    }
    const outcome = await pending;
    if (outcome.ok) return outcome.value as T;
    throw new DomainError(outcome.code, outcome.message);
  }

  /** Resolves once every write-back started so far has been handed to the cache. */
  async settle(): Promise<void> {
    await Promise.all(this.writeBacks);
  }

  /**
   * Runs a write, then forgets the answers it changes. A write that failed in a way that says
   * nothing changed (a domain error such as "not found") changes nothing; one whose outcome is
   * unknown (the store did not answer in time, or failed unexpectedly) may have happened, so the
   * answers are forgotten then too.
   */
  async afterWrite<T>(keys: readonly string[], write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'UNAVAILABLE') await this.invalidate(keys);
      throw error;
    }
    await this.invalidate(keys);
    return result;
  }

  /** Forgets the answers under these keys, in this process and in the shared cache. */
  invalidate(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.inFlight.delete(key);
    return this.cache.invalidate(keys);
  }

  private async load<T>(key: string, compute: () => Promise<T>, options: ReadOptions<T>): Promise<Outcome> {
    const { value: cached, stamp } = await this.cache.lookup(key);
    if (cached !== undefined) {
      const decoded = decode(cached);
      if (decoded !== undefined) return decoded;
    }
    const now = this.clock.now();
    let outcome: Outcome;
    try {
      outcome = { ok: true, value: await compute() };
    } catch (error) {
      if (!(error instanceof DomainError) || !(options.cachedErrors ?? []).includes(error.code)) throw error;
      outcome = { ok: false, code: error.code, message: error.message };
    }
    if (this.cache.enabled) {
      const writing = this.writeBack(key, outcome, stamp, now, options);
      this.writeBacks.add(writing);
      void writing.then(() => this.writeBacks.delete(writing));
    }
    return outcome;
  }

  /** Off the request path: how long the answer may live, then store it. Failures only cost a future miss. */
  private async writeBack<T>(key: string, outcome: Outcome, stamp: unknown, now: Date, options: ReadOptions<T>): Promise<void> {
    try {
      const latest = now.getTime() + this.settings.ttlMs;
      const answer = outcome.ok ? { value: outcome.value as T } : { code: outcome.code };
      const limit = options.expiresAt === undefined ? undefined : await options.expiresAt(answer, now);
      const until = new Date(limit === undefined ? latest : Math.min(latest, limit.getTime()));
      this.cache.store(key, encode(outcome), { from: now, until }, stamp);
    } catch {
      // The answer was served; not caching it is the safe side.
    }
  }
}

/** JSON that keeps Dates: `{ "$date": epochMs }`. */
function encode(outcome: Outcome): string {
  return JSON.stringify(outcome, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : value;
  });
}

function decode(text: string): Outcome | undefined {
  try {
    const outcome = JSON.parse(text, (_key, value: unknown) => {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const record = value as Record<string, unknown>;
        if (typeof record.$date === 'number' && Object.keys(record).length === 1) return new Date(record.$date);
      }
      return value;
    }) as Outcome;
    return typeof outcome === 'object' && outcome !== null && typeof outcome.ok === 'boolean' ? outcome : undefined;
  } catch {
    return undefined; // an unreadable entry is a miss
  }
}
