import type { EnvelopeKey } from './envelope.ts';

/**
 * The envelope key and IV come from the build (Vite's VITE_PARLEY_PORTAL_KEY and VITE_PARLEY_PORTAL_IV), with the same
 * development defaults as the server (PARLEY_PORTAL_KEY / PARLEY_PORTAL_IV in the server's configuration). They are no
 * secret: every browser gets them (docs/PROTOCOL.md, Portal API).
 */
export const DEV_ENVELOPE_KEY: EnvelopeKey = { key: 'parley-portal-dev-key-24', iv: 'parleyiv' };

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const ENVELOPE_KEY: EnvelopeKey = {
  key: env.VITE_PARLEY_PORTAL_KEY || DEV_ENVELOPE_KEY.key,
  iv: env.VITE_PARLEY_PORTAL_IV || DEV_ENVELOPE_KEY.iv,
};
