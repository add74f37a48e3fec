/** A listener of news: told what changed, or that news may have been missed. */
export interface NewsListener<N> {
  changed(news: N): void;
  missedSome(): void;
}

/** A way to wait until a condition holds, checked each time `check()` is called (at each thing heard). */
export function awaitable() {
  let waiting: (() => void) | undefined;
  return {
    check: () => waiting?.(),
    /** Resolves once `done()` holds. */
    until: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        if (done()) return resolve();
        waiting = () => {
          if (done()) resolve();
        };
      }),
  };
}

/**
 * What a listener given to `subscribe` hears (each piece of news as `copy` keeps it), how often it
 * was told news may have been missed, and a way to wait for what it hears next.
 */
export function heardBy<N, K>(subscribe: (listener: NewsListener<N>) => void, copy: (news: N) => K) {
  const heard: K[] = [];
  let missed = 0;
  const { check, until } = awaitable();
  subscribe({
    changed: (news) => {
      heard.push(copy(news));
      check();
    },
    missedSome: () => {
      missed++;
      check();
    },
  });
  return { heard, missed: () => missed, until };
}
