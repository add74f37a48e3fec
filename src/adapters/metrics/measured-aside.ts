/** How long a measuring walk may hold the event loop at a time, in milliseconds. */
const SLICE_MS = 4;

/**
 * A figure too long to work out during a scrape (a walk of every product of the catalog), worked
 * out off the request instead: its walk runs in slices of SLICE_MS, giving the event loop back
 * between them, and reading it serves the last complete value and starts the next walk (when none
 * is running). A scrape thus reports the figure as measured since the one before it, at a cost
 * that does not grow with the catalog.
 */
export class MeasuredAside {
  private value = 0;
  private walking = false;

  /** `walk` pauses (yields) often; its value is the figure. Its first walk starts now, its first slice at once. */
  constructor(private readonly walk: () => Generator<void, number, void>) {
    this.start(true);
  }

  read(): number {
    if (!this.walking) this.start(false);
    return this.value;
  }

  /** Resolves with the figure once the walk running now (or a new one) is complete. */
  async settled(): Promise<number> {
    if (!this.walking) this.start(false);
    while (this.walking) await new Promise((resolve) => setImmediate(resolve));
    return this.value;
  }

  private start(now: boolean): void {
    this.walking = true;
    const walk = this.walk();
    const slice = (): void => {
      const until = performance.now() + SLICE_MS;
      for (;;) {
        const step = walk.next();
        if (step.done === true) {
          this.value = step.value;
          this.walking = false;
          return;
        }
        if (performance.now() >= until) break;
      }
      setImmediate(slice).unref();
    };
    if (now) slice();
    else setImmediate(slice).unref();
  }
}
