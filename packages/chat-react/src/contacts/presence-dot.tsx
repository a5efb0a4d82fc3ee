import { useT } from '../hooks/use-t.ts';
import { useStore } from '../hooks/use-store.ts';
import { useKit } from '../provider/kit-context.ts';

/** A user's online state when the 'show online status' setting is on and the state is known, else null. */
export function useOnline(userID: string): boolean | null {
  const contacts = useKit().contacts;
  const show = useStore(contacts.showOnline);
  const { online } = useStore(contacts.friends);
  if (!show) return null;
  return online.get(userID) ?? null;
}

/** Decision 0017: the online / offline dot on an avatar (friends, one-to-one rows). */
export function PresenceDot({ userID }: { userID: string }) {
  const t = useT();
  const online = useOnline(userID);
  if (online === null) return null;
  return (
    <span
      className={online ? 'pc-presence pc-presence--on' : 'pc-presence'}
      role="img"
      aria-label={t(online ? 'contacts.status.online' : 'contacts.status.offline')}
      data-testid="presence-dot"
      data-online={online}
    />
  );
}

/** The status as words (chat header, profile card). */
export function PresenceText({ userID }: { userID: string }) {
  const t = useT();
  const online = useOnline(userID);
  if (online === null) return null;
  return (
    <span className={online ? 'pc-status pc-status--on' : 'pc-status'} data-testid="presence-text" data-online={online}>
      {t(online ? 'contacts.status.online' : 'contacts.status.offline')}
    </span>
  );
}
