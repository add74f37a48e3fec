// @ts-check
/**
 * A session file in the layout the session-based recommendation datasets use, read and split
 * the way session-rec (Ludewig & Jannach) evaluates: tab-separated with a header naming at least
 * `SessionId`, `ItemId` and `Time` (Unix seconds), optionally `Type` (`view`, `addtocart`,
 * `transaction`), `UserId` and `CatId`.
 *
 * The split: sessions that end in the last `testDays` days of the file are the test set, the rest
 * train. Test events whose item never occurs in training are dropped, then test sessions with
 * fewer than two events. The questions: after each test event but a session's last, the next
 * event's item is what the shopper clicked next.
 */
import { readFileSync } from 'node:fs';

/** The data's event types as the service names them (a file without `Type` holds views). */
const TYPES = new Map([
  ['view', 'view'],
  ['addtocart', 'add_to_cart'],
  ['transaction', 'purchase'],
]);

/**
 * @typedef {{ session: string, item: string, at: number, type: string, user?: string, category?: string }} DataEvent
 * @typedef {{ train: DataEvent[], test: DataEvent[], categories: Map<string, string | undefined>, items: string[],
 *   stats: { events: number, sessions: number, trainSessions: number, testSessions: number, testEvents: number,
 *   droppedEvents: number, droppedSessions: number, splitAt: number } }} Split
 */

/** The events of a session file, in time order (a file's order breaks ties). */
export function readSessions(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const header = lines[0]?.trim().split('\t') ?? [];
  const column = (name) => header.indexOf(name);
  const [session, item, time, type, user, category] = ['SessionId', 'ItemId', 'Time', 'Type', 'UserId', 'CatId'].map(column);
  if (session < 0 || item < 0 || time < 0) {
    throw new Error(`${path}: the header must name SessionId, ItemId and Time (tab-separated); it is: ${lines[0]}`);
  }
  /** @type {DataEvent[]} */
  const events = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n];
    if (line === undefined || line.trim() === '') continue;
    const cells = line.split('\t');
    const at = Number(cells[time]) * 1000;
    const kind = type < 0 ? 'view' : TYPES.get(cells[type] ?? '');
    if (!Number.isFinite(at) || kind === undefined) throw new Error(`${path}:${n + 1}: cannot read this line: ${line}`);
    /** @type {DataEvent} */
    const event = { session: String(cells[session]), item: String(cells[item]), at, type: kind };
    const userId = user < 0 ? '' : (cells[user] ?? '').trim();
    if (userId !== '' && userId !== 'NA' && userId !== 'nan') event.user = userId;
    const cat = category < 0 ? '' : (cells[category] ?? '').trim();
    if (cat !== '' && cat !== 'NA' && cat !== 'nan') event.category = cat;
    events.push(event);
  }
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at - b.e.at || a.i - b.i)
    .map(({ e }) => e);
}

/** @returns {Split} */
export function splitSessions(events, testDays) {
  const endOf = new Map();
  for (const e of events) endOf.set(e.session, Math.max(endOf.get(e.session) ?? -Infinity, e.at));
  const last = Math.max(...endOf.values());
  const splitAt = last - testDays * 86_400_000;
  const train = events.filter((e) => endOf.get(e.session) <= splitAt);
  const known = new Set(train.map((e) => e.item));
  const kept = events.filter((e) => endOf.get(e.session) > splitAt && known.has(e.item));
  const length = new Map();
  for (const e of kept) length.set(e.session, (length.get(e.session) ?? 0) + 1);
  const test = kept.filter((e) => length.get(e.session) >= 2);
  /** @type {Map<string, string | undefined>} */
  const categories = new Map();
  for (const e of events) if (e.category !== undefined || !categories.has(e.item)) categories.set(e.item, e.category);
  const testSessions = new Set(test.map((e) => e.session)).size;
  const allTest = new Set(events.filter((e) => endOf.get(e.session) > splitAt).map((e) => e.session)).size;
  return {
    train,
    test,
    categories,
    items: [...categories.keys()],
    stats: {
      events: events.length,
      sessions: endOf.size,
      trainSessions: new Set(train.map((e) => e.session)).size,
      testSessions,
      testEvents: test.length,
      droppedEvents: events.length - train.length - test.length,
      droppedSessions: allTest - testSessions,
      splitAt,
    },
  };
}

/**
 * The test stream as the service meets it, in time order: each test event, and after it (but
 * for a session's last) the question it raises: the session so far, and the item clicked next.
 */
export function* testStream(test) {
  const bySession = new Map();
  for (const e of test) {
    let list = bySession.get(e.session);
    if (list === undefined) bySession.set(e.session, (list = []));
    list.push(e);
  }
  const position = new Map();
  for (const e of test) {
    const list = bySession.get(e.session);
    const at = position.get(e.session) ?? 0;
    position.set(e.session, at + 1);
    yield { event: e, next: list[at + 1]?.item };
  }
}
