const EMPTY = -1;
const MIN_CAPACITY = 8;

/**
 * One product's pairs: partner slot → accumulated weight, in an open-addressing hash table on
 * typed arrays (linear probing, deletion by backward shift, so no tombstones), 12 bytes a place
 * and at most three quarters full. A Map of numbers would cost several times that per pair, and a
 * catalog holds millions of pairs.
 */
export class PairWeights {
  private keys: Int32Array;
  private values: Float64Array;
  private mask: number;
  size = 0;

  constructor(capacity = MIN_CAPACITY) {
    let room = MIN_CAPACITY;
    while (room < capacity) room *= 2;
    this.keys = new Int32Array(room).fill(EMPTY);
    this.values = new Float64Array(room);
    this.mask = room - 1;
  }

  /** The weight of a partner, 0 when absent. */
  get(slot: number): number {
    for (let at = this.home(slot); ; at = (at + 1) & this.mask) {
      const key = this.keys[at]!;
      if (key === slot) return this.values[at]!;
      if (key === EMPTY) return 0;
    }
  }

  /** Adds `delta` to a partner's weight, taking the partner in when absent. */
  add(slot: number, delta: number): void {
    if ((this.size + 1) * 4 > this.keys.length * 3) this.resize(this.keys.length * 2);
    let at = this.home(slot);
    for (; ; at = (at + 1) & this.mask) {
      const key = this.keys[at]!;
      if (key === slot) {
        this.values[at] = this.values[at]! + delta;
        return;
      }
      if (key === EMPTY) break;
    }
    this.keys[at] = slot;
    this.values[at] = delta;
    this.size++;
  }

  /** Takes a partner out; answers whether it was there. */
  delete(slot: number): boolean {
    let at = this.home(slot);
    for (; ; at = (at + 1) & this.mask) {
      const key = this.keys[at]!;
      if (key === slot) break;
      if (key === EMPTY) return false;
    }
    // Backward shift: later members of the probe run move into the hole when their home allows.
    let hole = at;
    for (let next = (hole + 1) & this.mask; this.keys[next] !== EMPTY; next = (next + 1) & this.mask) {
      const home = this.home(this.keys[next]!);
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (between) continue;
      this.keys[hole] = this.keys[next]!;
      this.values[hole] = this.values[next]!;
      hole = next;
    }
    this.keys[hole] = EMPTY;
    this.values[hole] = 0;
    this.size--;
    if (this.keys.length > MIN_CAPACITY && this.size * 8 <= this.keys.length) this.resize(this.keys.length / 2);
    return true;
  }

  /** Calls `visit` for every partner, in the table's order (callers that need an order sort). */
  forEach(visit: (slot: number, weight: number) => void): void {
    const { keys, values } = this;
    for (let at = 0; at < keys.length; at++) if (keys[at] !== EMPTY) visit(keys[at]!, values[at]!);
  }

  /** Keeps only the partners `keep` answers true for, the room shrunk to what they need. */
  retain(keep: (slot: number, weight: number) => boolean): void {
    const kept: [number, number][] = [];
    this.forEach((slot, weight) => {
      if (keep(slot, weight)) kept.push([slot, weight]);
    });
    let room = MIN_CAPACITY;
    while (room * 3 < kept.length * 4 + 4) room *= 2;
    this.keys = new Int32Array(room).fill(EMPTY);
    this.values = new Float64Array(room);
    this.mask = room - 1;
    this.size = 0;
    for (const [slot, weight] of kept) this.add(slot, weight);
  }

  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  private home(slot: number): number {
    const h = Math.imul(slot, 0x9e3779b1);
    return (h ^ (h >>> 16)) & this.mask;
  }

  private resize(room: number): void {
    const { keys, values } = this;
    this.keys = new Int32Array(room).fill(EMPTY);
    this.values = new Float64Array(room);
    this.mask = room - 1;
    this.size = 0;
    for (let at = 0; at < keys.length; at++) if (keys[at] !== EMPTY) this.add(keys[at]!, values[at]!);
  }
}
