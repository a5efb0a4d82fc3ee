import { useSyncExternalStore } from 'react';

export interface Subscribable<T> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => T;
}

export function useStore<T>(store: Subscribable<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
