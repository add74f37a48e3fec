import { LEASE_RENEW_MS, LEASE_TTL_MS, type ListsLease, type SharedLists } from '../../domain/product/shared-lists.js';
import type { ReadinessCheck } from '../../domain/health/readiness-check.js';
import type { Scheduler } from '../../domain/shared/scheduler.js';
import { FencedOut, PASS_PAUSE_MS, type PublishLists } from './publish-lists.js';

/** What the instance does when it becomes the builder, and when it stops being one. */
export interface BuilderRole {
  /** Starts following the catalog and the events (the engine is built). */
  lead(): Promise<void>;
  /** Stops following them. */
  stepDown(): Promise<void>;
}

/** Where the instance stands. */
export type Standing = 'reader' | 'builder';

/**
 * Who builds the lists: every instance tries to take the lease every LEASE_RENEW_MS; the one that
 * holds it is the builder (it follows the catalog and the events and publishes the lists pass
 * after pass, PublishLists), renewing it as it goes. A builder told another holds the lease, or
 * whose write was fenced out (another took a later lease), steps down at once; the others take the
 * lease within LEASE_TTL_MS of its last renewal. A builder that could not reach the store goes on
 * (its writes are refused once another holds the lease). Stopping gives the lease up, so a
 * planned stop hands over at once.
 */
export class ListsLeadership {
  readonly name = 'lists-leadership';
  private lease: ListsLease | undefined;
  private cancelTimer: (() => void) | undefined;
  private passes: Promise<void> | undefined;
  private stopped = true;
  /** The change of role under way, if any. */
  private changing: Promise<void> | undefined;
  private passCount = 0;
  private publishedCount = 0;
  /** Ends the rest between two passes early (the builder stepping down). */
  private wake: (() => void) | undefined;

  constructor(
    private readonly shared: SharedLists,
    private readonly publisher: PublishLists,
    private readonly role: BuilderRole,
    private readonly scheduler: Scheduler,
    private readonly holder: string,
  ) {}

  get standing(): Standing {
    return this.lease === undefined ? 'reader' : 'builder';
  }

  /** The lease held (0: none), and what was published under this instance's leases. */
  get figures(): { lease: number; passes: number; published: number } {
    return { lease: this.lease?.version ?? 0, passes: this.passCount, published: this.publishedCount };
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    await this.changing?.catch(() => undefined);
    const lease = this.lease;
    await this.stepDown();
    if (lease !== undefined) await this.shared.release(lease).catch(() => undefined);
  }

  /**
   * Claims or renews the lease, and takes up or gives up the builder's work accordingly. The work
   * of changing roles (reading the whole catalog, learning the history) runs beside the renewals,
   * never in their way: a lease is renewed every LEASE_RENEW_MS whatever the builder is doing.
   */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    let lease: ListsLease | undefined;
    try {
      lease = await this.shared.claim(this.holder, LEASE_TTL_MS);
    } catch {
      // The lease store did not answer (or too late): this instance goes on as it stands. A builder
      // whose lease lapsed meanwhile and was taken hears so from its next claim, and its writes
      // are refused from the moment the other took it (fencing): never two builders writing.
      lease = this.lease;
    }
    if (!this.stopped) this.cancelTimer = this.scheduler.after(LEASE_RENEW_MS, () => void this.tick());
    // One change of role at a time; a claim answered meanwhile is acted on by the next tick.
    if (this.changing !== undefined) return;
    const change =
      lease === undefined
        ? this.lease === undefined
          ? undefined
          : () => this.stepDown()
        : this.lease === undefined
          ? () => this.takeUp(lease)
          : this.lease.version !== lease.version
            ? () => this.carryOn(lease)
            : undefined;
    if (change === undefined) return;
    this.changing = change().finally(() => (this.changing = undefined));
    await this.changing;
  }

  /**
   * A builder that got its lease again under a new version (its renewals did not reach the store
   * in time, so it lapsed): when the version is the next one, nobody held it in between, and the
   * lists it published stand; it goes on under the new version. Otherwise it starts afresh.
   */
  private async carryOn(lease: ListsLease): Promise<void> {
    if (lease.version !== this.lease!.version + 1) return this.takeUp(lease);
    const passes = this.passes;
    this.lease = lease;
    this.wake?.();
    await passes?.catch(() => undefined);
    this.passes = this.publishWhileLeading(lease);
  }

  private async takeUp(lease: ListsLease): Promise<void> {
    await this.stepDown();
    this.lease = lease;
    this.publisher.restart();
    await this.role.lead();
    this.passes = this.publishWhileLeading(lease);
  }

  private async stepDown(): Promise<void> {
    if (this.lease === undefined) return;
    this.lease = undefined;
    this.wake?.();
    await this.passes?.catch(() => undefined);
    this.passes = undefined;
    await this.role.stepDown();
  }

  /** Passes one after another while `lease` is this instance's, a short rest between them. */
  private async publishWhileLeading(lease: ListsLease): Promise<void> {
    const leading = () => this.lease?.version === lease.version && !this.stopped;
    while (leading()) {
      try {
        const report = await this.publisher.pass(lease, () => !leading());
        this.passCount++;
        this.publishedCount += report.published;
      } catch (error) {
        if (error instanceof FencedOut) {
          if (leading()) void this.stepDown();
          return;
        }
      }
      if (!leading()) return;
      await new Promise<void>((done) => {
        const cancel = this.scheduler.after(PASS_PAUSE_MS, () => done());
        this.wake = () => {
          cancel();
          done();
        };
      });
      this.wake = undefined;
    }
  }
}

/**
 * Readiness where the lists are shared: an instance is ready once the lists were made whole (a
 * builder published every product once), so its answers use the whole catalog. Once whole, they
 * stay whole (a new builder's rebuild goes over them).
 */
export class ListsReadiness implements ReadinessCheck {
  readonly name = 'similar-lists';
  readonly required = true;
  private whole = false;

  constructor(private readonly shared: SharedLists) {}

  async check(): Promise<void> {
    if (!this.whole) this.whole = await this.shared.complete();
    if (!this.whole) throw new Error('the similar-products lists are being published for the first time');
  }
}
