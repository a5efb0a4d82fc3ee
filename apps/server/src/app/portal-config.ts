import { PORTAL_DEV_IV, PORTAL_DEV_KEY, PORTAL_IV_BYTES, PORTAL_KEY_BYTES } from '@parley/protocol';

type Env = Record<string, string | undefined>;

/** The `/tapi/` envelope's 3DES key and IV (rule PRT1): compatibility with the seed's client, not security. */
export interface PortalCipherConfig {
  key: string;
  iv: string;
}

function exactBytes(env: Env, name: string, bytes: number, fail: (name: string, problem: string) => Error) {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (Buffer.byteLength(raw, 'utf8') !== bytes) throw fail(name, `must be exactly ${bytes} bytes of UTF-8 text`);
  return raw;
}

/**
 * Reads PARLEY_PORTAL_KEY (24 bytes) and PARLEY_PORTAL_IV (8 bytes). Unset: the public development values,
 * except with NODE_ENV=production, where a start without them is refused with one line.
 */
export function loadPortalCipher(env: Env, fail: (name: string, problem: string) => Error): PortalCipherConfig {
  const key = exactBytes(env, 'PARLEY_PORTAL_KEY', PORTAL_KEY_BYTES, fail);
  const iv = exactBytes(env, 'PARLEY_PORTAL_IV', PORTAL_IV_BYTES, fail);
  if (env.NODE_ENV === 'production') {
    if (!key)
      throw fail('PARLEY_PORTAL_KEY', 'must be set when NODE_ENV=production (24 characters, as in the web app)');
    if (!iv) throw fail('PARLEY_PORTAL_IV', 'must be set when NODE_ENV=production (8 characters, as in the web app)');
  }
  return { key: key ?? PORTAL_DEV_KEY, iv: iv ?? PORTAL_DEV_IV };
}
