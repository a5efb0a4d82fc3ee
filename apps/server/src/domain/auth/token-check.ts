import { ParleyError } from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';
import { KICK } from './session-events.ts';
import { type UserSigClaims, verifyUserSig } from './usersig.ts';

/**
 * Verifies a userSig and that it was not revoked (rules SES1, SES5): a token bound to a browser session
 * is refused once that session ended; an admin-issued one once the user's generation passed it.
 * One indexed read per call, on HTTP and at WebSocket upgrade alike.
 */
export async function authenticate(d: Domain, token: string | undefined): Promise<UserSigClaims> {
  const claims = verifyUserSig(d.secret, token, nowSeconds(d));
  await checkNotRevoked(d, claims);
  return claims;
}

/** The revocation half of `authenticate`, for claims whose signature and expiry were already verified. */
export async function checkNotRevoked(d: Domain, claims: UserSigClaims): Promise<void> {
  if (claims.sid !== undefined) {
    const row = await d.storage.sessions.get(claims.sid);
    if (!row || row.userID !== claims.uid || row.expiresAt <= nowSeconds(d)) {
      throw ParleyError.of('USERSIG_REVOKED', undefined, { kick: KICK.SIGNED_OUT });
    }
    return;
  }
  // No account row: nothing was revoked (the routes answer for unknown users), unless the account was deleted
  // (PDAT10): then every token ever issued to it is refused. Only an unknown user costs the second read.
  const known = await d.storage.accounts.tokenGen(claims.uid);
  if (known === undefined && (await d.storage.accounts.isDeleted(claims.uid))) {
    throw ParleyError.of('USERSIG_REVOKED', undefined, { kick: KICK.REVOKED });
  }
  const gen = known ?? 0;
  if ((claims.gen ?? 0) < gen) {
    throw ParleyError.of('USERSIG_REVOKED', undefined, { kick: KICK.REVOKED });
  }
}
