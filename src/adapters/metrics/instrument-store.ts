import { DomainError } from '../../domain/shared/errors.js';

/** What a store call reports: how long it took and whether it failed. */
export interface StoreCallObserver {
  observeStoreCall(store: string, operation: string, seconds: number, failed: boolean): void;
}

/**
 * The store, with every method call timed and its failures counted. A domain answer (a conflict,
 * a precondition) is the store doing its job, not a failure; an outage (`UNAVAILABLE`) or any
 * unexpected error is. Calls run on the store itself, so its private state is untouched.
 */
export function instrumentStore<T extends object>(store: T, name: string, observer: StoreCallObserver): T {
  const wrappers = new Map<string, unknown>();
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') return value;
      let wrapper = wrappers.get(property);
      if (wrapper === undefined) {
        wrapper = (...args: unknown[]): unknown => {
          // The method the store has now: one replaced after the first call (a test's stand-in) is the one called.
          const method = Reflect.get(target, property, target) as (...args: unknown[]) => unknown;
          const started = performance.now();
          const done = (failed: boolean) =>
            observer.observeStoreCall(name, property, (performance.now() - started) / 1000, failed);
          let result: unknown;
          try {
            result = method.apply(target, args);
          } catch (error) {
            done(isFailure(error));
            throw error;
          }
          if (!(result instanceof Promise)) {
            done(false);
            return result;
          }
          return result.then(
            (resolved: unknown) => {
              done(false);
              return resolved;
            },
            (error: unknown) => {
              done(isFailure(error));
              throw error;
            },
          );
        };
        wrappers.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

function isFailure(error: unknown): boolean {
  return !(error instanceof DomainError) || error.code === 'UNAVAILABLE';
}
