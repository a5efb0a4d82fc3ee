import { type ServerFrame, WS } from '@parley/protocol';
import type { WebSocket } from 'ws';
import type { Domain } from '../../domain/context.ts';
import { CLOSE } from './close-codes.ts';
import { FrameBudget } from './frame-budget.ts';
import { sendFrameHandler } from './send-frames.ts';
import type { UserSockets } from './user-sockets.ts';

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ConnectionOptions {
  heartbeatMs: number;
  deadAfterMs: number;
  /** Unexpected failures of a send frame (the client gets INTERNAL). */
  onError?: (err: unknown) => void;
}

function parseFrame(text: string): unknown {
  if (text.charCodeAt(0) !== 123) return undefined; // '{': only objects are frames
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One push connection: keeps it honest both ways (WS2), bounds what a client may send, protocol pings and pongs
 * included (WS4, LIM9), and ends the session when the userSig expires (WS5). Events reach it through `sockets`.
 *
 * A socket closed because it could not keep up (1013) is not cut at once: its close frame waits behind what is
 * already queued, and a client that reads again sees 1013 rather than 1006 (LIM11). The heartbeat still drops it
 * once it has been silent for `deadAfterMs`.
 */
export function serveConnection(
  socket: WebSocket,
  d: Domain,
  sockets: UserSockets,
  userID: string,
  expiresAt: number,
  o: ConnectionOptions,
): void {
  let lastHeard = Date.now();
  const budget = new FrameBudget(WS.maxFramesPer10s, 10_000);
  const send = (frame: ServerFrame) => sockets.send(userID, socket, JSON.stringify(frame));
  const heartbeat = setInterval(() => {
    if (Date.now() - lastHeard > o.deadAfterMs) {
      socket.terminate();
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    socket.ping();
    send({ type: 'ping' });
  }, o.heartbeatMs);
  const expiry = expiryTimer(d, expiresAt, () => {
    send({ type: 'kicked', reason: 'userSigExpired' });
    socket.close(CLOSE.SESSION_ENDED, 'userSig expired');
  });
  const heard = (): boolean => {
    lastHeard = Date.now();
    if (budget.take(lastHeard)) return true;
    if (socket.readyState === socket.OPEN) socket.close(CLOSE.POLICY, 'too many frames');
    return false;
  };
  const violation = (reason: string) => {
    if (socket.readyState === socket.OPEN) socket.close(CLOSE.POLICY, reason);
  };
  const onSend = sendFrameHandler({
    d,
    userID,
    reply: (text) => sockets.send(userID, socket, text),
    chargeRefusal: heard,
    violation,
    ...(o.onError ? { onError: o.onError } : {}),
  });
  socket.on('ping', heard);
  socket.on('pong', heard);
  socket.on('message', (raw, isBinary) => {
    const text = isBinary ? '' : raw.toString();
    if (text === '{"type":"ping"}' || text === '{"type":"pong"}') {
      if (heard() && text === '{"type":"ping"}') send({ type: 'pong' });
      return;
    }
    const frame = parseFrame(text);
    // A send frame is charged to the frame budget only when refused (WS9); every other frame always is.
    if ((frame as { type?: unknown } | undefined)?.type === 'send') {
      lastHeard = Date.now();
      onSend(frame);
    } else if (heard()) violation('unknown frame');
  });
  socket.on('close', () => {
    clearInterval(heartbeat);
    expiry.cancel();
    sockets.remove(userID, socket);
  });
}

/**
 * Calls `onExpired` when the userSig expires. setTimeout fires at once for delays past 2^31-1 ms (24.8 days), and
 * a userSig may live a year (ADM6): it waits in steps no longer than that.
 */
function expiryTimer(d: Domain, expiresAt: number, onExpired: () => void): { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const left = expiresAt * 1000 - d.clock.now();
    timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(onExpired, Math.max(0, left));
  };
  arm();
  return { cancel: () => clearTimeout(timer) };
}
