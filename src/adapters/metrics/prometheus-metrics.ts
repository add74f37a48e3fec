import type { QuotaReport } from '../../domain/shared/errors.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CacheLookups, RequestSeries } from './hot-series.js';
import { MeasuredAside } from './measured-aside.js';
import type { CacheLayer, CacheObserver } from '../../domain/caching/cache-observer.js';
import type { RecommendationCounts } from '../../domain/product/recommendation-counts.js';
import { NEIGHBOUR_SOURCES, type NeighbourSource } from '../../domain/product/neighbour-blend.js';
import { token } from '../../domain/shared/token.js';

/** Latency buckets in seconds: a hot read answers in well under a millisecond, a store call in a few. */
export const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A walk measuring a figure, pausing between slices (see MeasuredAside). */
type Walk = Generator<void, number, void>;

const STORE_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The service's Prometheus metrics, on a registry of its own: requests by route pattern and
 * status with their latency, cache lookups by layer and outcome, store calls with their latency
 * and errors, requests refused by the rate limits, and the process' own (CPU, memory, event loop).
 * What every request records (its route, status and latency, its cache lookups) is kept as plain
 * numbers and turned into metrics when scraped, so recording it costs a few additions.
 */
export class PrometheusMetrics implements CacheObserver, RecommendationCounts {
  readonly registry = new Registry();
  private readonly requests: RequestSeries;
  private readonly cacheLookups: CacheLookups;
  private readonly storeDuration: Histogram<'store' | 'operation'>;
  private readonly storeErrors: Counter<'store' | 'operation'>;
  private readonly rateLimited: Counter<'limit'>;
  /** Products shown and clicks, by source (and, for clicks, `unknown` last): plain numbers, made metrics when scraped. */
  private readonly impressions = new Float64Array(NEIGHBOUR_SOURCES.length);
  private readonly clicks = new Float64Array(NEIGHBOUR_SOURCES.length + 1);
  private readonly tallies = new WeakMap<readonly NeighbourSource[], readonly number[]>();

  constructor() {
    const registers = [this.registry];
    this.requests = new RequestSeries(
      this.registry,
      { counter: 'vitrine_http_requests_total', histogram: 'vitrine_http_request_duration_seconds' },
      {
        counter: 'HTTP requests answered, by method, route pattern and status.',
        histogram: 'Time from receiving a request to answering it, by method, route pattern and status.',
      },
      HTTP_BUCKETS,
    );
    this.cacheLookups = new CacheLookups(
      this.registry,
      'vitrine_cache_lookups_total',
      'Cached-answer lookups, by what they were for, where (local: in process; shared: Redis) and whether they hit.',
    );
    this.storeDuration = new Histogram({
      name: 'vitrine_store_operation_duration_seconds',
      help: 'Store calls, by store and operation.',
      labelNames: ['store', 'operation'],
      buckets: STORE_BUCKETS,
      registers,
    });
    this.storeErrors = new Counter({
      name: 'vitrine_store_errors_total',
      help: 'Store calls that failed (a domain answer such as a conflict is not a failure), by store and operation.',
      labelNames: ['store', 'operation'],
      registers,
    });
    this.rateLimited = new Counter({
      name: 'vitrine_rate_limited_total',
      help: 'Requests refused with 429, by limit: a token over its quota, or a client address over its failed authentications.',
      labelNames: ['limit'],
      registers,
    });
    this.recommendationSeries();
    collectDefaultMetrics({ register: this.registry, prefix: 'vitrine_' });
  }

  shown(from: readonly NeighbourSource[]): void {
    const tally = this.tallyOf(from);
    for (let i = 0; i < tally.length; i += 2) this.impressions[tally[i]!]! += tally[i + 1]!;
  }

  /**
   * How many products of an answer each source put there (source index, count, ...): made once for
   * a frozen answer (a kept one, handed out again and again), else on the spot.
   */
  private tallyOf(from: readonly NeighbourSource[]): readonly number[] {
    let tally = this.tallies.get(from);
    if (tally !== undefined) return tally;
    const counts = new Map<number, number>();
    for (const source of from) counts.set(SOURCE_INDEX[source], (counts.get(SOURCE_INDEX[source]) ?? 0) + 1);
    tally = [...counts].flat();
    if (Object.isFrozen(from)) this.tallies.set(from, tally);
    return tally;
  }

  clicked(source: NeighbourSource | undefined): void {
    this.clicks[source === undefined ? NEIGHBOUR_SOURCES.length : SOURCE_INDEX[source]]! += 1;
  }

  /** Impressions, clicks and click-through rate of similar-products answers, by the source of each product. */
  private recommendationSeries(): void {
    const { impressions, clicks } = this;
    const registers = [this.registry];
    new Counter({
      name: 'vitrine_recommendation_impressions_total',
      help: 'Products shown in similar-products answers, by the source that put each there (curated, behaviour, embedding, content, category).',
      labelNames: ['source'],
      registers,
      collect() {
        this.reset();
        NEIGHBOUR_SOURCES.forEach((source, i) => this.inc({ source }, impressions[i]!));
      },
    });
    new Counter({
      name: 'vitrine_recommendation_clicks_total',
      help: 'recommendation_click events recorded here, by the source of the clicked product in the answer they name (unknown: that answer does not hold it now, or the id is not one Vitrine gave).',
      labelNames: ['source'],
      registers,
      collect() {
        this.reset();
        [...NEIGHBOUR_SOURCES, 'unknown'].forEach((source, i) => this.inc({ source }, clicks[i]!));
      },
    });
    new Gauge({
      name: 'vitrine_recommendation_click_through_rate',
      help: 'Clicks per product shown, by source, in this process since it started (across instances: the sum of the clicks over the sum of the impressions).',
      labelNames: ['source'],
      registers,
      collect() {
        this.reset();
        NEIGHBOUR_SOURCES.forEach((source, i) => {
          if (impressions[i]! > 0) this.set({ source }, clicks[i]! / impressions[i]!);
        });
      },
    });
  }

