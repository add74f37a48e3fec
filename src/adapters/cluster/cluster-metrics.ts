import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import type { Logger } from '../logging/logger.js';
import type { PrometheusMetrics } from '../metrics/prometheus-metrics.js';

const ASK = 'vitrine:metrics-ask';
const ANSWER = 'vitrine:metrics-answer';
/** How long a worker waits for the merged metrics before it answers its own. */
const WAIT_MS = 5_000;

interface Answer {
  readonly type: typeof ANSWER;
  readonly id: number;
  readonly text?: string;
  readonly error?: string;
}

function isAnswer(message: unknown): message is Answer {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === ANSWER;
}

/**
 * What `/metrics` answers in a worker of node:cluster (WORKERS): every worker's metrics, merged
 * by the primary (prom-client's AggregatorRegistry: counts and histograms summed), since a scrape
 * reaches one worker at random. When the primary does not answer in time, the worker's own.
 */
export class WorkerMetricsSource {
  readonly contentType: string;
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: Answer) => void>();

  constructor(
    private readonly own: PrometheusMetrics,
    private readonly logger: Logger,
  ) {
    this.contentType = own.contentType;
    // The primary asks each worker for its registry; prom-client answers once an AggregatorRegistry exists here.
    AggregatorRegistry.setRegistries([own.registry]);
    new AggregatorRegistry();
    process.on('message', (message: unknown) => {
      if (isAnswer(message)) this.waiting.get(message.id)?.(message);
    });
  }

  async render(): Promise<string> {
    const id = this.nextId++;
    try {
      const answer = await new Promise<Answer>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the primary did not answer in time')), WAIT_MS);
        this.waiting.set(id, (received) => {
          clearTimeout(timer);
          done(received);
        });
        process.send?.({ type: ASK, id });
      });
      if (answer.text === undefined) throw new Error(answer.error ?? 'the primary could not merge the metrics');
      return answer.text;
    } catch (error) {
      this.logger.warn({ err: error }, "metrics of every worker not to be had: answering this worker's own");
      return this.own.render();
    } finally {
      this.waiting.delete(id);
    }
  }
}

/** In the primary process: merges the workers' metrics whenever a worker is asked for them. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== ASK) return;
    const { id } = message as { id: number };
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text }),
      (error: unknown) => worker.send({ type: ANSWER, id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
