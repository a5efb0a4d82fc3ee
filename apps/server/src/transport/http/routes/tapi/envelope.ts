import { createCipheriv, createDecipheriv } from 'node:crypto';
import { PORTAL_CIPHER, ParleyError } from '@parley/protocol';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The seed's `/tapi/` envelope (PRT1-PRT3): base64 of 3DES-CBC (PKCS7) encrypted JSON. Compatibility, not
 * security: there is no integrity check, so a tampered body is refused only when it breaks the padding, the
 * UTF-8, the JSON or the shape; whatever passes is an ordinary request, checked against the session like any.
 */
export interface PortalCipher {
  encrypt(json: unknown): string;
  /** Any JSON value from base64 ciphertext; throws the envelope's errors (60030-60032). */
  decode(data: string): unknown;
  /** The decrypted payload object ('' or absent: {}); throws the envelope's errors. */
  decrypt(data: string | undefined): Record<string, unknown>;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function portalCipher(key: string, iv: string): PortalCipher {
  const k = Buffer.from(key, 'utf8');
  const v = Buffer.from(iv, 'utf8');
  return {
    encrypt(json) {
      const c = createCipheriv(PORTAL_CIPHER, k, v);
      return Buffer.concat([c.update(JSON.stringify(json), 'utf8'), c.final()]).toString('base64');
    },
    decode(data) {
      // A form body turns an unescaped '+' into a space; the seed's client escapes it, others may not.
      const text = data.replaceAll(' ', '+');
      if (!BASE64.test(text)) throw ParleyError.of('PORTAL_BAD_BASE64');
      let plain: Buffer;
      try {
        const d = createDecipheriv(PORTAL_CIPHER, k, v);
        plain = Buffer.concat([d.update(Buffer.from(text, 'base64')), d.final()]);
      } catch {
        throw ParleyError.of('PORTAL_UNDECRYPTABLE');
      }
      try {
        return JSON.parse(utf8.decode(plain)) as unknown;
      } catch {
        throw ParleyError.of('PORTAL_NOT_JSON');
      }
    },
    decrypt(data) {
      if (data === undefined || data === '') return {};
      const value = this.decode(data);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw ParleyError.of('INVALID_PARAMS', 'data must be a JSON object');
      }
      return value as Record<string, unknown>;
    },
  };
}

interface CheckError {
  instancePath: string;
  keyword: string;
  message: string;
  params: { additionalProperties?: string[] };
}

/** A checker for one call's payload; the error names the field (PRT3). */
export function payloadChecker(schema: TSchema): (payload: unknown) => void {
  const validator = Compile(schema);
  return (payload) => {
    if (validator.Check(payload)) return;
    const errors = validator.Errors(payload) as unknown as CheckError[];
    const extra = errors.find((e) => e.keyword === 'additionalProperties');
    if (extra) {
      const name = extra.params.additionalProperties?.[0] ?? '';
      throw ParleyError.of('INVALID_PARAMS', `data has an unknown field "${name}"`);
    }
    const first = errors.find((e) => e.keyword !== 'boolean') ?? errors[0];
    const where = `data${(first?.instancePath ?? '').replaceAll('/', '.')}`;
    throw ParleyError.of('INVALID_PARAMS', `${where} ${first?.message ?? 'is invalid'}`);
  };
}
