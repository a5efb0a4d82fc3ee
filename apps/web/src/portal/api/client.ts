import { ENVELOPE_KEY } from './envelope-key.ts';
import { type EnvelopeKey, open, seal } from './envelope.ts';

/** Seed 001 §9: every portal call times out after 10,000 ms; code 1 is success. */
export const TAPI_TIMEOUT_MS = 10_000;
export const TAPI_SUCCESS = 1;
export const TAPI_BASE = '/tapi/';

/** The answer as the server sent it, `data` decrypted; a code other than 1 reaches the caller unchanged (POR5). */
export interface TapiAnswer<T> {
  code: number;
  msg: string;
  data: T | null;
}

/** A non-200 answer, a network failure, a timeout or an unreadable body: the 'Request exception' case (POR4). */
export class RequestException extends Error {
  readonly status: number | null;
  constructor(status: number | null, message: string) {
    super(message);
    this.name = 'RequestException';
    this.status = status;
  }
  /** What the dialog shows: the error serialized, as the seed's client did. */
  toJSON(): { status: number | null; message: string } {
    return { status: this.status, message: this.message };
  }
}

type ExceptionHandler = (error: RequestException) => void;
let onException: ExceptionHandler = (error) => console.error('[parley] portal request failed', error);

/** The portal shell registers the dialog here once its antd context exists. Returns the unregister function. */
export function setRequestExceptionHandler(handler: ExceptionHandler): () => void {
  const before = onException;
  onException = handler;
  return () => {
    onException = before;
  };
}

export interface TapiOptions {
  key?: EnvelopeKey;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

async function send(path: string, body: string, o: TapiOptions): Promise<Response> {
  const doFetch = o.fetchImpl ?? fetch;
  try {
    return await doFetch(`${TAPI_BASE}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(o.timeoutMs ?? TAPI_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new RequestException(null, timedOut ? 'timeout' : String(err));
  }
}

/**
 * One portal call: `POST /tapi/<module>/<action>` with the payload sealed in the form field `data` (seed 001 §7.2).
 * Failures of the transport open the 'Request exception' dialog (through the registered handler) and reject;
 * application answers, successful or not, resolve.
 */
export async function tapi<T>(path: string, payload: unknown = {}, o: TapiOptions = {}): Promise<TapiAnswer<T>> {
  const key = o.key ?? ENVELOPE_KEY;
  try {
    const body = new URLSearchParams({ data: seal(payload, key) }).toString();
    const response = await send(path, body, o);
    if (response.status !== 200) throw new RequestException(response.status, `HTTP ${response.status}`);
    const json = (await response.json().catch(() => null)) as Partial<TapiAnswer<unknown>> | null;
    if (!json || typeof json.code !== 'number') throw new RequestException(200, 'malformed answer');
    let data: unknown = json.data ?? null;
    if (typeof data === 'string') data = data === '' ? null : decode(data, key);
    return { code: json.code, msg: typeof json.msg === 'string' ? json.msg : '', data: data as T | null };
  } catch (err) {
    const error = err instanceof RequestException ? err : new RequestException(null, String(err));
    onException(error);
    throw error;
  }
}

function decode(text: string, key: EnvelopeKey): unknown {
  try {
    return open(text, key);
  } catch {
    throw new RequestException(200, 'undecryptable answer');
  }
}
