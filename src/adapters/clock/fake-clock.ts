import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';

interface Task {
  readonly at: number;
  readonly run: () => void;
}

/**
 * A clock that stands still until told to move: time rules are tested at exact instants. As a
 * scheduler, it runs each task when it is moved to or past the task's instant, in time order (a
 * task scheduled while others run is run in the same move when it falls within it).
 */
export class FakeClock implements Clock, Scheduler {
  private current: number;
  private readonly tasks = new Set<Task>();

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z') {
    this.current = instant(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves to `at` (backwards too: then nothing runs). */
  set(at: Date | string | number): void {
    this.moveTo(instant(at));
  }

  advance(milliseconds: number): void {
    this.moveTo(this.current + milliseconds);
  }

  breathe(): Promise<void> {
    return new Promise((resume) => setImmediate(resume));
  }

  after(delayMs: number, run: () => void): () => void {
    const task = { at: this.current + Math.max(0, delayMs), run };
    this.tasks.add(task);
    return () => this.tasks.delete(task);
  }

  /** When the earliest task waiting is due; undefined: none waits. */
  get nextTaskAt(): Date | undefined {
    let next: number | undefined;
    for (const task of this.tasks) if (next === undefined || task.at < next) next = task.at;
    return next === undefined ? undefined : new Date(next);
  }

  /** How many tasks wait to run. */
  get scheduled(): number {
    return this.tasks.size;
  }

  private moveTo(target: number): void {
    for (;;) {
      let next: Task | undefined;
      for (const task of this.tasks) if (task.at <= target && (next === undefined || task.at < next.at)) next = task;
      if (next === undefined) break;
      this.tasks.delete(next);
      this.current = Math.max(this.current, next.at);
      next.run();
    }
    this.current = target;
  }
}

function instant(value: Date | string | number): number {
  const at = new Date(value).getTime();
  if (!Number.isFinite(at)) throw new RangeError(`FakeClock: not an instant: ${String(value)}`);
  return at;
}
