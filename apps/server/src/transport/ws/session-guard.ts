import { ERRORS, ParleyError, type ServerFrame } from '@parley/protocol';
import type { WebSocket } from 'ws';
import { KICK, type KickType, endsConnection, isSessionEnded, sessionTopic } from '../../domain/auth/session-events.ts';
import { authenticate } from '../../domain/auth/token-check.ts';
import type { UserSigClaims } from '../../domain/auth/usersig.ts';
import type { Domain } from '../../domain/context.ts';
import { CLOSE } from './close-codes.ts';

function kick(socket: WebSocket, reason: KickType): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'kicked', reason } satisfies ServerFrame));
  socket.close(CLOSE.SESSION_ENDED, 'session ended');
}

/** The upgrade's token check: signature, expiry and revocation (SES1, SES5). */
export function authenticateUpgrade(d: Domain, token: string | undefined): Promise<UserSigClaims> {
  return authenticate(d, token);
}

/**
 * Closes the socket with a `kicked` frame when its session ends or its user's userSigs are revoked, on
 * any node (SES3). After subscribing it checks the token once more: a sign-out that committed between
 * the upgrade's check and the subscription would otherwise leave the socket open.
 */
export async function closeOnSessionEnd(
  d: Domain,
  socket: WebSocket,
  claims: UserSigClaims,
  token: string | undefined,
): Promise<void> {
  const unsubscribe = await d.bus.subscribe(sessionTopic(claims.uid), (event) => {
    if (isSessionEnded(event) && endsConnection(event, claims)) kick(socket, event.kick);
  });
  const stop = () => void unsubscribe().catch(() => undefined);
  if (socket.readyState !== socket.OPEN) {
    stop();
    return;
  }
  socket.once('close', stop);
  try {
    await authenticate(d, token);
  } catch (err) {
    if (err instanceof ParleyError && err.code === ERRORS.USERSIG_REVOKED.code) {
      kick(socket, err.data.kick === KICK.REVOKED ? KICK.REVOKED : KICK.SIGNED_OUT);
    }
  }
}
