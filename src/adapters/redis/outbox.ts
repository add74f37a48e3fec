import type { Logger } from '../logging/logger.js';
import type { FailurePause } from './failure-pause.js';

/**
 * What an adapter owes Redis (invalidations, catalog news): sent at once when Redis answers, else
 * kept and sent again as soon as it does, so no news is lost to an outage of Redis alone.
 */
export class Outbox {
  private readonly kept = new Set<string>();

  constructor(
    private readonly pause: FailurePause,
    /** Sends the items; rejects when Redis did not take them. */
    private readonly sendNow: (items: readonly string[]) => Promise<void>,
    private readonly logger: Logger,
    /** What the items are, for the log line when kept ones are sent: "invalidations", "catalog news". */
    private readonly what: string,
  ) {}

  /** Whether nothing is owed. */
  get empty(): boolean {
    return this.kept.size === 0;
  }

  /** Sends the items now, or keeps them when Redis is being left alone or does not take them. */
  async deliver(items: readonly string[]): Promise<void> {
    if (items.length === 0) return;
    if (this.pause.paused || !(await this.attempt(items))) for (const item of items) this.kept.add(item);
  }

  /** Sends what was kept; answers whether nothing is owed any more. */
  async flush(): Promise<boolean> {
    if (this.kept.size === 0) return true;
    const items = [...this.kept];
    this.kept.clear();
    if (await this.attempt(items)) {
      this.logger.info({ items: items.length }, `sent ${this.what} Redis missed while it was away`);
      return true;
    }
    for (const item of items) this.kept.add(item);
    return false;
  }

  private async attempt(items: readonly string[]): Promise<boolean> {
    try {
      await this.sendNow(items);
      this.pause.succeeded();
      return true;
    } catch (error) {
      this.pause.failed(error);
      return false;
    }
  }
}
