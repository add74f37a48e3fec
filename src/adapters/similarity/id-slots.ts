/**
 * Product ids held once each and named by number (a slot), for lists that would otherwise hold
 * each id as text again and again: a reader's kept lists name about 210 products each, 2.3 KB of
 * text a product, where their slots take 840 bytes and each id is held once however many lists
 * name it. Each slot counts the lists holding it; an id no list holds any more is forgotten and
 * its slot given to the next new id, so what is held follows what is kept, not the catalog.
 *
 * Everything is held in typed arrays, none of it as JavaScript strings or Map entries: at
 * 1,000,000 products a reader's lists name nearly every product, and a million small strings in a
 * Map are a million objects for every full collection of the heap to mark (about 70 ms a
 * collection on 2 shared cores, docs/operations.md). The ids' characters (UTF-16 code units) sit
 * in one arena, each in a place of a size class (8, 16, 32, ... characters) that a freed id
 * gives back to the next id of its class; the slots are found by their id in an open-addressing
 * table (linear probing, entries moved back on deletion, so no tombstones pile up). An id is
 * read back as a new string each time.
 */
export class IdSlots {
  /** The ids' characters; each held id in a place of its size class. */
  private chars = new Uint16Array(1 << 12);
  /** The same memory as bytes, to read an id back as text natively. */
  private bytes = bytesOf(this.chars);
  /** Characters of the arena handed out so far (places free again included). */
  private used = 0;
  /** Free places (their offsets in `chars`), by size class. */
  private readonly places: number[][] = [];
  /** Per slot: where its id starts, its length, its hash, how many holders it has. */
  private start = new Int32Array(1024);
  private length = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private holders = new Int32Array(1024);
  /** Slots handed out so far (free ones included), and the free ones. */
  private slotsMade = 0;
  private readonly free: number[] = [];
  /** The slot + 1 of each id, at its hash's place or after (0: empty); a power of two long. */
  private table = new Int32Array(2048);
  private count = 0;

  /** How many ids are held. */
  get size(): number {
    return this.count;
  }

  /** Characters of the ids' arena handed out (free places included): what churn would grow were places not given back. */
  get arenaLength(): number {
    return this.used;
  }

  /** Writes the slots of `ids` into `into` from `at`, each held once more. */
  hold(ids: readonly string[], into: Int32Array, at: number): void {
    for (let i = 0; i < ids.length; i++) into[at + i] = this.holdOne(ids[i]!);
  }

  /** The id in a held slot. */
  idOf(slot: number): string {
    const from = this.start[slot]! * 2;
    return this.bytes.toString('utf16le', from, from + this.length[slot]! * 2);
  }

  /** The ids in `slots` from `start` to `end` (not included). */
  idsOf(slots: Int32Array, start: number, end: number): string[] {
    const ids = new Array<string>(end - start);
    for (let i = start; i < end; i++) ids[i - start] = this.idOf(slots[i]!);
    return ids;
  }

  /** Lets go of each slot in `slots` (up to `end`) once: a slot nobody holds any more is freed. */
  release(slots: Int32Array, end = slots.length): void {
    for (let i = 0; i < end; i++) {
      const slot = slots[i]!;
      if (--this.holders[slot]! > 0) continue;
      this.unlist(slot);
      (this.places[sizeClass(this.length[slot]!)] ??= []).push(this.start[slot]!);
      this.free.push(slot);
      this.count--;
    }
  }

  /** Forgets every id (every holder let go at once). */
  clear(): void {
    this.chars = new Uint16Array(1 << 12);
    this.bytes = bytesOf(this.chars);
    this.used = 0;
    this.places.length = 0;
    this.start = new Int32Array(1024);
    this.length = new Int32Array(1024);
    this.hashes = new Int32Array(1024);
    this.holders = new Int32Array(1024);
    this.slotsMade = 0;
    this.free.length = 0;
    this.table = new Int32Array(2048);
    this.count = 0;
  }

  private holdOne(id: string): number {
    const hash = hashOf(id);
    const mask = this.table.length - 1;
    let at = hash & mask;
    for (let entry = this.table[at]!; entry !== 0; entry = this.table[at]!) {
      const slot = entry - 1;
      if (this.hashes[slot] === hash && this.holds(slot, id)) {
        this.holders[slot]!++;
        return slot;
      }
      at = (at + 1) & mask;
    }
    const slot = this.free.pop() ?? this.newSlot();
    const from = this.place(id.length);
    for (let i = 0; i < id.length; i++) this.chars[from + i] = id.charCodeAt(i);
    this.start[slot] = from;
    this.length[slot] = id.length;
    this.hashes[slot] = hash;
    this.holders[slot] = 1;
    this.table[at] = slot + 1;
    if (++this.count * 2 > this.table.length) this.regrow();
    return slot;
  }

  /** Whether `slot` holds `id`. */
  private holds(slot: number, id: string): boolean {
    if (this.length[slot] !== id.length) return false;
    const from = this.start[slot]!;
    for (let i = 0; i < id.length; i++) if (this.chars[from + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  /** A place for an id of `length` characters: a free one of its size class, else at the arena's end. */
  private place(length: number): number {
    const size = sizeClass(length);
    const freed = this.places[size]?.pop();
    if (freed !== undefined) return freed;
    const from = this.used;
    this.used += 8 << size;
    if (this.used > this.chars.length) {
      let room = this.chars.length * 2;
      while (room < this.used) room *= 2;
      const grown = new Uint16Array(room);
      grown.set(this.chars.subarray(0, from));
      this.chars = grown;
      this.bytes = bytesOf(grown);
    }
    return from;
  }

  private newSlot(): number {
    const slot = this.slotsMade++;
    if (slot >= this.start.length) {
      const room = this.start.length * 2;
      this.start = grown(this.start, room);
      this.length = grown(this.length, room);
      this.hashes = grown(this.hashes, room);
      this.holders = grown(this.holders, room);
    }
    return slot;
  }

  /** Takes `slot` out of the table, moving back the entries after it that its place kept from their own. */
  private unlist(slot: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let hole = this.hashes[slot]! & mask;
    while (table[hole] !== slot + 1) hole = (hole + 1) & mask;
    table[hole] = 0;
    for (let at = (hole + 1) & mask, entry = table[at]!; entry !== 0; at = (at + 1) & mask, entry = table[at]!) {
      const home = this.hashes[entry - 1]! & mask;
      // The entry stays when its home lies after the hole, up to where it sits (cyclically).
      const stays = hole <= at ? hole < home && home <= at : hole < home || home <= at;
      if (stays) continue;
      table[hole] = entry;
      table[at] = 0;
      hole = at;
    }
  }

  /** A table twice as long, every held slot placed again. */
  private regrow(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (const entry of this.table) {
      if (entry === 0) continue;
      let at = this.hashes[entry - 1]! & mask;
      while (table[at] !== 0) at = (at + 1) & mask;
      table[at] = entry;
    }
    this.table = table;
  }
}

/** The size class of an id of `length` characters: places of 8 << class characters. */
function sizeClass(length: number): number {
  let size = 0;
  while (8 << size < length) size++;
  return size;
}

/** FNV-1a over the id's UTF-16 code units. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash;
}

function bytesOf(chars: Uint16Array<ArrayBuffer>): Buffer {
  return Buffer.from(chars.buffer, chars.byteOffset, chars.byteLength);
}

function grown(from: Int32Array<ArrayBuffer>, room: number): Int32Array<ArrayBuffer> {
  const into = new Int32Array(room);
  into.set(from);
  return into;
}
