import { CALL_MEDIA_ROUTES, IceServersSchema } from '@parley/protocol';
import { type TurnSettings, iceServersFor } from '../../../domain/call-media/ice-servers.ts';
import type { Domain } from '../../../domain/context.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';

const tags = ['calls'];
const security = [{ userSig: [] }];

/** ICE servers for calls (decision 0039): signed-in users only, since TURN relays cost bandwidth (CALL1). */
export function callMediaRoutes(app: App, d: Domain, turn: TurnSettings): void {
  app.get(
    CALL_MEDIA_ROUTES.iceServers,
    {
      schema: {
        tags,
        security,
        summary: 'STUN and TURN servers with short-lived TURN credentials (getCallIceServers)',
        response: { 200: IceServersSchema },
      },
      preHandler: requireUser(d),
    },
    async (request, reply) => {
      // Credentials are per user and short-lived: no cache may keep or share them (CALL3).
      reply.header('cache-control', 'no-store');
      return iceServersFor(turn, request.userID, d.clock.now());
    },
  );
}
