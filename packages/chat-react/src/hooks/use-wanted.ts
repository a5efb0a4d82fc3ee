import { useState } from 'react';

/**
 * True from the first render where `now` is true, and from then on: a lazily loaded part is mounted the first time
 * it is wanted and kept mounted after, so it behaves as if it had always been there (PERF4).
 */
export function useWanted(now: boolean): boolean {
  const [wanted, setWanted] = useState(now);
  if (now && !wanted) setWanted(true);
  return wanted || now;
}
