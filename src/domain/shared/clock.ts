import { token } from './token.js';

/** Where the domain and the use cases get the time from: never `new Date()` or `Date.now()`. */
export interface Clock {
  now(): Date;
}

export const ClockToken = token<Clock>('Clock');
