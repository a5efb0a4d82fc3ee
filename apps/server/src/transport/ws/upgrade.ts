import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServerResponse as RawResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERRORS, type ErrorBody, ParleyError, errorByCode } from '@parley/protocol';
import type { WebSocketServer } from 'ws';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';

/** The security headers every answer carries (HDR1, HDR2), refused upgrades included. */
const SECURITY_HEADERS =
  'X-Content-Type-Options: nosniff\r\n' +
  'Referrer-Policy: no-referrer\r\n' +
  `Content-Security-Policy: ${CONTENT_SECURITY_POLICY}\r\n` +
  'X-Frame-Options: DENY\r\n';

/**
 * Answers a refused upgrade as an ordinary HTTP error: the status of the catalogue entry and a `{code, message}`
 * body, as the API's error handler would (WS21), then closes the connection.
 */
export function refuseUpgrade(socket: Duplex, status: number, body: ErrorBody): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      SECURITY_HEADERS +
      `\r\n${json}`,
  );
}

/** The HTTP answer for an error thrown while checking an upgrade: a catalogue error as itself, anything else 500. */
export function errorAnswer(err: unknown): { status: number; body: ErrorBody } {
  if (err instanceof ParleyError) {
    const spec = errorByCode(err.code);
    const body: ErrorBody = { code: err.code, message: err.message };
    if (Object.keys(err.data).length > 0) body.data = err.data;
    return { status: spec && spec.httpStatus > 0 ? spec.httpStatus : 400, body };
  }
  return { status: ERRORS.INTERNAL.httpStatus, body: { code: ERRORS.INTERNAL.code, message: ERRORS.INTERNAL.message } };
}

/** The path and query of a request target, without building a URL object (this runs on every connect). */
export function splitTarget(url: string | undefined): { path: string; query: URLSearchParams } {
  const target = url ?? '/';
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, query: new URLSearchParams() }
    : { path: target.slice(0, q), query: new URLSearchParams(target.slice(q + 1)) };
}

/**
 * An upgrade request for another path (an `Upgrade: h2c` probe on an API route, say) is answered by the HTTP app
 * as a plain request, as before; the connection closes after the answer, since it left Node's HTTP parser.
 */
export function answerAsHttp(
  routing: (req: IncomingMessage, res: ServerResponse) => void,
  req: IncomingMessage,
  socket: Duplex,
): void {
  const res = new RawResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Parameters<RawResponse['assignSocket']>[0]);
  res.once('finish', () => socket.end());
  routing(req, res);
}

/**
 * Malformed handshakes (`ws` found no valid key, version or Upgrade header) are answered with 400 and a
 * `{code, message}` body instead of `ws`'s plain-text one (WS21).
 */
export function answerBadHandshakes(wss: WebSocketServer): void {
  wss.on('wsClientError', (err: Error, socket: Duplex) => {
    refuseUpgrade(socket, ERRORS.INVALID_PARAMS.httpStatus, {
      code: ERRORS.INVALID_PARAMS.code,
      message: `Not a WebSocket handshake: ${err.message}`,
    });
  });
}
