import type { Scheduler } from '../../domain/shared/scheduler.js';

export interface RecurringRunSettings {
  /** How often the work runs on its own after start; undefined: only when asked. */
  readonly everyMs?: number | undefined;
  /** How long to wait before trying again when a run failed. Default 5 s. */
  readonly retryAfterMs?: number | undefined;
}

/**
 * Work that brings something back in line with a store (reading the whole catalog again, learning
 * the events afresh): run at start, when asked, every `everyMs` when configured, and again
 * `retryAfterMs` after a failure. Concurrent requests share one run; a request during a run makes
 * one more run follow it. One timer at most.
 */
export class RecurringRun {
  private running: Promise<void> | undefined;
  private again = false;
  private cancelTimer: (() => void) | undefined;
  private halted = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly scheduler: Scheduler,
    private readonly settings: RecurringRunSettings = {},
  ) {}

  /** Whether `stop` was called (and `start` not since): a run under way stops at its next step. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Runs the work; then every `everyMs` when configured. */
  async start(): Promise<void> {
    this.halted = false;
    await this.run();
    const every = this.settings.everyMs;
    // A retry already scheduled (a run that failed meanwhile) schedules the period when it has run.
    if (every !== undefined && this.cancelTimer === undefined) this.schedule(every);
  }

  async stop(): Promise<void> {
    this.halted = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Resolves once the run under way, if any, has ended (whether it failed or not). */
  async settled(): Promise<void> {
    while (this.running !== undefined) await this.running.catch(() => undefined);
  }

  /** Runs the work now (or joins the run under way, and makes one more follow it). */
  run(): Promise<void> {
    if (this.halted) return Promise.resolve();
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      try {
        do {
          this.again = false;
          await this.work();
        } while (this.again && !this.halted);
      } finally {
        this.running = undefined;
      }
    })();
    this.running = run;
    run.catch(() => this.retryLater());
    return run;
  }

  /** Runs again after `retryAfterMs`, unless a run is scheduled already. */
  retryLater(): void {
    if (this.halted || this.cancelTimer !== undefined) return;
    this.schedule(this.settings.retryAfterMs ?? 5_000);
  }

  /** Runs after `ms`, then every `everyMs` when configured (a failure retries sooner). */
  private schedule(ms: number): void {
    this.cancelTimer?.();
    const cancel = this.scheduler.after(ms, () => {
      if (this.cancelTimer === cancel) this.cancelTimer = undefined;
      if (this.halted) return;
      this.run().then(
        () => {
          const every = this.settings.everyMs;
          if (!this.halted && this.cancelTimer === undefined && every !== undefined) this.schedule(every);
        },
        () => undefined, // retried by run's own failure handling
      );
    });
    this.cancelTimer = cancel;
  }
}
