/** What the global setups of the test projects hand to the tests. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Which stores the HTTP suites run on: the embedded default or MongoDB. */
    stores: 'memory' | 'mongodb';
    /** Which shared cache they run with. */
    cache: 'none' | 'redis';
    redisUrl: string;
    mongoUri: string;
    /** Set when this project's servers cannot be had here: its tests report skipped with it. */
    skipReason: string;
  }
}

export {};
