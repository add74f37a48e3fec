import { token } from '../../domain/shared/token.js';

/** Where `/metrics` gets its text: this process' registry, or every worker's merged by the primary. */
export interface MetricsSource {
  readonly contentType: string;
  render(): Promise<string>;
}

export const MetricsSourceToken = token<MetricsSource>('MetricsSource');
