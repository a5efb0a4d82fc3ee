import { createHmac } from 'node:crypto';
import type { IceServers } from '@parley/protocol';

/**
 * The deployment's STUN and TURN servers (PARLEY_STUN_URLS, PARLEY_TURN_URLS, PARLEY_TURN_SECRET, PARLEY_TURN_TTL_S;
 * decision 0039). No URLs at all: peers use host candidates only, which is enough on one machine or one LAN (CALL5).
 */
export interface TurnSettings {
  stunUrls: readonly string[];
  turnUrls: readonly string[];
  /** coturn's `static-auth-secret`; set whenever turnUrls is not empty (the configuration checks it). */
  secret: string;
  ttlSeconds: number;
  /** PARLEY_ICE_TRANSPORT_POLICY (CALL6): 'relay' only with TURN configured. */
  policy: 'all' | 'relay';
}

export const NO_TURN: TurnSettings = { stunUrls: [], turnUrls: [], secret: '', ttlSeconds: 0, policy: 'all' };

/**
 * coturn's TURN REST credentials (`use-auth-secret`, CALL2): the username is `<expiry unix seconds>:<userID>`, the
 * password base64(HMAC-SHA1(secret, username)). coturn recomputes it from the same secret, so nothing is stored and
 * a leaked credential dies at its expiry (CALL3). The userID in the name lets coturn's log name the user.
 */
export function turnCredential(secret: string, userID: string, expiresAtSeconds: number) {
  const username = `${expiresAtSeconds}:${userID}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** What GET /api/v1/calls/ice-servers answers a signed-in user (CALL1). */
export function iceServersFor(settings: TurnSettings, userID: string, nowMs: number): IceServers {
  const iceServers: IceServers['iceServers'] = [];
  if (settings.stunUrls.length > 0) iceServers.push({ urls: [...settings.stunUrls] });
  if (settings.turnUrls.length === 0) return { iceServers, ttlSeconds: 0, iceTransportPolicy: 'all' };
  const expiry = Math.floor(nowMs / 1000) + settings.ttlSeconds;
  iceServers.push({ urls: [...settings.turnUrls], ...turnCredential(settings.secret, userID, expiry) });
  return { iceServers, ttlSeconds: settings.ttlSeconds, iceTransportPolicy: settings.policy };
}
