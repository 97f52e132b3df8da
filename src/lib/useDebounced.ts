import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delay` ms (typing settled), for calls asked as one types. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
