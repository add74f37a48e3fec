import type { Clock } from '../../domain/shared/clock.js';

/** A clock that stands still until told to move: time rules are tested at exact instants. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
    if (!Number.isFinite(this.current)) throw new RangeError(`FakeClock: not an instant: ${String(start)}`);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date | string | number): void {
    const next = new Date(at).getTime();
    if (!Number.isFinite(next)) throw new RangeError(`FakeClock: not an instant: ${String(at)}`);
    this.current = next;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}
