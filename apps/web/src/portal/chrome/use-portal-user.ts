import { useSession } from '../../session/index.ts';
import { CALL, type UserShowData } from '../api/calls.ts';
import { dataOf, useTapi } from '../api/use-tapi.ts';

export interface PortalUser {
  status: 'loading' | 'signedOut' | 'signedIn';
  userID: string;
  identity: number;
  /** user/usershow, once answered (null before, or for a chat-only account the portal does not know). */
  info: UserShowData | null;
}

/** Who is looking: the session (the authority) plus the portal's user info for the top bar and the centres. */
export function usePortalUser(): PortalUser {
  const snapshot = useSession();
  const session = snapshot.status === 'signedIn' ? snapshot.session : null;
  const portal = session && (session.identity === 1 || session.identity === 2);
  const info = dataOf(useTapi<UserShowData>(CALL.userShow, portal ? { uid: session.userID } : null));
  return {
    status: snapshot.status,
    userID: session?.userID ?? '',
    identity: session?.identity ?? 0,
    info,
  };
}

/** The chat route of an identity: the seed's two, or Parley's own for chat-only accounts. */
export function chatPathFor(identity: number): string {
  if (identity === 1) return '/user_chat';
  if (identity === 2) return '/cuser_chat';
  return '/chat';
}
