import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import type { Draft } from './draft';
import { edited, fresh, redone, shortcutOf, undone, type History } from './undo';

/** Whether keys typed here edit text (undo there is the field's own). */
function editsText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type)
  );
}

/**
 * The editor's draft with its undo history. `setDraft` puts a draft read from the service (a load,
 * a reload after saving, the other version of a conflict) and forgets the history; `edit` changes
 * the draft as one undoable step (edits of the same fields in a row, within a second, join one).
 * Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo and redo while focus is not in a text field.
 */
export function useDraftHistory(initial: () => Draft | undefined) {
  const [history, setHistory] = useState<History<Draft | undefined>>(() => fresh(initial()));
  const setDraft = useCallback((next: SetStateAction<Draft | undefined>) => {
    setHistory((h) => fresh(typeof next === 'function' ? next(h.present) : next));
  }, []);
  const edit = useCallback((patch: Partial<Draft>) => {
    const key = Object.keys(patch).sort().join(',');
    setHistory((h) =>
      h.present === undefined ? h : edited(h, { ...h.present, ...patch }, key === 'products' ? undefined : key, Date.now()),
    );
  }, []);
  const undo = useCallback(() => setHistory(undone), []);
  const redo = useCallback(() => setHistory(redone), []);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const wanted = shortcutOf(event);
      if (wanted === undefined || editsText(event.target)) return;
      event.preventDefault();
      if (wanted === 'undo') undo();
      else redo();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  return {
    draft: history.present,
    setDraft,
    edit,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
