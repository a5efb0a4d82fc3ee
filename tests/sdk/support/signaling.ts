import TencentCloudChat, { type Message } from '@parley/chat';
import type { TestClient } from './client.ts';

const { TSignaling, TYPES } = TencentCloudChat;

export interface SignalLog {
  events: { name: string; data: Record<string, unknown> }[];
  /** The data of the first event `name` (after `from`) that matches; rejects after `ms`. */
  waitFor: (
    name: string,
    match?: (data: Record<string, unknown>) => boolean,
    options?: { from?: number; ms?: number },
  ) => Promise<Record<string, unknown>>;
  /** Events named `name` so far. */
  named: (name: string) => Record<string, unknown>[];
  mark: () => number;
}

/** Records every TSignaling event of one client (the signalling listeners are not the EVENT emitter). */
export function signalLog(client: TestClient): SignalLog {
  const events: SignalLog['events'] = [];
  const waiters = new Set<() => void>();
  for (const name of Object.values(TSignaling)) {
    client.chat.addSignalingListener(name, (event: { data: unknown }) => {
      events.push({ name, data: event.data as Record<string, unknown> });
      for (const w of [...waiters]) w();
    });
  }
  return {
    events,
    named: (name) => events.filter((e) => e.name === name).map((e) => e.data),
    mark: () => events.length,
    waitFor: (name, match = () => true, { from = 0, ms = 20_000 } = {}) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find((e) => e.name === name && match(e.data));
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.data);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`timed out after ${ms} ms waiting for ${name}; saw ${events.map((e) => e.name).join(', ')}`),
          );
        }, ms);
        waiters.add(check);
        check();
      }),
  };
}

/** The call records among messages (getSignalingInfo not null), oldest first. */
export function callRecords(client: TestClient, messages: readonly Message[]) {
  return messages
    .filter((m) => m.type === TYPES.MSG_CUSTOM)
    .map((m) => ({ message: m, info: client.chat.getSignalingInfo(m) }))
    .filter((r) => r.info !== null);
}

/** The parsed record JSON of a call message (its top-level fields: call_type, call_end). */
export const recordOf = (m: Message) => JSON.parse(String(m.payload.data)) as Record<string, unknown>;
