import { useI18n } from '../i18n/i18n';

/** Undo and Redo of the editor's draft (also Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y outside text fields). */
export function UndoButtons({
  history,
}: {
  history: { undo: () => void; redo: () => void; canUndo: boolean; canRedo: boolean };
}) {
  const { t } = useI18n();
  return (
    <div className="undo-buttons" role="group" aria-label={`${t('undo')} / ${t('redo')}`}>
      <button type="button" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z Meta+Z">
        ↶ {t('undo')}
      </button>
      <button
        type="button"
        onClick={history.redo}
        disabled={!history.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
      >
        ↷ {t('redo')}
      </button>
    </div>
  );
}
