import { useEffect, useState } from 'react';

/** False until `delayMs` after the component mounted, then true: for work that waits its turn. */
export function useAfterDelay(delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return elapsed;
}
