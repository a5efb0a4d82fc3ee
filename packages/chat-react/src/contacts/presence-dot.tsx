import { useNetState } from '../hooks/use-chat.ts';
import { useT } from '../hooks/use-t.ts';
import { useStore } from '../hooks/use-store.ts';
import { useKit } from '../provider/kit-context.ts';

export type Presence = 'online' | 'offline' | 'unknown';

/**
 * A user's online state when the 'show online status' setting is on and the state is known, else null. While the
 * user's own connection is down nobody's state is known (decision 0032, UI25): 'unknown', not the last one seen.
 */
export function usePresence(userID: string): Presence | null {
  const contacts = useKit().contacts;
  const show = useStore(contacts.showOnline);
  const { online } = useStore(contacts.friends);
  const net = useNetState();
  if (!show) return null;
  const known = online.get(userID);
  if (known === undefined) return null;
  if (net !== 'connected') return 'unknown';
  return known ? 'online' : 'offline';
}

/** Class modifiers: the offline look is the base one. */
const MODIFIER = { online: ' pc-presence--on', offline: '', unknown: ' pc-presence--unknown' } as const;

const LABEL = {
  online: 'contacts.status.online',
  offline: 'contacts.status.offline',
  unknown: 'contacts.status.unknown',
} as const;

/** Decision 0017: the online / offline dot on an avatar (friends, one-to-one rows). */
export function PresenceDot({ userID }: { userID: string }) {
  const t = useT();
  const presence = usePresence(userID);
  if (presence === null) return null;
  return (
    <span
      className={`pc-presence${MODIFIER[presence]}`}
      role="img"
      aria-label={t(LABEL[presence])}
      data-testid="presence-dot"
      data-online={presence === 'unknown' ? 'unknown' : presence === 'online'}
    />
  );
}

/** The status as words (chat header, profile card). */
export function PresenceText({ userID }: { userID: string }) {
  const t = useT();
  const presence = usePresence(userID);
  if (presence === null) return null;
  return (
    <span
      className={presence === 'online' ? 'pc-status pc-status--on' : 'pc-status'}
      data-testid="presence-text"
      data-online={presence === 'unknown' ? 'unknown' : presence === 'online'}
    >
      {t(LABEL[presence])}
    </span>
  );
}
