import { token } from '../shared/token.js';

/** One store or service the instance needs; `check` rejects when it does not answer. */
export interface ReadinessCheck {
  readonly name: string;
  check(): Promise<void>;
}

export const ReadinessChecksToken = token<readonly ReadinessCheck[]>('ReadinessChecks');
