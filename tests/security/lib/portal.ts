import { PORTAL_DEV_IV, PORTAL_DEV_KEY, PORTAL_SUCCESS } from '@parley/protocol';
import { portalCipher } from '../../../apps/server/src/transport/http/routes/tapi/envelope.ts';
import { type RawResponse, send } from './http.ts';

/** The suite's servers run with the development key (no PARLEY_PORTAL_KEY): the seed's client side of it. */
const cipher = portalCipher(PORTAL_DEV_KEY, PORTAL_DEV_IV);

/**
 * How a `/tapi/` answer is judged (PRT2, PRT3): an envelope that cannot be read is HTTP 4xx; a call that was read
 * but refused is HTTP 200 with a `code` other than 1 (not logged in, wrong kind, someone else's uid …). Only
 * HTTP 200 with code 1 means the call ran.
 */
export function portalVerdict(res: RawResponse): 'allowed' | 'refused' {
  if (res.status !== 200) return 'refused';
  const code = (res.json as { code?: unknown } | undefined)?.code;
  return code === PORTAL_SUCCESS ? 'allowed' : 'refused';
}

/** One portal call as the seed's client makes it: the payload sealed in the form field `data`. */
export function portalCall(
  port: number,
  name: string,
  payload: unknown,
  headers: Record<string, string>,
  localAddress?: string,
): Promise<RawResponse> {
  return send({
    port,
    method: 'POST',
    path: `/tapi/${name}`,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: cipher.encrypt(payload) }).toString(),
    localAddress,
  });
}
