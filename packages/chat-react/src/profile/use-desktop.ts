import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 768px)';

function subscribe(listener: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const list = matchMedia(QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

const desktop = () => typeof matchMedia !== 'function' || !matchMedia(QUERY).matches;

/** Whether the screen is wider than the kit's narrow layout (768 px): the desktop or mobile profile variant. */
export function useDesktop(): boolean {
  return useSyncExternalStore(subscribe, desktop, () => true);
}
