import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export interface RequestDeadlines {
  /** Longest time to receive a request whole (rule LIM1); also the most a body may take after an early answer (ABU1). */
  requestTimeoutMs: number;
  /** The same for an upload (UPL24): a large file on a slow link takes longer than any other request. */
  uploadTimeoutMs: number;
  /** Whether a request path is an upload. */
  isUpload: (url: string) => boolean;
}

/** No answer yet: 408 and close, as Node does (LIM1). */
function timedOut(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || res.headersSent) return;
  const socket = req.socket;
  if (socket.writable) socket.end(TIMED_OUT);
  socket.destroySoon?.();
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * Rule LIM1 with room for uploads (UPL24). Node's own `requestTimeout` applies one limit to every request, so a
 * 500 MB upload on a slow link would be cut at 30 s; the server runs with it off and this arms a deadline per
 * request instead: the request timeout for everything, the upload timeout for the upload routes. A request whose
 * body has not arrived whole by then gets 408 and its connection is closed, as Node does. Headers keep Node's
 * `headersTimeout`, and a stalled upload (no bytes at all) still ends at the idle timeout.
 *
 * Rule ABU1: a request answered before its body arrived (a 401, a 413, a route that reads no body) keeps its
 * connection while Node discards the rest of the body, so that the client can read the answer; a reset while it
 * still writes would lose it. That rest has at most the request timeout from the answer (never past the request's
 * own deadline), then the connection is closed: a byte every 20 s, under every idle timeout, no longer holds it.
 */
export function installRequestDeadlines(server: Server, o: RequestDeadlines): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete) return;
    const deadline = Date.now() + (o.isUpload(req.url ?? '') ? o.uploadTimeoutMs : o.requestTimeoutMs);
    let answered = false;
    let timer = setTimeout(() => {
      // An answer under way is cut once it ends (below); a 408 closes the connection itself.
      if (res.headersSent) return;
      answered = true;
      timedOut(req, res);
    }, deadline - Date.now());
    timer.unref();
    const onAnswered = () => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      const socket = req.socket;
      if (req.complete || socket.destroyed) return;
      const left = Math.min(deadline - Date.now(), o.requestTimeoutMs);
      timer = setTimeout(() => req.complete || socket.destroy(), Math.max(0, left));
      timer.unref();
    };
    res.once('finish', onAnswered);
    res.once('close', onAnswered);
  });
}
