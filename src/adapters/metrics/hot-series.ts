import type { Registry } from 'prom-client';

/** What prom-client asks a metric for when it is scraped (the shape its own metrics give). */
interface MetricValue {
  readonly value: number;
  readonly labels: Readonly<Record<string, string | number>>;
  readonly metricName?: string;
}

interface ScrapedMetric {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'histogram';
  readonly aggregator: 'sum';
  get(): { name: string; help: string; type: 'counter' | 'histogram'; aggregator: 'sum'; values: MetricValue[] };
  reset(): void;
}

/** One label set's count, sum and bucket counts. */
interface Cell {
  readonly labels: Readonly<Record<string, string>>;
  count: number;
  sum: number;
  readonly buckets: Float64Array;
}

/**
 * A counter and a histogram over the same label sets, kept as plain numbers and handed to
 * prom-client only when scraped: recording a request is a few map lookups and additions, with
 * no label hashing and nothing allocated once a label set has been seen. Registered on a
 * prom-client registry like its own metrics (and merged across workers the same way).
 *
 * Written by hand because `npm run bench` measured prom-client's labelled Counter and Histogram
 * (with its Counter for the cache lookups below) in the service's own request handler at 1.4 to
 * 1.9 µs more per request than these, 6.3 to 8.1% of a hot read (a profile lookup, about 23 µs of
 * CPU) over three runs: over
 * the 3% a library may cost (docs/benchmarks.md, "hand-written parts").
 */
export class RequestSeries {
  private readonly cells = new Map<string, Map<string, Map<number, Cell>>>();

  constructor(
    registry: Registry,
    private readonly names: { readonly counter: string; readonly histogram: string },
    help: { readonly counter: string; readonly histogram: string },
    private readonly bounds: readonly number[],
  ) {
    const reset = () => this.cells.clear();
    registerScraped(registry, { name: names.counter, help: help.counter, type: 'counter' }, () => this.counterValues(), reset);
    registerScraped(
      registry,
      { name: names.histogram, help: help.histogram, type: 'histogram' },
      () => this.histogramValues(),
      reset,
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.cells.get(route);
    if (byMethod === undefined) this.cells.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let cell = byStatus.get(status);
    if (cell === undefined) {
      cell = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Float64Array(this.bounds.length),
      };
      byStatus.set(status, cell);
    }
    cell.count++;
    cell.sum += seconds;
    const { bounds } = this;
    const { buckets } = cell;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= (bounds[i] as number)) {
        buckets[i] = (buckets[i] as number) + 1;
        break;
      }
    }
  }

  private *allCells(): Iterable<Cell> {
    for (const byMethod of this.cells.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  private counterValues(): MetricValue[] {
    return [...this.allCells()].map((cell) => ({ value: cell.count, labels: cell.labels }));
  }

  private histogramValues(): MetricValue[] {
    const name = this.names.histogram;
    const values: MetricValue[] = [];
    for (const cell of this.allCells()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += cell.buckets[i] as number;
        values.push({ metricName: `${name}_bucket`, value: cumulative, labels: { le: bound, ...cell.labels } });
      });
      values.push({ metricName: `${name}_bucket`, value: cell.count, labels: { le: '+Inf', ...cell.labels } });
      values.push({ metricName: `${name}_sum`, value: cell.sum, labels: cell.labels });
      values.push({ metricName: `${name}_count`, value: cell.count, labels: cell.labels });
    }
    return values;
  }
}

/**
 * Cache lookups by family (what the key is about), layer and result, kept as plain numbers until
 * scraped: four counts per family, found without building a label string.
 */
export class CacheLookups {
  private readonly counts = new Map<string, Float64Array>();

  constructor(
    registry: Registry,
    private readonly name: string,
    private readonly help: string,
  ) {
    const values = () => {
      const found: MetricValue[] = [];
      for (const [family, counts] of this.counts) {
        LAYERS.forEach((layer, l) =>
          RESULTS.forEach((result, r) => {
            const value = counts[l * 2 + r] as number;
            if (value > 0) found.push({ value, labels: { family, layer, result } });
          }),
        );
      }
      return found;
    };
    registerScraped(registry, { name, help, type: 'counter' }, values, () => this.counts.clear());
  }

  count(family: string, layer: 'local' | 'shared', hit: boolean): void {
    let counts = this.counts.get(family);
    if (counts === undefined) this.counts.set(family, (counts = new Float64Array(4)));
    const index = (layer === 'local' ? 0 : 2) + (hit ? 0 : 1);
    counts[index] = (counts[index] as number) + 1;
  }
}

const LAYERS = ['local', 'shared'] as const;
const RESULTS = ['hit', 'miss'] as const;

/**
 * Registers series read when scraped: prom-client's registry takes any object with its metrics'
 * interface (name, help, type, aggregator, get, reset); its type names only its own classes.
 */
function registerScraped(
  registry: Registry,
  about: { readonly name: string; readonly help: string; readonly type: 'counter' | 'histogram' },
  values: () => MetricValue[],
  reset: () => void,
): void {
  const metric: ScrapedMetric = {
    ...about,
    aggregator: 'sum',
    get: () => ({ ...about, aggregator: 'sum', values: values() }),
    reset,
  };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}
