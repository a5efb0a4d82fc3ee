import type { ServerFrame } from '@parley/protocol';
import type { WebSocket } from 'ws';
import { endsConnection, isSessionEnded, type KickType, sessionTopic } from '../../domain/auth/session-events.ts';
import { checkNotRevoked } from '../../domain/auth/token-check.ts';
import { type UserSigClaims, verifyUserSig } from '../../domain/auth/usersig.ts';
import { type Domain, nowSeconds } from '../../domain/context.ts';
import { CLOSE } from './close-codes.ts';

function kick(socket: WebSocket, reason: KickType): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'kicked', reason } satisfies ServerFrame));
  socket.close(CLOSE.SESSION_ENDED, 'session ended');
}

/**
 * A checked upgrade's watch on its session: `attach` hands it the socket once upgraded, `stop` ends the watch (the
 * caller calls it when the connection closes, upgraded or not; more than once is harmless).
 */
export interface SessionGuard {
  claims: UserSigClaims;
  attach(socket: WebSocket): void;
  stop(): void;
}

/**
 * The upgrade's token check (SES1, SES3, SES5) in one read: the signature and expiry first (no storage), then the
 * subscription to the user's session topic, then the revocation read. A sign-out that commits before the
 * subscription is seen by the read; one after it arrives as an event. Either way the socket is refused or kicked,
 * so no second read is needed once the socket is open (there used to be one, after subscribing).
 */
export async function guardSession(d: Domain, token: string | undefined): Promise<SessionGuard> {
  const claims = verifyUserSig(d.secret, token, nowSeconds(d));
  let socket: WebSocket | undefined;
  let ended: KickType | undefined;
  const unsubscribe = await d.bus.subscribe(sessionTopic(claims.uid), (event) => {
    if (!isSessionEnded(event) || !endsConnection(event, claims)) return;
    if (socket) kick(socket, event.kick);
    else ended ??= event.kick;
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    void unsubscribe().catch(() => undefined);
  };
  try {
    await checkNotRevoked(d, claims);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    claims,
    stop,
    attach(s) {
      socket = s;
      if (ended !== undefined) kick(s, ended);
    },
  };
}
