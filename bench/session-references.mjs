// @ts-check
/**
 * The research baselines of session-based recommendation, as session-rec defines them, each
 * learning the same stream the service learns (training in time order, then each test event
 * after the question it follows), and each held to the service's rule: never the item asked.
 *
 * - popularity: the items with the most events;
 * - AR: association rules, pairs of items in one session (every pair of its events);
 * - SR: sequential rules, an item followed by another within 10 steps, weighted 1/steps;
 * - item-kNN: cosine of two items over the sessions holding them;
 * - session-kNN: the 100 past sessions most like the session so far (cosine over their items)
 *   among the latest 1,000 holding one of its items; an item scores its sessions' similarities.
 */

const SR_STEPS = 10;
const SKNN_K = 100;
const SKNN_SAMPLE = 1000;

/** The best `n` of a score map, best first, ties by id, never `self`. */
function best(scores, n, self) {
  const list = [];
  for (const [id, score] of scores) if (id !== self && score > 0) list.push([id, score]);
  list.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return list.slice(0, n).map(([id]) => id);
}

function bump(table, a, b, by) {
  let row = table.get(a);
  if (row === undefined) table.set(a, (row = new Map()));
  row.set(b, (row.get(b) ?? 0) + by);
}

export class References {
  constructor() {
    /** Per session: its events' items in order, its items, and when it last had one. */
    this.sessions = new Map();
    this.popularity = new Map();
    this.ar = new Map();
    this.sr = new Map();
    this.co = new Map();
    /** Sessions holding each item (item-kNN's counts). */
    this.held = new Map();
    /** Per item, the sessions holding it, in the order they first held it. */
    this.postings = new Map();
    this.popularCache = undefined;
  }

  /** Learns one event. */
  learn(e) {
    let s = this.sessions.get(e.session);
    if (s === undefined) this.sessions.set(e.session, (s = { id: e.session, items: [], set: new Set(), last: e.at }));
    s.last = Math.max(s.last, e.at);
    const x = e.item;
    this.popularity.set(x, (this.popularity.get(x) ?? 0) + 1);
    this.popularCache = undefined;
    const n = s.items.length;
    for (let p = 0; p < n; p++) {
      const y = s.items[p];
      if (y === x) continue;
      bump(this.ar, x, y, 1);
      bump(this.ar, y, x, 1);
      if (n - p <= SR_STEPS) bump(this.sr, y, x, 1 / (n - p));
    }
    if (!s.set.has(x)) {
      for (const y of s.set) {
        bump(this.co, x, y, 1);
        bump(this.co, y, x, 1);
      }
      s.set.add(x);
      this.held.set(x, (this.held.get(x) ?? 0) + 1);
      let list = this.postings.get(x);
      if (list === undefined) this.postings.set(x, (list = []));
      list.push(s);
    }
    s.items.push(x);
  }

  /** Each baseline's answer for the session `session` (its events so far) whose latest item is `current`. */
  answers(session, current, n) {
    return {
      popularity: this.popular(n + 1)
        .filter((id) => id !== current)
        .slice(0, n),
      AR: best(this.ar.get(current) ?? new Map(), n, current),
      SR: best(this.sr.get(current) ?? new Map(), n, current),
      'item-kNN': this.itemKnn(current, n),
      'session-kNN': this.sessionKnn(session, current, n),
    };
  }

  popular(n) {
    if (this.popularCache === undefined || this.popularCache.length < n) this.popularCache = best(this.popularity, n, undefined);
    return this.popularCache.slice(0, n);
  }

  itemKnn(current, n) {
    const row = this.co.get(current);
    if (row === undefined) return [];
    const own = this.held.get(current) ?? 1;
    const scores = new Map();
    for (const [y, count] of row) scores.set(y, count / Math.sqrt(own * (this.held.get(y) ?? 1)));
    return best(scores, n, current);
  }

  sessionKnn(sessionId, current, n) {
    const own = this.sessions.get(sessionId);
    const items = own === undefined ? new Set([current]) : own.set;
    const candidates = new Set();
    for (const item of items) for (const s of this.postings.get(item) ?? []) if (s.id !== sessionId) candidates.add(s);
    const sample = [...candidates].sort((a, b) => b.last - a.last).slice(0, SKNN_SAMPLE);
    const neighbours = sample
      .map((s) => {
        let shared = 0;
        for (const item of items) if (s.set.has(item)) shared++;
        return { s, similarity: shared / Math.sqrt(items.size * s.set.size) };
      })
      .sort((a, b) => b.similarity - a.similarity || b.s.last - a.s.last)
      .slice(0, SKNN_K);
    const scores = new Map();
    for (const { s, similarity } of neighbours) for (const item of s.set) scores.set(item, (scores.get(item) ?? 0) + similarity);
    return best(scores, n, current);
  }
}

export const REFERENCE_NAMES = ['popularity', 'AR', 'SR', 'item-kNN', 'session-kNN'];
