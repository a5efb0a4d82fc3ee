import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Seed 001 §2.1 (rule POR15): every route change starts at the top of the page. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of the address, which it reads
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
