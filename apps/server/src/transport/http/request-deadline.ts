import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export interface RequestDeadlines {
  /** Longest time to receive a request whole (rule LIM1). */
  requestTimeoutMs: number;
  /** The same for an upload (issue 8): a large file on a slow link takes longer than any other request. */
  uploadTimeoutMs: number;
  /** Whether a request path is an upload. */
  isUpload: (url: string) => boolean;
}

/**
 * Rule LIM1 with room for uploads (UPL24). Node's own `requestTimeout` applies one limit to every request, so a
 * 500 MB upload on a slow link would be cut at 30 s; the server runs with it off and this arms a deadline per
 * request instead: the request timeout for everything, the upload timeout for the upload routes. A request whose
 * body has not arrived whole by then gets 408 and its connection is closed, as Node does. Headers keep Node's
 * `headersTimeout`, and a stalled upload (no bytes at all) still ends at the idle timeout.
 */
export function installRequestDeadlines(server: Server, o: RequestDeadlines): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.complete) return;
    const timer = setTimeout(
      () => {
        if (req.complete || res.headersSent) return;
        const socket = req.socket;
        if (socket.writable) socket.end(TIMED_OUT);
        socket.destroySoon?.();
        setTimeout(() => socket.destroy(), 1000).unref();
      },
      o.isUpload(req.url ?? '') ? o.uploadTimeoutMs : o.requestTimeoutMs,
    );
    timer.unref();
    const clear = () => clearTimeout(timer);
    res.once('finish', clear);
    res.once('close', clear);
  });
}
