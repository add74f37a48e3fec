import type { Clock } from '../../domain/shared/clock.js';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
