import { token } from '../shared/token.js';

/** One store or service the instance uses; `check` rejects when it does not answer. */
export interface ReadinessCheck {
  readonly name: string;
  /** Whether the instance can serve without it: a cache that fails open is not required. */
  readonly required: boolean;
  check(): Promise<void>;
}

export const ReadinessChecksToken = token<readonly ReadinessCheck[]>('ReadinessChecks');
