import type { ReadinessCheck } from '../../domain/health/readiness-check.js';

export interface Readiness {
  /** True when every required store answers (a cache that is down only degrades speed). */
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, 'up' | 'down'>>;
}

/** Asks every configured store whether it answers. */
export class CheckReadiness {
  constructor(private readonly checks: readonly ReadinessCheck[]) {}

  async execute(): Promise<Readiness> {
    const results = await Promise.allSettled(this.checks.map((c) => c.check()));
    const checks: Record<string, 'up' | 'down'> = {};
    let ready = true;
    this.checks.forEach((c, i) => {
      const up = results[i]?.status === 'fulfilled';
      checks[c.name] = up ? 'up' : 'down';
      if (!up && c.required) ready = false;
    });
    return { ready, checks };
  }
}
