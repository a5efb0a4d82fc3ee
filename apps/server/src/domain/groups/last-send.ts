import type { Storage } from '../ports.ts';

/** How long a member's last send time may wait before it is written (and seen by other nodes). */
export const LAST_SEND_FLUSH_MS = 1000;

/** The last send times noted and not yet written: part of the domain (app/build-domain.ts), one per node. */
export interface LastSend {
  times: Map<string, { groupID: string; userID: string; time: number }>;
  timer?: ReturnType<typeof setTimeout> | undefined;
  flushing: Promise<void>;
}

export function createLastSend(): LastSend {
  return { times: new Map(), flushing: Promise.resolve() };
}

/** What the functions below need of the domain. */
interface WithLastSend {
  readonly storage: Pick<Storage, 'groups'>;
  readonly lastSend: LastSend;
}

/**
 * Notes a stored group message for its sender's `lastSendMsgTime` (rule GRP21). The time is written off the send
 * path, coalesced per member and at most a second later, so a group message costs no extra write in its batch and
 * takes no lock on the member's row there (a mute holds that row while it waits for the conversation's).
 */
export function noteSent(
  d: WithLastSend & { readonly onPublishError: (err: unknown) => void },
  groupID: string,
  userID: string,
  time: number,
) {
  const p = d.lastSend;
  const key = `${groupID}\u0000${userID}`;
  const before = p.times.get(key);
  if (!before || before.time < time) p.times.set(key, { groupID, userID, time });
  if (p.timer) return;
  p.timer = setTimeout(() => {
    p.timer = undefined;
    flushLastSend(d).catch(d.onPublishError);
  }, LAST_SEND_FLUSH_MS);
  p.timer.unref?.();
}

/** Writes what is noted (reads of members call it first, so this node's own answers are never behind). */
export function flushLastSend(d: WithLastSend): Promise<void> {
  const p = d.lastSend;
  p.flushing = p.flushing.then(async () => {
    if (p.times.size === 0) return;
    const entries = [...p.times.values()];
    p.times.clear();
    await d.storage.groups.recordLastSend(entries);
  });
  return p.flushing;
}
