import type { FakeClock } from '../../src/adapters/clock/fake-clock.js';

/** Something whose work a move of the clock started can be waited for. */
export interface Settling {
  settle(): Promise<void>;
}

/**
 * Lets time pass until `target` (an instant, or milliseconds from now) as it would: the clock
 * stops at every task due on the way, and the work each starts runs to its end before it moves on.
 */
export async function passTo(clock: FakeClock, target: string | number, ...waiting: Settling[]): Promise<void> {
  const end = typeof target === 'number' ? clock.now().getTime() + target : Date.parse(target);
  const settle = () => Promise.all(waiting.map((w) => w.settle()));
  for (let steps = 0; steps < 100_000; steps++) {
    const next = clock.nextTaskAt;
    if (next === undefined || next.getTime() > end) break;
    clock.set(next);
    await settle();
  }
  clock.set(end);
  await settle();
}
