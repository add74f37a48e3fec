/**
 * Product ids held once each and named by number (a slot), for lists that would otherwise hold
 * each id as text again and again: a reader's kept lists name about 210 products each, 2.3 KB of
 * text a product, where their slots take 840 bytes and each id is held once however many lists
 * name it. Each slot counts the lists holding it; an id no list holds any more is forgotten and
 * its slot given to the next new id, so what is held follows what is kept, not the catalog.
 */
export class IdSlots {
  private readonly slotOf = new Map<string, number>();
  /** The id in each slot ('' in a free one). */
  private readonly ids: string[] = [];
  /** How many holders each slot has. */
  private holders = new Int32Array(1024);
  private readonly free: number[] = [];

  /** How many ids are held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Writes the slots of `ids` into `into` from `at`, each held once more. */
  hold(ids: readonly string[], into: Int32Array, at: number): void {
    for (let i = 0; i < ids.length; i++) into[at + i] = this.holdOne(ids[i]!);
  }

  /** The id in a held slot. */
  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  /** The ids in `slots` from `start` to `end` (not included). */
  idsOf(slots: Int32Array, start: number, end: number): string[] {
    const ids = new Array<string>(end - start);
    for (let i = start; i < end; i++) ids[i - start] = this.ids[slots[i]!]!;
    return ids;
  }

  /** Lets go of each slot in `slots` once: a slot nobody holds any more is freed. */
  release(slots: Int32Array): void {
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (--this.holders[slot]! > 0) continue;
      this.slotOf.delete(this.ids[slot]!);
      this.ids[slot] = '';
      this.free.push(slot);
    }
  }

  /** Forgets every id (every holder let go at once). */
  clear(): void {
    this.slotOf.clear();
    this.ids.length = 0;
    this.free.length = 0;
    this.holders = new Int32Array(1024);
  }

  private holdOne(id: string): number {
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.ids.length;
      if (slot === this.ids.length) this.ids.push(id);
      else this.ids[slot] = id;
      this.slotOf.set(id, slot);
      if (slot >= this.holders.length) {
        const grown = new Int32Array(this.holders.length * 2);
        grown.set(this.holders);
        this.holders = grown;
      }
    }
    this.holders[slot]!++;
    return slot;
  }
}
