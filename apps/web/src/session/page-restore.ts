import type { SessionStore } from './session-store.ts';

/**
 * Back and Forward may restore a page from the browser's back/forward cache with the old user's screen intact
 * (rule SES6). Such a page announces itself with `pageshow` and `persisted`; the session is checked again before
 * anything of it can be used.
 */
export function recheckOnRestore(store: SessionStore, target: Window = window): void {
  target.addEventListener('pageshow', (event) => {
    if (event.persisted) void store.recheck();
  });
}
