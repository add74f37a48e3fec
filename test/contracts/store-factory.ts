import { afterEach, beforeEach } from 'vitest';

/** How a contract suite gets a fresh, empty store, and how it lets go of it. */
export interface StoreFixture<S> {
  readonly store: S;
  dispose?(): Promise<void>;
}

export type StoreFactory<S> = () => Promise<StoreFixture<S>>;

/** Gives every test of the calling suite a fresh store from `factory`, disposed of after the test. */
export function freshStorePerTest<S>(factory: StoreFactory<S>): () => S {
  let fixture: StoreFixture<S> | undefined;
  beforeEach(async () => {
    fixture = await factory();
  });
  afterEach(async () => {
    await fixture?.dispose?.();
    fixture = undefined;
  });
  return () => {
    if (fixture === undefined) throw new Error('the store exists only while a test runs');
    return fixture.store;
  };
}
