/** The service's own container, built from its modules, on the embedded default with a fake clock: what the use-case tests take their use cases from. */
import type { Container } from 'inversify';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { parseConfig } from '../../src/composition/config.js';
import { createContainer, type Overrides } from '../../src/composition/container.js';
import { resolve } from '../../src/composition/resolve.js';
import type { Token } from '../../src/domain/shared/token.js';
import { T0 } from './mothers.js';
import { EngineTuningToken } from '../../src/composition/adapters/similarity.js';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { SchedulerToken } from '../../src/domain/shared/scheduler.js';
import { override } from '../../src/composition/overrides.js';

type Newable<T> = abstract new (...args: never[]) => T;

export interface TestContainer {
  readonly container: Container;
  readonly clock: FakeClock;
  get<T>(id: Token<T> | Newable<T>): T;
}

/**
 * The container `main` builds, from the same feature and adapter modules, with a fake clock that
 * also runs the scheduled tasks, and a similarity engine that computes its lists when asked (no
 * background work to wait for). `env` is the configuration; `overrides` replace single ports.
 */
export function testContainer(
  options: { clock?: FakeClock; env?: Record<string, string>; overrides?: Overrides } = {},
): TestContainer {
  const clock = options.clock ?? new FakeClock(T0);
  const config = parseConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false', ...options.env });
  const container = createContainer(config, [
    override(ClockToken, clock),
    override(SchedulerToken, clock),
    override(EngineTuningToken, { background: false }),
    ...(options.overrides ?? []),
  ]);
  return { container, clock, get: (id) => resolve(container, id) };
}
