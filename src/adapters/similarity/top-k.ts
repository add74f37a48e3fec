/**
 * The k best (slot, score) pairs seen, kept in a min-heap so that a candidate worse than the
 * current k-th costs one comparison. Reused between queries: `reset` empties it without
 * allocating. Ties go to the smaller slot, so answers are stable.
 */
export class TopK {
  private slots: Int32Array;
  private scores: Float64Array;
  private size = 0;

  constructor(private k: number) {
    this.slots = new Int32Array(Math.max(1, k));
    this.scores = new Float64Array(Math.max(1, k));
  }

  reset(k: number): void {
    if (k > this.slots.length) {
      this.slots = new Int32Array(k);
      this.scores = new Float64Array(k);
    }
    this.k = k;
    this.size = 0;
  }

  offer(slot: number, score: number): void {
    if (this.k === 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(score, slot, this.scores[parent]!, this.slots[parent]!)) break;
        this.slots[i] = this.slots[parent]!;
        this.scores[i] = this.scores[parent]!;
        i = parent;
      }
      this.slots[i] = slot;
      this.scores[i] = score;
      return;
    }
    if (!this.worse(this.scores[0]!, this.slots[0]!, score, slot)) return;
    // Replace the root (the worst kept) and sift down.
    let i = 0;
    const n = this.size;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      let child = left;
      if (right < n && this.worse(this.scores[right]!, this.slots[right]!, this.scores[left]!, this.slots[left]!)) child = right;
      if (!this.worse(this.scores[child]!, this.slots[child]!, score, slot)) break;
      this.slots[i] = this.slots[child]!;
      this.scores[i] = this.scores[child]!;
      i = child;
    }
    this.slots[i] = slot;
    this.scores[i] = score;
  }

  /** The kept pairs, best first. */
  drain(): { slots: Int32Array; scores: Float32Array } {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => (this.worse(this.scores[a]!, this.slots[a]!, this.scores[b]!, this.slots[b]!) ? 1 : -1));
    const slots = new Int32Array(this.size);
    const scores = new Float32Array(this.size);
    order.forEach((from, to) => {
      slots[to] = this.slots[from]!;
      scores[to] = this.scores[from]!;
    });
    this.size = 0;
    return { slots, scores };
  }

  /** Whether (score a, slot a) ranks below (score b, slot b). */
  private worse(scoreA: number, slotA: number, scoreB: number, slotB: number): boolean {
    return scoreA < scoreB || (scoreA === scoreB && slotA > slotB);
  }
}

/** A growable list of slots. */
export class SlotList {
  private items = new Int32Array(4);
  length = 0;

  push(slot: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = slot;
  }

  at(i: number): number {
    return this.items[i]!;
  }

  get bytes(): number {
    return this.items.byteLength;
  }

  clear(): void {
    this.length = 0;
    if (this.items.length > 64) this.items = new Int32Array(4);
  }

  /** Takes one `slot` out (the last one takes its place), giving room back when a quarter full. */
  remove(slot: number): void {
    const at = this.items.subarray(0, this.length).indexOf(slot);
    if (at < 0) return;
    this.items[at] = this.items[--this.length]!;
    if (this.items.length > 4 && this.length <= this.items.length / 4) {
      let room = 4;
      while (room < this.length) room *= 2;
      this.items = this.items.slice(0, room);
    }
  }
}
