import type { Clock } from '../../domain/shared/clock.js';
import { DomainError, type DomainErrorCode } from '../../domain/shared/errors.js';
import { token } from '../../domain/shared/token.js';
import { NO_CACHE_OBSERVER, type CacheObserver } from '../../domain/caching/cache-observer.js';
import { NO_SHARED_CACHE, type SharedCache, type Validity } from '../../domain/caching/shared-cache.js';
import { cacheKeyFamily } from './cache-keys.js';
import { RecentlyUsed } from '../shared/recently-used.js';

export interface CacheSettings {
  /** How long an answer may be served from the cache (CACHE_TTL). */
  readonly ttlMs: number;
  /** How many answers each process keeps in its own memory (CACHE_LOCAL_ENTRIES); 0: none. */
  readonly localEntries?: number;
}

export const CacheSettingsToken = token<CacheSettings>('CacheSettings');

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: DomainErrorCode; readonly message: string };

export interface ReadOptions<T> {
  /** Until when the answer may be served from the cache; default: now + CACHE_TTL. */
  readonly expiresAt?: (answer: { value?: T; code?: DomainErrorCode }, now: Date) => Promise<Date | undefined> | Date | undefined;
  /** Domain errors that are answers worth caching too (e.g. "no active slice"), not failures. */
  readonly cachedErrors?: readonly DomainErrorCode[];
}

/** An answer kept in this process, served as it is (the same object) while the clock is within its validity. */
interface LocalEntry {
  readonly outcome: Outcome;
  readonly fromMs: number;
  readonly untilMs: number;
}

/** A computation under way: an invalidation of its key while it runs marks it stale, and it is then not kept. */
interface Ticket {
  stale: boolean;
}

/** How many answers a process keeps when the settings do not say. */
export const DEFAULT_LOCAL_ENTRIES = 10_000;

/**
 * Read-through caching for the hot reads, shared by the use cases, on two layers: answers kept in
 * this process (served as the same object, so the HTTP layer serialises each answer once), then
 * the shared cache (Redis). On a miss in both, the answer is computed once per process however
 * many requests wait for it (single flight), answered, and kept in the background.
 *
 * Invalidations go through here: they drop the answers here and in the shared cache, which tells
 * the other instances so they drop theirs. When news of other instances' invalidations may have
 * been missed (the shared cache reconnected), every answer kept here is dropped. An answer computed
 * while its key was invalidated is never kept. Every kept answer expires within CACHE_TTL, or
 * sooner when its own expiry (a slice transition) comes first.
 */
export class AnswerCache {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly writeBacks = new Set<Promise<void>>();
  /** Answers kept in this process, the one written longest ago forgotten first for room. */
  private readonly local: RecentlyUsed<LocalEntry>;
  private readonly tickets = new Map<string, Set<Ticket>>();
  private readonly localEntries: number;

  constructor(
    private readonly cache: SharedCache,
    private readonly clock: Clock,
    private readonly settings: CacheSettings,
    private readonly observer: CacheObserver = NO_CACHE_OBSERVER,
  ) {
    this.localEntries = settings.localEntries ?? DEFAULT_LOCAL_ENTRIES;
    this.local = new RecentlyUsed(Math.max(1, this.localEntries));
    cache.watch({
      invalidated: (keys) => this.forget(keys),
      missedSome: () => this.forgetEverything(),
    });
  }

  /** No cache at all: for embedding and tests, where every read computes its answer. */
  static withoutCache(clock: Clock): AnswerCache {
    return new AnswerCache(NO_SHARED_CACHE, clock, { ttlMs: 0, localEntries: 0 });
  }

  async read<T>(key: string, compute: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    if (this.localEntries > 0) {
      const kept = this.kept(key);
      this.observer.lookedUp(cacheKeyFamily(key), 'local', kept !== undefined);
      if (kept !== undefined) return unwrap<T>(kept);
    }
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
    return unwrap<T>(await pending);
  }

  /**
   * The answer kept in this process under `key`, at once and without any I/O, when there is one
   * (an error kept as an answer is not given here: `read` gives it). Only hits are reported to the
   * observer, so a request that peeks, misses and then reads counts one lookup; a look that is not
   * the answer's use (whether one is held, before deciding) is not `counted`.
   */
  peek<T>(key: string, counted = true): T | undefined {
    if (this.localEntries <= 0) return undefined;
    const kept = this.kept(key);
    if (kept === undefined || !kept.ok) return undefined;
    if (counted) this.observer.lookedUp(cacheKeyFamily(key), 'local', true);
    return kept.value as T;
  }

