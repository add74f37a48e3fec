import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms`; `flush` takes it at once (Enter in a search box). */
export function useDebounced<T>(value: T, ms: number): { settled: T; flush: () => void } {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return { settled, flush: () => setSettled(value) };
}
