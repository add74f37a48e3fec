import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';

describe('the fake clock as a scheduler', () => {
  it('runs a task exactly when moved to its instant, not a millisecond before', () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const ran: string[] = [];
    clock.after(5_000, () => ran.push(clock.now().toISOString()));
    clock.advance(4_999);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['2026-11-21T12:00:05.000Z']);
    clock.advance(60_000);
    expect(ran).toHaveLength(1);
  });

  it('runs due tasks in time order, each at its own instant, and those they schedule within the move', () => {
    const clock = new FakeClock('2026-11-21T12:00:00.000Z');
    const ran: string[] = [];
    const every = (ms: number, name: string) => {
      const tick = () => {
        ran.push(`${name}@${clock.now().getTime() - Date.parse('2026-11-21T12:00:00.000Z')}`);
        clock.after(ms, tick);
      };
      clock.after(ms, tick);
    };
    every(3_000, 'a');
    every(5_000, 'b');
    clock.advance(10_000);
    expect(ran).toEqual(['a@3000', 'b@5000', 'a@6000', 'a@9000', 'b@10000']);
    expect(clock.now().toISOString()).toBe('2026-11-21T12:00:10.000Z');
  });

  it('forgets a cancelled task', () => {
    const clock = new FakeClock();
    let ran = false;
    const cancel = clock.after(1_000, () => (ran = true));
    cancel();
    clock.advance(2_000);
    expect({ ran, scheduled: clock.scheduled }).toEqual({ ran: false, scheduled: 0 });
  });
});
