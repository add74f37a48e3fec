/** Slots per block: an insertion or a removal moves about this many numbers, not the whole order. */
const BLOCK = 256;

/**
 * Slots kept in a total order (by `compare`, which never calls two slots equal) in blocks of about
 * BLOCK, so that adding or removing one costs two binary searches and a move within one block, and
 * a walk can start anywhere in the order, going up or down.
 */
export class OrderedSlots {
  private blocks: number[][] = [];
  private count = 0;

  constructor(private readonly compare: (a: number, b: number) => number) {}

  get size(): number {
    return this.count;
  }

  add(slot: number): void {
    this.count++;
    const last = this.blocks.at(-1);
    // After every slot (a catalog read in order): appended, no search.
    if (last === undefined || this.compare(last[last.length - 1]!, slot) < 0) {
      if (last === undefined || last.length >= BLOCK) this.blocks.push([slot]);
      else last.push(slot);
      return;
    }
    const b = Math.min(
      this.blocks.length - 1,
      this.firstBlock((last) => this.compare(last, slot) >= 0),
    );
    const block = this.blocks[b]!;
    block.splice(
      firstIndex(block.length, (i) => this.compare(block[i]!, slot) >= 0),
      0,
      slot,
    );
    if (block.length >= 2 * BLOCK) this.blocks.splice(b, 1, block.slice(0, BLOCK), block.slice(BLOCK));
  }

  /** Takes a slot out; its key must read as when it was added. */
  remove(slot: number): void {
    const b = this.firstBlock((last) => this.compare(last, slot) >= 0);
    const block = this.blocks[b];
    if (block === undefined) return;
    const at = firstIndex(block.length, (i) => this.compare(block[i]!, slot) >= 0);
    if (block[at] !== slot) return;
    this.count--;
    block.splice(at, 1);
    if (block.length === 0) this.blocks.splice(b, 1);
  }

  /** Every slot, in order. */
  *ascending(): Generator<number> {
    for (const block of this.blocks) yield* block;
  }

  /** The slots from the first for which `reached` holds (false before it, true from it on), in order. */
  *upFrom(reached: (slot: number) => boolean): Generator<number> {
    let b = this.firstBlock(reached);
    if (b >= this.blocks.length) return;
    const first = this.blocks[b]!;
    yield* first.slice(firstIndex(first.length, (i) => reached(first[i]!)));
    for (b++; b < this.blocks.length; b++) yield* this.blocks[b]!;
  }

  /** The slots before the first for which `reached` holds, the nearest it first. */
  *downFrom(reached: (slot: number) => boolean): Generator<number> {
    let b = this.firstBlock(reached);
    // Where the walk starts: just before the first slot reached (the very last when none is).
    let i: number;
    if (b >= this.blocks.length) {
      b = this.blocks.length - 1;
      i = b < 0 ? -1 : this.blocks[b]!.length - 1;
    } else {
      const block = this.blocks[b]!;
      i = firstIndex(block.length, (k) => reached(block[k]!)) - 1;
    }
    for (; b >= 0; b--, i = b >= 0 ? this.blocks[b]!.length - 1 : -1) {
      const block = this.blocks[b]!;
      for (; i >= 0; i--) yield block[i]!;
    }
  }

  /** The first block whose last slot `holds` for (`holds` being false, then true along the order); or the count of blocks. */
  private firstBlock(holds: (last: number) => boolean): number {
    return firstIndex(this.blocks.length, (b) => {
      const block = this.blocks[b]!;
      return holds(block[block.length - 1]!);
    });
  }
}

/** The least index in [0, length) at which `holds` is true, `holds` being false then true; `length` when it never is. */
function firstIndex(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
