import type { BusEvent } from '../ports.ts';

/**
 * Sessions ending, as bus events (rule SES3). Published after the session's row is gone, on a topic of
 * their own so the push layer can close the matching sockets on every node without the event ever
 * reaching a client as a push event.
 */
export const SESSION_ENDED = 'session.ended' as const;

/** TIM kick types (reference §2.2): a sign-out in another tab of the browser, or an admin revoke. */
export const KICK = { SIGNED_OUT: 'multipleAccount', REVOKED: 'REST_API_Kick' } as const;
export type KickType = (typeof KICK)[keyof typeof KICK];

/** The bus event (@parley/protocol's node events): `sid`, or every token of the user below `gen`; `kick`. */
export type SessionEnded = Extract<BusEvent, { type: typeof SESSION_ENDED }>;

export const sessionTopic = (userID: string) => `session:${userID}`;

export function isSessionEnded(event: BusEvent): event is SessionEnded {
  return event.type === SESSION_ENDED && (event.kick === KICK.SIGNED_OUT || event.kick === KICK.REVOKED);
}

/** Whether a connection authenticated with these claims must close on this event. */
export function endsConnection(event: SessionEnded, claims: { sid?: string; gen?: number }): boolean {
  if (event.sid !== undefined) return claims.sid === event.sid;
  // An admin revoke ends every session-bound token (their sessions are deleted) and older admin tokens.
  return claims.sid !== undefined || (claims.gen ?? 0) < (event.gen ?? Number.POSITIVE_INFINITY);
}
