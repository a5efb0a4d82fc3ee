import { type Static, Type } from 'typebox';

/**
 * The portal's `/tapi/` envelope (rules PRT1-PRT4). It keeps the seed's client working unchanged; it is
 * compatibility, not security: the key ships inside every browser. Authentication is the server's session.
 */
export const PORTAL_PREFIX = '/tapi';
/** `code` of a successful answer (seed 001 §9). */
export const PORTAL_SUCCESS = 1;
/** Node/OpenSSL name of the seed's cipher: 3DES (EDE, three keys) in CBC mode, PKCS7 padding. */
export const PORTAL_CIPHER = 'des-ede3-cbc';
/** Key: 24 bytes (UTF-8 text of 24 ASCII characters); IV: 8 bytes. */
export const PORTAL_KEY_BYTES = 24;
export const PORTAL_IV_BYTES = 8;
/**
 * Development defaults, used when PARLEY_PORTAL_KEY / PARLEY_PORTAL_IV are unset and NODE_ENV is not
 * `production`. Public on purpose: the envelope hides nothing from anyone who can read the web app.
 */
export const PORTAL_DEV_KEY = 'parley-portal-dev-key-24';
export const PORTAL_DEV_IV = 'parleyiv';
/** Request time-out of the portal's client (seed 001 §9). */
export const PORTAL_TIMEOUT_MS = 10_000;

/** Display cookies. The server sets `userid` and `identity` at login and never trusts them (PRT6). */
export const PORTAL_COOKIES = {
  userid: 'userid',
  identity: 'identity',
  province: 'province',
  citys: 'citys',
  area: 'area',
} as const;

/** The HTTP body of every call: form-urlencoded, field `data` = base64(3DES-CBC(JSON payload)). */
export const PortalEnvelopeRequestSchema = Type.Object(
  {
    data: Type.Optional(
      Type.String({ maxLength: 65_536, description: 'base64 of the 3DES-CBC (PKCS7) encrypted JSON payload' }),
    ),
  },
  { additionalProperties: false },
);
export type PortalEnvelopeRequest = Static<typeof PortalEnvelopeRequestSchema>;

/**
 * The HTTP 200 answer of every call that got past the envelope: `code` 1 and `data` the encrypted JSON of
 * the call's result ('' when there is none), or another code with `msg` and `data` ''. Envelope failures
 * (bad base64, wrong key, not JSON, wrong shape, unknown call) are HTTP 4xx with the usual {code, message}.
 */
export const PortalEnvelopeResponseSchema = Type.Object(
  {
    code: Type.Integer({ description: '1 success; otherwise an error code of the catalogue' }),
    msg: Type.String(),
    data: Type.String({ description: 'base64 of the encrypted JSON result, or empty' }),
  },
  { additionalProperties: false },
);
export type PortalEnvelopeResponse = Static<typeof PortalEnvelopeResponseSchema>;
