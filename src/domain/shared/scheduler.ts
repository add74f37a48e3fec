import { token } from './token.js';

/**
 * Where the application gets timers from: never `setTimeout` itself, so that what runs later can be
 * tested at exact instants (a fake clock runs its due tasks as it is moved on). A scheduled task
 * never keeps the process alive.
 */
export interface Scheduler {
  /** Runs `task` once, `delayMs` from now; the answer cancels it. */
  after(delayMs: number, task: () => void): () => void;
}

export const SchedulerToken = token<Scheduler>('Scheduler');
