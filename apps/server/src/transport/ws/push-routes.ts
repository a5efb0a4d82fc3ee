import { PROTOCOL_VERSION, ParleyError, type PushEvent, type ServerFrame, WS } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { verifyUserSig } from '../../domain/auth/usersig.ts';
import { type Domain, nowSeconds, userTopic } from '../../domain/context.ts';
import type { App } from '../http/app-type.ts';
import { originAllowed } from '../http/auth.ts';
import { FrameBudget } from './frame-budget.ts';

export const CLOSE = { GOING_AWAY: 1001, POLICY: 1008, TOO_BIG: 1009, TRY_AGAIN: 1013, SESSION_ENDED: 4001 } as const;
export const WS_PATH = WS.path;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Replaces the plugin's default so clients learn the server is going away (1001), not a bare close. */
export function goingAwayPreClose(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(CLOSE.GOING_AWAY, 'server shutting down');
  this.websocketServer.close(() => undefined);
  done();
}

export interface PushOptions {
  heartbeatMs?: number;
  deadAfterMs?: number;
}

/**
 * One connection: forwards the user's bus events, keeps the connection honest both ways (rule WS2),
 * bounds what it queues for a slow reader (WS3) and what a client may send (WS4), and ends the
 * session when the userSig expires (WS5).
 */
function serve(socket: WebSocket, d: Domain, userID: string, expiresAt: number, o: Required<PushOptions>) {
  let lastHeard = Date.now();
  const budget = new FrameBudget(WS.maxFramesPer10s, 10_000);
  const send = (frame: ServerFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > WS.maxQueuedBytes) {
      socket.close(CLOSE.TRY_AGAIN, 'too slow: send queue full');
      setTimeout(() => socket.terminate(), 1000).unref();
      return;
    }
    socket.send(JSON.stringify(frame));
  };
  const heartbeat = setInterval(() => {
    if (Date.now() - lastHeard > o.deadAfterMs) {
      socket.terminate();
      return;
    }
    socket.ping();
    send({ type: 'ping' });
  }, o.heartbeatMs);
  // setTimeout fires at once for delays past 2^31-1 ms (24.8 days), and a userSig may live a year (ADM6):
  // wait in steps no longer than that.
  let expiry: ReturnType<typeof setTimeout>;
  const armExpiry = () => {
    const left = expiresAt * 1000 - d.clock.now();
    if (left > MAX_TIMER_MS) {
      expiry = setTimeout(armExpiry, MAX_TIMER_MS);
      return;
    }
    expiry = setTimeout(
      () => {
        send({ type: 'kicked', reason: 'userSigExpired' });
        socket.close(CLOSE.SESSION_ENDED, 'userSig expired');
      },
      Math.max(0, left),
    );
  };
  armExpiry();
  socket.on('pong', () => {
    lastHeard = Date.now();
  });
  socket.on('message', (raw, isBinary) => {
    lastHeard = Date.now();
    if (!budget.take(Date.now())) {
      socket.close(CLOSE.POLICY, 'too many frames');
      return;
    }
    const text = isBinary ? '' : raw.toString();
    if (text === '{"type":"ping"}') send({ type: 'pong' });
    else if (text !== '{"type":"pong"}') socket.close(CLOSE.POLICY, 'unknown frame');
  });
  const subscription = d.bus.subscribe(userTopic(userID), (event) =>
    send({ type: 'event', event: event as unknown as PushEvent }),
  );
  socket.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(expiry);
    void subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  });
  return subscription;
}

/**
 * The push socket: authenticated at upgrade by the userSig in the `userSig` query parameter (browsers
 * cannot set headers on a WebSocket), Origin checked (rule WS1). Every tab and device of a user gets
 * its own connection and all of the user's events.
 */
export function pushRoutes(app: App, d: Domain, allowedOrigins: readonly string[], options: PushOptions = {}): void {
  const o = { heartbeatMs: options.heartbeatMs ?? WS.heartbeatMs, deadAfterMs: options.deadAfterMs ?? WS.deadAfterMs };
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!originAllowed(request, allowedOrigins)) throw ParleyError.of('FORBIDDEN_ORIGIN');
        const query = request.query as Record<string, unknown>;
        const token = typeof query.userSig === 'string' ? query.userSig : undefined;
        const claims = verifyUserSig(d.secret, token, nowSeconds(d));
        request.userID = claims.uid;
        (request as { userSigExpiresAt?: number }).userSigExpiresAt = claims.exp;
      },
    },
    async (socket, request) => {
      const expiresAt = (request as { userSigExpiresAt?: number }).userSigExpiresAt ?? 0;
      // Subscribe before hello: an event committed after the client sees hello is never missed.
      await serve(socket, d, request.userID, expiresAt, o);
      if (socket.readyState === socket.OPEN) {
        socket.send(
          JSON.stringify({
            type: 'hello',
            userID: request.userID,
            serverTime: d.clock.now(),
            protocol: PROTOCOL_VERSION,
          } satisfies ServerFrame),
        );
      }
    },
  );
}
