import { ParleyError } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { verifyUserSig } from '../../domain/auth/usersig.ts';
import { type Domain, nowSeconds, userTopic } from '../../domain/context.ts';
import type { App } from '../http/app-type.ts';
import { originAllowed } from '../http/auth.ts';

/** WebSocket close codes Parley uses (docs/PROTOCOL.md). */
export const CLOSE = { GOING_AWAY: 1001, POLICY: 1008, TOO_BIG: 1009, TRY_AGAIN: 1013 } as const;

export const WS_PATH = '/ws';

/** Replaces the plugin's default so clients learn the server is going away (1001), not a bare close. */
export function goingAwayPreClose(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(CLOSE.GOING_AWAY, 'server shutting down');
  this.websocketServer.close(() => undefined);
  done();
}

/**
 * The push socket: authenticated at upgrade by the userSig in the `userSig` query parameter (browsers
 * cannot set headers on a WebSocket), Origin checked. Frames are JSON; this first version forwards the
 * user's bus events and answers pings.
 */
export function pushRoutes(app: App, d: Domain, allowedOrigins: readonly string[]): void {
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!originAllowed(request, allowedOrigins)) throw ParleyError.of('FORBIDDEN_ORIGIN');
        const query = request.query as Record<string, unknown>;
        const token = typeof query.userSig === 'string' ? query.userSig : undefined;
        request.userID = verifyUserSig(d.secret, token, nowSeconds(d)).uid;
      },
    },
    async (socket, request) => {
      const send = (frame: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      const unsubscribe = await d.bus.subscribe(userTopic(request.userID), (event) => send({ type: 'event', event }));
      socket.on('message', (raw) => {
        if (raw.toString() === '{"type":"ping"}') send({ type: 'pong' });
      });
      socket.on('close', () => void unsubscribe().catch(() => undefined));
      send({ type: 'hello', userID: request.userID });
    },
  );
}
