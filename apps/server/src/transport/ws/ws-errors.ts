import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * At most `max` lines per `windowMs`; the first line of the next window says how many were left out. Keeps a
 * client that sends broken frames on purpose from flooding the log (rule LIM10).
 */
export class LogBudget {
  #windowStart = 0;
  #used = 0;
  #suppressed = 0;
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** undefined: stay silent. Otherwise log, with the number of lines left out since the last one. */
  take(now: number): { suppressed: number } | undefined {
    if (now - this.#windowStart >= this.windowMs) {
      this.#windowStart = now;
      this.#used = 0;
    }
    if (this.#used >= this.max) {
      this.#suppressed += 1;
      return undefined;
    }
    this.#used += 1;
    const suppressed = this.#suppressed;
    this.#suppressed = 0;
    return { suppressed };
  }
}

/**
 * The push sockets' error handler. A protocol error (`WS_ERR_*`: bad opcode, invalid UTF-8, an oversized
 * frame) is the client's fault: `ws` has already sent the matching close code (1002, 1007, 1009), so the socket is
 * left to finish its close handshake (terminating it would turn that code into 1006), and one warning line
 * without a stack is logged, rate-limited. Anything else is a server bug: logged as an error, socket terminated.
 */
export function wsErrorHandler(budget = new LogBudget(10, 60_000)) {
  return function onError(error: Error, socket: WebSocket, log: FastifyBaseLogger): void {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
      const allowed = budget.take(Date.now());
      if (allowed) {
        log.warn({ wsError: code, reason: error.message, ...allowed }, 'websocket: bad frame from client');
      }
      return;
    }
    log.error({ err: error }, 'websocket handler failed');
    socket.terminate();
  };
}
