/** How a contract suite gets a fresh, empty store, and how it lets go of it. */
export interface StoreFixture<S> {
  readonly store: S;
  dispose?(): Promise<void>;
}

export type StoreFactory<S> = () => Promise<StoreFixture<S>>;
