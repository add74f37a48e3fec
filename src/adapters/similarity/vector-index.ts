import { Index, MetricKind, ScalarKind, type BatchMatches } from 'usearch';
import { TopK } from './top-k.js';

/** Below this many searchable vectors an exact scan is as fast as the graph, and exact. */
export const EXACT_SEARCH_BELOW = 2_000;

/** How many insertions may wait for the graph before they are added without a search asking. */
const MAX_PENDING = 4_096;

/** HNSW settings: 16 links per node; wide candidate lists on insertion and search for recall. */
const CONNECTIVITY = 16;
const EXPANSION_ADD = 64;
const EXPANSION_SEARCH = 128;

/** A unit-length copy of a vector (cosine then is a dot product); undefined for the zero vector. */
export function unitVector(values: readonly number[]): Float32Array | undefined {
  let sum = 0;
  for (const x of values) sum += x * x;
  if (sum === 0 || !Number.isFinite(sum)) return undefined;
  const norm = Math.sqrt(sum);
  const unit = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) unit[i] = values[i]! / norm;
  return unit;
}

/**
 * Embedding neighbours by cosine similarity, for vectors of one dimension. Searches scan every
 * vector exactly while there are fewer than EXACT_SEARCH_BELOW; from then on an HNSW graph
 * (usearch) answers approximately, built once from every vector and kept current: removals at
 * once, insertions gathered and added in batches on every core before the next search (one
 * insertion at a time would hold the event loop for each product of an import).
 */
export class VectorIndex {
  private readonly searchable = new Map<number, Float32Array>();
  private graph: Index | undefined;
  /** Vectors added since the graph was built or last grown, not in it yet. */
  private readonly pending = new Map<number, Float32Array>();
  private readonly top = new TopK(1);

  constructor(
    readonly dimension: number,
    private readonly exactBelow = EXACT_SEARCH_BELOW,
  ) {}

  get size(): number {
    return this.searchable.size;
  }

  /** Makes a vector findable under `slot`, replacing the slot's previous one. */
  add(slot: number, unit: Float32Array): void {
    if (unit.length !== this.dimension) throw new Error(`vector of ${unit.length} numbers in an index of ${this.dimension}`);
    if (this.searchable.has(slot)) this.remove(slot);
    this.searchable.set(slot, unit);
    // Before the graph exists, it is built from every vector at once when a search first needs it
    // (a catalog loaded whole is then one multi-threaded build, not one insertion per product).
    if (this.graph !== undefined) {
      this.pending.set(slot, unit);
      if (this.pending.size >= MAX_PENDING) this.flush();
    }
  }

  remove(slot: number): void {
    if (!this.searchable.delete(slot)) return;
    if (this.pending.delete(slot)) return;
    if (this.graph !== undefined) this.graph.remove(BigInt(slot));
  }

  /** Whether searches go through the graph (approximate) rather than an exact scan. */
  get approximate(): boolean {
    return this.graph !== undefined || this.searchable.size >= this.exactBelow;
  }

  /** The `k` nearest searchable vectors to `unit` (never `self`), best first, scores as cosine similarity. */
  nearest(self: number, unit: Float32Array, k: number): { slots: Int32Array; scores: Float32Array } {
    const graph = this.currentGraph();
    return graph !== undefined ? this.fromMatches(self, graph.search(unit, k + 1, 1), 0, k) : this.exact(self, unit, k);
  }

  /** `nearest` for many queries at once, on every core when the graph answers. */
  nearestMany(
    selves: readonly number[],
    units: readonly Float32Array[],
    k: number,
  ): { slots: Int32Array; scores: Float32Array }[] {
    const graph = this.currentGraph();
    if (graph === undefined) return selves.map((self, i) => this.exact(self, units[i]!, k));
    // usearch answers a matrix of one row as a single search (without counts).
    if (units.length === 1) return [this.nearest(selves[0]!, units[0]!, k)];
    const matrix = new Float32Array(units.length * this.dimension);
    units.forEach((unit, i) => matrix.set(unit, i * this.dimension));
    const found = graph.search(matrix, k + 1, 0) as unknown as BatchMatches;
    return selves.map((self, i) => this.fromMatches(self, found, i * found.k, k, Number(found.counts[i])));
  }

  /** The exact answer whatever the size: for measuring the graph's recall. */
  exact(self: number, unit: Float32Array, k: number): { slots: Int32Array; scores: Float32Array } {
    const top = this.top;
    top.reset(k);
    const d = this.dimension;
    for (const [slot, other] of this.searchable) {
      if (slot === self) continue;
      let dot = 0;
      for (let i = 0; i < d; i++) dot += unit[i]! * other[i]!;
      top.offer(slot, dot);
    }
    return top.drain();
  }

  private currentGraph(): Index | undefined {
    if (this.graph === undefined && this.searchable.size >= this.exactBelow) this.buildGraph();
    else if (this.pending.size > 0) this.flush();
    return this.graph;
  }

  /** Adds the pending vectors to the graph in one batch. */
  private flush(): void {
    const keys = new BigUint64Array(this.pending.size);
    const matrix = new Float32Array(this.pending.size * this.dimension);
    let i = 0;
    for (const [slot, unit] of this.pending) {
      keys[i] = BigInt(slot);
      matrix.set(unit, i++ * this.dimension);
    }
    this.pending.clear();
    this.graph!.add(keys, matrix, 0);
  }

  /** Reads one query's answer from (batched) matches: `count` results from `offset`. */
  private fromMatches(
    self: number,
    found: { keys: BigUint64Array; distances: Float32Array },
    offset: number,
    k: number,
    count = found.keys.length,
  ): { slots: Int32Array; scores: Float32Array } {
    const slots = new Int32Array(Math.min(k, count));
    const scores = new Float32Array(slots.length);
    let n = 0;
    for (let j = 0; j < count && n < k; j++) {
      const i = offset + j;
      const slot = Number(found.keys[i]);
      if (slot === self) continue;
      slots[n] = slot;
      scores[n++] = 1 - found.distances[i]!;
    }
    return n === slots.length ? { slots, scores } : { slots: slots.subarray(0, n), scores: scores.subarray(0, n) };
  }

  /** Builds the graph from every vector at once, on every core. */
  private buildGraph(): void {
    const graph = new Index({
      dimensions: this.dimension,
      metric: MetricKind.Cos,
      quantization: ScalarKind.F32,
      connectivity: CONNECTIVITY,
      expansion_add: EXPANSION_ADD,
      expansion_search: EXPANSION_SEARCH,
      multi: false,
    });
    const keys = new BigUint64Array(this.searchable.size);
    const matrix = new Float32Array(this.searchable.size * this.dimension);
    let i = 0;
    for (const [slot, unit] of this.searchable) {
      keys[i] = BigInt(slot);
      matrix.set(unit, i * this.dimension);
      i++;
    }
    graph.add(keys, matrix, 0);
    this.graph = graph;
  }
}
