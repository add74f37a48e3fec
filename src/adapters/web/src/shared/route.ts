import { useEffect, useState } from 'react';

/** Where the merchandiser is: the builder's screens live in the URL's fragment (never the token). */
export type Route =
  | { screen: 'collections' }
  | { screen: 'planner' }
  | { screen: 'collection'; collectionId: number }
  | { screen: 'slice'; collectionId: number; sliceId: number | 'new'; proposal?: string | undefined };

export function parseRoute(hash: string): Route {
  const slice = /^#\/collections\/(\d+)\/slices\/(\d+|new)(?:\?proposal=([\w-]{1,64}))?$/.exec(hash);
  if (slice) {
    const sliceId = slice[2] === 'new' ? 'new' : Number(slice[2]);
    return {
      screen: 'slice',
      collectionId: Number(slice[1]),
      sliceId,
      ...(sliceId === 'new' && slice[3] ? { proposal: slice[3] } : {}),
    };
  }
  if (hash === '#/planner') return { screen: 'planner' };
  const collection = /^#\/collections\/(\d+)$/.exec(hash);
  if (collection) return { screen: 'collection', collectionId: Number(collection[1]) };
  return { screen: 'collections' };
}

export function hrefOf(route: Route): string {
  if (route.screen === 'collections') return '#/';
  if (route.screen === 'planner') return '#/planner';
  if (route.screen === 'collection') return `#/collections/${route.collectionId}`;
  const proposal = route.sliceId === 'new' && route.proposal ? `?proposal=${route.proposal}` : '';
  return `#/collections/${route.collectionId}/slices/${route.sliceId}${proposal}`;
}

export function go(route: Route): void {
  window.location.hash = hrefOf(route);
}

/**
 * What a screen with unsaved edits asks when the fragment changes without a click it could catch
 * (the browser's Back and Forward buttons): told where the merchandiser was going, while the
 * address is put back to the screen's own. One at a time: the screen that holds it releases it.
 */
let hold: ((to: string) => void) | undefined;
/** The fragment `leaveTo` sets: let through even while navigation is held. */
let leaving: string | undefined;

export function holdNavigation(ask: ((to: string) => void) | undefined): void {
  hold = ask;
}

/** Goes to `hash` although navigation is held (the merchandiser chose to leave). */
export function leaveTo(hash: string): void {
  leaving = hash;
  window.location.hash = hash;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    let shown = window.location.hash;
    const changed = () => {
      const to = window.location.hash;
      if (hold !== undefined && to !== shown && to !== leaving) {
        // Back to the held screen's address, without a new history entry; the screen asks.
        window.history.replaceState(window.history.state, '', shown === '' ? window.location.pathname : shown);
        hold(to);
        return;
      }
      leaving = undefined;
      shown = to;
      setRoute(parseRoute(to));
    };
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
