import CryptoJS from 'crypto-js/core';
import 'crypto-js/enc-base64';
import TripleDES from 'crypto-js/tripledes';

const { Base64, Utf8 } = CryptoJS.enc;

/**
 * The seed's /tapi/ envelope (seed 001 §7.2, §9): JSON encrypted with 3DES-CBC and PKCS7 padding, base64 text.
 * Compatibility with the seed's client, not security (GUIDE §4): the key ships in every browser. Only the pieces of
 * crypto-js this needs are imported, so the portal's first load does not carry the whole library.
 */
export interface EnvelopeKey {
  /** 24 characters (three DES keys). */
  key: string;
  /** 8 characters. */
  iv: string;
}

function params(k: EnvelopeKey) {
  return { iv: Utf8.parse(k.iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 };
}

export function seal(value: unknown, k: EnvelopeKey): string {
  return TripleDES.encrypt(Utf8.parse(JSON.stringify(value ?? {})), Utf8.parse(k.key), params(k)).toString();
}

/** Throws when the text is not base64 of a well-padded 3DES block sequence holding JSON. */
export function open(text: string, k: EnvelopeKey): unknown {
  const ciphertext = Base64.parse(text);
  const plain = TripleDES.decrypt(
    CryptoJS.lib.CipherParams.create({ ciphertext }),
    Utf8.parse(k.key),
    params(k),
  ).toString(Utf8);
  if (!plain) throw new Error('envelope: cannot decrypt');
  return JSON.parse(plain);
}
