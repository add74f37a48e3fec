import { useSyncExternalStore } from 'react';

/** Under this width (px) the builder lays itself out for a phone: stacked rows, a menu, a bar of actions at the bottom. */
export const NARROW = 640;

/** Whether the window is as narrow as a phone's, following it as it turns or resizes. */
export function useNarrow(): boolean {
  const query = `(max-width: ${NARROW - 0.02}px)`;
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}
