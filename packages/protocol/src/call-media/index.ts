/** Calls' media part of the protocol: the ICE servers a client uses for its peer connections (decision 0039). */
import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';

/** Call media routes (CALL1). */
export const CALL_MEDIA_ROUTES = {
  /** GET: the STUN and TURN servers for this user, with short-lived TURN credentials (CALL1–CALL4). */
  iceServers: `${API_PREFIX}/calls/ice-servers`,
} as const;

/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export const IceServerSchema = Type.Object({
  urls: Type.Array(Type.String({ maxLength: 512 }), { minItems: 1, maxItems: 16 }),
  username: Type.Optional(Type.String({ maxLength: 512 })),
  credential: Type.Optional(Type.String({ maxLength: 512 })),
});
export type IceServer = Static<typeof IceServerSchema>;

/** The answer of CALL_MEDIA_ROUTES.iceServers: the list (empty: host candidates only) and how long it stays valid. */
export const IceServersSchema = Type.Object({
  iceServers: Type.Array(IceServerSchema, { maxItems: 16 }),
  /** Seconds the TURN credentials stay valid (CALL3); 0 when there is no TURN server. */
  ttlSeconds: Type.Integer({ minimum: 0 }),
  /** 'relay': clients send media only through TURN, so peers never learn each other's addresses (CALL6). */
  iceTransportPolicy: Type.Union([Type.Literal('all'), Type.Literal('relay')]),
});
export type IceServers = Static<typeof IceServersSchema>;
