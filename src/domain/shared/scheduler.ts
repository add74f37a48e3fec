import { token } from './token.js';

/**
 * Where the application gets timers from: never `setTimeout` itself, so that what runs later can be
 * tested at exact instants (a fake clock runs its due tasks as it is moved on). A scheduled task
 * never keeps the process alive.
 */
export interface Scheduler {
  /** Runs `task` once, `delayMs` from now; the answer cancels it. */
  after(delayMs: number, task: () => void): () => void;
  /**
   * Resolves once the event loop has served what waits (I/O, timers): long work done in steps
   * awaits it between them, so that requests are answered meanwhile. No time needs to pass.
   */
  breathe(): Promise<void>;
}

export const SchedulerToken = token<Scheduler>('Scheduler');
