import type { Clock } from '../../domain/shared/clock.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';

/** The machine's clock and timers. */
export class SystemClock implements Clock, Scheduler {
  now(): Date {
    return new Date();
  }

  breathe(): Promise<void> {
    return new Promise((resume) => setImmediate(resume));
  }

  after(delayMs: number, task: () => void): () => void {
    const timer = setTimeout(task, delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  }
}
