import http from 'node:http';
import type { Tally } from './tally.ts';

export interface RawRequest {
  port: number;
  method: string;
  /** Sent as is: bad percent-encoding and over-long segments are part of the attack surface. */
  path: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as given (set the content type yourself). */
  body?: unknown;
  timeoutMs?: number;
  /** Another loopback source address (127.0.0.x) so per-address limits see distinct clients. */
  localAddress?: string | undefined;
  /** Called once the whole request has been handed to the socket (before any answer). */
  onSent?: (() => void) | undefined;
}

export interface RawResponse {
  /** 0 when the request failed at the network level (`error` says how). */
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
  error?: string;
}

function encodeBody(body: unknown, headers: Record<string, string>): Buffer | undefined {
  if (body === undefined) return undefined;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body), 'utf8');
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** One request over node:http to 127.0.0.1 without keep-alive. Never rejects: network failures are status 0. */
export function send(r: RawRequest): Promise<RawResponse> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...r.headers };
    const payload = encodeBody(r.body, headers);
    if (payload) headers['content-length'] = String(payload.length);
    const fail = (error: string) => resolve({ status: 0, headers: {}, text: '', json: undefined, error });
    let req: http.ClientRequest;
    try {
      req = http.request(
        {
          host: '127.0.0.1',
          port: r.port,
          method: r.method,
          path: r.path,
          headers,
          agent: false,
          localAddress: r.localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => fail(e.message));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parse(text) });
          });
        },
      );
    } catch (err) {
      // node:http refuses some header values before sending; the attack did not reach the server.
      fail(`not sent: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    req.setTimeout(r.timeoutMs ?? 10_000, () => req.destroy(new Error(`timeout after ${r.timeoutMs ?? 10_000} ms`)));
    req.on('error', (e) => fail(e.message));
    if (r.onSent) req.once('finish', r.onSent);
    req.end(payload);
  });
}

/** Exactly `{code, message}`, plus the catalogue's optional `data` object (rule HTTP7). */
export function isErrorBody(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const { code, message, data, ...rest } = json as Record<string, unknown>;
  if (!Number.isInteger(code) || typeof message !== 'string' || Object.keys(rest).length > 0) return false;
  return data === undefined || (typeof data === 'object' && data !== null && !Array.isArray(data));
}

/** Counts a 5xx, an error answer of the wrong shape, or a dropped request as findings; returns the status. */
export function judge(t: Tally, what: string, res: RawResponse): number {
  if (res.status === 0) t.found('fiveXX', `${what}: no answer (${res.error ?? 'closed'})`);
  else if (res.status >= 500) t.found('fiveXX', `${what}: ${res.status} ${res.text.slice(0, 120)}`);
  else if (res.status >= 400 && !isErrorBody(res.json)) {
    t.found('badErrorBodies', `${what}: ${res.status} ${res.text.slice(0, 120)}`);
  }
  return res.status;
}

export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** The `parley_sid` value from a Set-Cookie answer, if any. */
export function sessionCookieOf(res: RawResponse): string | undefined {
  const cookies = res.headers['set-cookie'] ?? [];
  for (const c of cookies) {
    const m = /^parley_sid=([^;]*)/.exec(c);
    if (m?.[1]) return m[1];
  }
  return undefined;
}

/** A crash is a server process that exited, or one that no longer answers /healthz. */
export async function checkAlive(t: Tally, site: { port: number; server: { alive: boolean } }): Promise<void> {
  const health = site.server.alive ? await send({ port: site.port, method: 'GET', path: '/healthz' }) : undefined;
  t.check(
    health?.status === 200,
    'crashes',
    `server on ${site.port} ${site.server.alive ? 'stopped answering /healthz' : 'exited'}`,
  );
}
