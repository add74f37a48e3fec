/**
 * A walk that measures something large (the bytes an index holds), pausing every PAUSE_EVERY items
 * so that whoever runs it can give the event loop back between slices; its value is the figure.
 */
export type MeasuringWalk = Generator<void, number, void>;

/** How many items a measuring walk counts between two pauses. */
export const PAUSE_EVERY = 2048;

/** A measuring walk run to its end at once (tests, benchmarks, small structures). */
export function walkedWhole(walk: MeasuringWalk): number {
  for (;;) {
    const step = walk.next();
    if (step.done === true) return step.value;
  }
}
