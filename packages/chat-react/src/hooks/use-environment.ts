import { useSyncExternalStore } from 'react';

/**
 * Shared clocks and browser state as external stores: one timer for every relative time on screen, one listener for
 * page visibility.
 */

function ticker(intervalMs: number) {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (timer === null) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const l of [...listeners]) l();
        }, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    getSnapshot: () => now,
  };
}

const minuteClock = ticker(30_000);

/** The current time, refreshed every 30 s: enough for 'Just now' → '1 minute ago'. */
export function useNow(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.getSnapshot, minuteClock.getSnapshot);
}

function subscribeVisibility(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  window.addEventListener('focus', listener);
  return () => {
    document.removeEventListener('visibilitychange', listener);
    window.removeEventListener('focus', listener);
  };
}

/** The page is visible: only then do messages on screen count as seen. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => false,
  );
}
