import type { ReadinessCheck } from '../../domain/health/readiness-check.js';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, 'up' | 'down'>>;
}

/** Asks every configured store whether it answers. */
export class CheckReadiness {
  constructor(private readonly checks: readonly ReadinessCheck[]) {}

  async execute(): Promise<Readiness> {
    const results = await Promise.allSettled(this.checks.map((c) => c.check()));
    const checks: Record<string, 'up' | 'down'> = {};
    this.checks.forEach((c, i) => {
      checks[c.name] = results[i]?.status === 'fulfilled' ? 'up' : 'down';
    });
    return { ready: Object.values(checks).every((s) => s === 'up'), checks };
  }
}
