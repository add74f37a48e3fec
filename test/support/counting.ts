/** Wraps a store so a test can see which of its methods were called, and how often. */
export function counting<T extends object>(target: T): { store: T; calls: Map<string, number>; count(method: string): number } {
  const calls = new Map<string, number>();
  const store = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        calls.set(property, (calls.get(property) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { store, calls, count: (method) => calls.get(method) ?? 0 };
}
