import type { PresenceChange, PresenceStore } from './ports.ts';

/** Nobody is online: the store a domain has before the app registered its own (tests of other features). */
export function createMemoryPresenceFallback(): PresenceStore {
  const none: PresenceChange = { changed: false, online: false, version: 0 };
  return {
    setNode: async () => none,
    setCustomStatus: async () => none,
    statuses: async (ids) => new Map(ids.map((id) => [id, { online: false, customStatus: '' }])),
    heartbeat: async () => undefined,
    leave: async () => undefined,
    close: async () => undefined,
  };
}