  /**
   * Reports what is learnt from shoppers' events: the counts read when scraped, the bytes measured
   * aside (a walk of every session: see MeasuredAside).
   */
  observeBehaviour(counts: () => { products: number; sessions: number; users: number }, measureBytes: () => Walk): void {
    const bytes = new MeasuredAside(measureBytes);
    const gauge = this.gaugesFrom(() => ({ ...counts(), bytes: bytes.read() }));
    gauge('vitrine_behaviour_products', 'Products seen in shoppers’ sessions.', (s) => s.products);
    gauge('vitrine_behaviour_sessions', 'Sessions (visits) remembered, for session neighbours.', (s) => s.sessions);
    gauge('vitrine_behaviour_shoppers', 'Shoppers (userId) whose recent events are remembered.', (s) => s.users);
    gauge('vitrine_behaviour_bytes', 'An estimate of the memory what is learnt from shoppers holds.', (s) => s.bytes);
  }

  /** Reports where the instance stands when the lists are shared (SIMILAR_LISTS=shared): builder or reader, what it keeps and what it published. */
  observeSharedLists(
    figures: () => { builder: boolean; lease: number; passes: number; published: number; lists: number; cards: number },
  ): void {
    const gauge = this.gaugesFrom(figures);
    gauge('vitrine_similar_lists_builder', '1 while this instance holds the lease and builds the shared lists, else 0.', (s) =>
      s.builder ? 1 : 0,
    );
    gauge('vitrine_similar_lists_lease', 'The version of the lease this instance holds (0: none).', (s) => s.lease);
    gauge('vitrine_similar_lists_passes', 'Passes over the catalog this instance made as the builder.', (s) => s.passes);
    gauge('vitrine_similar_lists_published', "Products' lists this instance published as the builder.", (s) => s.published);
    gauge('vitrine_similar_lists_kept', "Products whose lists this instance's reader keeps.", (s) => s.lists);
    gauge(
      'vitrine_similar_lists_cards_kept',
      "Products whose card (category, brand, availability) this instance's reader keeps.",
      (s) => s.cards,
    );
  }

  /**
   * Reports the similarity engine's size and backlog: the counts read when scraped, the bytes
   * measured aside (a walk of every product: see MeasuredAside).
   */
  observeSimilarity(
    counts: () => { products: number; embedded: number; pending: number; slots: number; terms: number },
    measureBytes: () => Walk,
  ): void {
    const bytes = new MeasuredAside(measureBytes);
    const gauge = this.gaugesFrom(() => ({ ...counts(), bytes: bytes.read() }));
    gauge('vitrine_similarity_products', 'Products the similarity engine of this process knows.', (s) => s.products);
    gauge('vitrine_similarity_embedded_products', 'Of those, products with an embedding.', (s) => s.embedded);
    gauge(
      'vitrine_similarity_pending_lists',
      'Neighbour lists waiting to be computed in the background (after an import, until it reaches 0).',
      (s) => s.pending,
    );
    gauge(
      'vitrine_similarity_slots',
      "Products' places in the engine, those deleted products left free included.",
      (s) => s.slots,
    );
    gauge('vitrine_similarity_terms', 'Terms of the content index that some product holds.', (s) => s.terms);
    gauge(
      'vitrine_similarity_bytes',
      "Bytes of the arrays the engine holds (lists, postings, vectors; the vector graph's own memory aside).",
      (s) => s.bytes,
    );
  }

  /**
   * Gauges read from one set of figures, worked out once per scrape: every gauge of the set reads
   * it (a scrape's collections all run in one turn of the event loop; the next turn forgets the
   * figures).
   */
  private gaugesFrom<S>(stats: () => S): (name: string, help: string, read: (s: S) => number) => void {
    let kept: S | undefined;
    const once = (): S => {
      if (kept === undefined) {
        kept = stats();
        setImmediate(() => (kept = undefined));
      }
      return kept;
    };
    return (name, help, read) => this.gaugeOf(name, help, () => read(once()));
  }

  /** A gauge whose value is read when scraped. */
  private gaugeOf(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The metrics in Prometheus' text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
  }

  lookedUp(family: string, layer: CacheLayer, hit: boolean): void {
    this.cacheLookups.count(family, layer, hit);
  }

  observeStoreCall(store: string, operation: string, seconds: number, failed: boolean): void {
    this.storeDuration.labels({ store, operation }).observe(seconds);
    if (failed) this.storeErrors.labels({ store, operation }).inc();
  }

  refused(limit: QuotaReport['policy']): void {
    this.rateLimited.labels({ limit }).inc();
  }
}

const SOURCE_INDEX = Object.fromEntries(NEIGHBOUR_SOURCES.map((source, i) => [source, i])) as Record<NeighbourSource, number>;

export const MetricsToken = token<PrometheusMetrics>('Metrics');