  /**
   * Like `peek`, but also telling an error kept as an answer from nothing kept: the value, the
   * error's code, or undefined. Never counted: for a caller that only wants what is at hand.
   */
  peekOutcome<T>(key: string): { readonly value: T } | { readonly code: DomainErrorCode } | undefined {
    if (this.localEntries <= 0) return undefined;
    const kept = this.kept(key);
    if (kept === undefined) return undefined;
    return kept.ok ? { value: kept.value as T } : { code: kept.code };
  }

  /** Resolves once every answer computed so far has been kept here and handed to the shared cache. */
  async settled(): Promise<void> {
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

  /** Forgets the answers under these keys: here, in the shared cache, and (through it) in every other instance. */
  invalidate(keys: readonly string[]): Promise<void> {
    this.forget(keys);
    return this.cache.invalidate(keys);
  }

  /** Drops what this process keeps under these keys, and marks computations of them under way as stale. */
  private forget(keys: readonly string[]): void {
    for (const key of keys) {
      this.inFlight.delete(key);
      this.local.delete(key);
      const running = this.tickets.get(key);
      if (running !== undefined) for (const ticket of running) ticket.stale = true;
    }
  }

  private forgetEverything(): void {
    this.inFlight.clear();
    this.local.clear();
    for (const running of this.tickets.values()) for (const ticket of running) ticket.stale = true;
  }

  /** The answer kept here under `key`, if the clock is within its validity. */
  private kept(key: string): Outcome | undefined {
    const entry = this.local.peek(key);
    if (entry === undefined) return undefined;
    const now = this.clock.now().getTime();
    if (now >= entry.untilMs) {
      this.local.delete(key);
      return undefined;
    }
    return entry.fromMs <= now ? entry.outcome : undefined;
  }

  private async load<T>(key: string, compute: () => Promise<T>, options: ReadOptions<T>): Promise<Outcome> {
    const ticket: Ticket = { stale: false };
    let running = this.tickets.get(key);
    if (running === undefined) this.tickets.set(key, (running = new Set()));
    running.add(ticket);
    let handedOff = false;
    try {
      const { value: cached, stamp, validity } = await this.cache.lookup(key);
      const decoded = cached === undefined ? undefined : decode(cached);
      if (this.cache.enabled) this.observer.lookedUp(cacheKeyFamily(key), 'shared', decoded !== undefined);
      if (decoded !== undefined) {
        if (validity !== undefined) this.keep(key, ticket, decoded, validity);
        return decoded;
      }
      const now = this.clock.now();
      let outcome: Outcome;
      try {
        outcome = { ok: true, value: await compute() };
      } catch (error) {
        if (!(error instanceof DomainError) || !(options.cachedErrors ?? []).includes(error.code)) throw error;
        outcome = { ok: false, code: error.code, message: error.message };
      }
      if (this.localEntries > 0 || this.cache.enabled) {
        handedOff = true;
        const writing = this.writeBack(key, ticket, outcome, stamp, now, options);
        this.writeBacks.add(writing);
        void writing.then(() => this.writeBacks.delete(writing));
      }
      return outcome;
    } finally {
      if (!handedOff) this.release(key, ticket);
    }
  }

  /** Off the request path: how long the answer may live, then keep it here and in the shared cache. */
  private async writeBack<T>(
    key: string,
    ticket: Ticket,
    outcome: Outcome,
    stamp: unknown,
    now: Date,
    options: ReadOptions<T>,
  ): Promise<void> {
    try {
      const latest = now.getTime() + this.settings.ttlMs;
      const answer = outcome.ok ? { value: outcome.value as T } : { code: outcome.code };
      const limit = options.expiresAt === undefined ? undefined : await options.expiresAt(answer, now);
      const validity = { from: now, until: new Date(limit === undefined ? latest : Math.min(latest, limit.getTime())) };
      this.keep(key, ticket, outcome, validity);
      if (this.cache.enabled) this.cache.store(key, encode(outcome), validity, stamp);
    } catch {
      // The answer was served; not caching it is the safe side.
    } finally {
      this.release(key, ticket);
    }
  }

  /** Keeps an answer in this process, unless its key was invalidated while it was being had. */
  private keep(key: string, ticket: Ticket, outcome: Outcome, validity: Validity): void {
    if (this.localEntries <= 0 || ticket.stale) return;
    const untilMs = validity.until.getTime();
    if (untilMs <= this.clock.now().getTime()) return;
    this.local.set(key, { outcome, fromMs: validity.from.getTime(), untilMs });
  }

  private release(key: string, ticket: Ticket): void {
    const running = this.tickets.get(key);
    running?.delete(ticket);
    if (running?.size === 0) this.tickets.delete(key);
  }
}

function unwrap<T>(outcome: Outcome): T {
  if (outcome.ok) return outcome.value as T;
  throw new DomainError(outcome.code, outcome.message);
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
