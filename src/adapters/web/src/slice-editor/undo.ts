/**
 * The editor's undo and redo: the draft's past and future states. Edits of the same field in a
 * row, less than COALESCE_MS apart, are one step (typing a name is undone at once, not a letter
 * at a time); at most MAX_STEPS steps are kept.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** What the last edit changed (a field's name), while later edits of it may join its step. */
  readonly lastKey: string | undefined;
  readonly lastAt: number;
}

export const COALESCE_MS = 1000;
export const MAX_STEPS = 200;

/** A history with nothing to undo or redo: a slice just read, saved or reloaded. */
export function fresh<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: undefined, lastAt: 0 };
}

/**
 * The history after an edit to `next` at `at` (ms). `key` names what changed: an edit with the
 * same key as the one before, within COALESCE_MS of it, joins its step; undefined never joins.
 */
export function edited<T>(history: History<T>, next: T, key: string | undefined, at: number): History<T> {
  if (Object.is(next, history.present)) return history;
  const joins = key !== undefined && key === history.lastKey && at - history.lastAt <= COALESCE_MS;
  const past = joins ? history.past : [...history.past, history.present].slice(-MAX_STEPS);
  return { past, present: next, future: [], lastKey: key, lastAt: at };
}

export function undone<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous as T,
    future: [history.present, ...history.future],
    lastKey: undefined,
    lastAt: 0,
  };
}

export function redone<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next as T, future, lastKey: undefined, lastAt: 0 };
}

/** What a keyboard shortcut asks of the history: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo. */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return undefined;
}
