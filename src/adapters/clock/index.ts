export { SystemClock } from './system-clock.js';
export { FakeClock } from './fake-clock.js';
