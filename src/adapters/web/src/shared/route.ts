import { useEffect, useState } from 'react';

/** Where the merchandiser is: the builder's screens live in the URL's fragment (never the token). */
export type Route =
  | { screen: 'collections' }
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
  const collection = /^#\/collections\/(\d+)$/.exec(hash);
  if (collection) return { screen: 'collection', collectionId: Number(collection[1]) };
  return { screen: 'collections' };
}

export function hrefOf(route: Route): string {
  if (route.screen === 'collections') return '#/';
  if (route.screen === 'collection') return `#/collections/${route.collectionId}`;
  const proposal = route.sliceId === 'new' && route.proposal ? `?proposal=${route.proposal}` : '';
  return `#/collections/${route.collectionId}/slices/${route.sliceId}${proposal}`;
}

export function go(route: Route): void {
  window.location.hash = hrefOf(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}
