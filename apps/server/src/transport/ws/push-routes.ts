import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROTOCOL_VERSION, ParleyError, type ServerFrame, WS } from '@parley/protocol';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Domain } from '../../domain/context.ts';
import type { App } from '../http/app-type.ts';
import { originAllowed } from '../http/auth.ts';
import { CLOSE } from './close-codes.ts';
import { type ConnectionOptions, serveConnection } from './connection.ts';
import { guardSession, type SessionGuard } from './session-guard.ts';
import { answerAsHttp, answerBadHandshakes, errorAnswer, refuseUpgrade, splitTarget } from './upgrade.ts';
import { UserSockets } from './user-sockets.ts';
import type { SocketSlots } from '../../domain/limits/ports.ts';
import { GroupFanout } from './group-fanout.ts';
import { wsErrorHandler } from './ws-errors.ts';

export { CLOSE } from './close-codes.ts';
export const WS_PATH = WS.path;

const SHUTDOWN_CLOSE_GRACE_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The push sockets' server (`ws`, noServer mode): its `clients` are every open push socket on this node. */
    websocketServer: WebSocketServer;
  }
}

/**
 * Tells clients the server is going away (1001), not a bare close. A client that does not read (its close frame
 * stuck behind queued data) would hold the shutdown up to ws's 30 s close timeout: what is still open after a
 * short grace is cut (OPS7).
 */
export function goingAway(wss: WebSocketServer): void {
  const clients = wss.clients;
  for (const client of clients) client.close(CLOSE.GOING_AWAY, 'server shutting down');
  if (clients.size > 0) {
    setTimeout(() => {
      for (const client of clients) client.terminate();
    }, SHUTDOWN_CLOSE_GRACE_MS).unref();
  }
  wss.close(() => undefined);
}

export interface PushOptions {
  heartbeatMs?: number;
  deadAfterMs?: number;
  /** Push sockets per user, counted in the socket slots (LIM3, SHR6). */
  maxSocketsPerUser?: number;
  /** Bytes queued across one user's sockets (LIM4). */
  userQueueBytes?: number;
}

/** The one `userSig` query parameter; repeated or missing is no token (USERSIG_EMPTY), as the HTTP routes read it. */
function tokenOf(query: URLSearchParams): string | undefined {
  const all = query.getAll('userSig');
  return all.length === 1 ? all[0] : undefined;
}

/**
 * The push socket: authenticated at upgrade by the userSig in the `userSig` query parameter (browsers cannot set
 * headers on a WebSocket), Origin checked (rule WS1). Every tab and device of a user gets its own connection and
 * all of the user's events. Returns the registry of open sockets per user.
 *
 * The upgrade is taken on the HTTP server's `upgrade` event, outside the HTTP app's request lifecycle (WS20): no
 * routing, hooks or reply objects per connect, only the checks the route ran (Origin, then the token).
 */
export function pushRoutes(
  app: App,
  d: Domain,
  allowedOrigins: readonly string[],
  slots: SocketSlots,
  options: PushOptions = {},
): UserSockets {
  const o: ConnectionOptions = {
    heartbeatMs: options.heartbeatMs ?? WS.heartbeatMs,
    deadAfterMs: options.deadAfterMs ?? WS.deadAfterMs,
  };
  const sockets = new UserSockets(
    d.bus,
    {
      maxPerUser: options.maxSocketsPerUser ?? 20,
      userQueueBytes: options.userQueueBytes ?? 4 * WS.maxQueuedBytes,
      socketQueueBytes: WS.maxQueuedBytes,
    },
    slots,
    d.meter,
  );
  const fanout = new GroupFanout(
    d.bus,
    (userID, frame, message) => sockets.deliver(userID, frame, message),
    async (userID) => (await d.storage.groups.groupsOf(userID)).filter((g) => !g.dismissed).map((g) => g.groupID),
  );
  sockets.groups = fanout;
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS.maxFrameBytes, perMessageDeflate: false });
  answerBadHandshakes(wss);
  app.decorate('websocketServer', wss);
  const onSocketError = wsErrorHandler();
  let closing = false;

  const accept = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { path, query } = splitTarget(req.url);
    if (path !== WS_PATH) return answerAsHttp((rq, rs) => app.routing(rq, rs), req, socket);
    const token = tokenOf(query);
    let guard: SessionGuard;
    try {
      if (closing) throw ParleyError.of('UNAVAILABLE');
      guard = await checkUpgrade(d, req, allowedOrigins, token);
    } catch (err) {
      const { status, body } = errorAnswer(err);
      if (status >= 500 && !closing) app.log.error({ err }, 'websocket upgrade check failed');
      refuseUpgrade(socket, status, body);
      return;
    }
    // The client may have given up while the token was checked.
    if (socket.destroyed) return guard.stop();
    // The watch ends with the connection, whether `ws` upgrades it or refuses the handshake.
    socket.once('close', guard.stop);
    socket.removeListener('error', destroyOnError);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', (error) => onSocketError(error, ws, app.log));
      welcome(d, sockets, o, ws, guard).catch((err: unknown) => onSocketError(err as Error, ws, app.log));
    });
  };

  // Node removes its own error listener before 'upgrade': keep the socket guarded until `ws` takes it over.
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', destroyOnError);
    void accept(req, socket, head);
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', (done) => {
    closing = true;
    goingAway(wss);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    app.server.removeListener('upgrade', onUpgrade);
    done();
  });
  return sockets;
}

/** The route's checks, in its order: Origin (HDR5), then the token (SES1, SES5), watched from then on (SES3). */
function checkUpgrade(
  d: Domain,
  req: IncomingMessage,
  allowedOrigins: readonly string[],
  token: string | undefined,
): Promise<SessionGuard> {
  if (!originAllowed(req, allowedOrigins)) throw ParleyError.of('FORBIDDEN_ORIGIN');
  return guardSession(d, token);
}

/** An accepted socket: served, subscribed, guarded against sign-out, then greeted (WS1). */
async function welcome(
  d: Domain,
  sockets: UserSockets,
  o: ConnectionOptions,
  socket: WebSocket,
  guard: SessionGuard,
): Promise<void> {
  const { claims } = guard;
  // Served first, so that frames and a close during the subscription below are handled.
  serveConnection(socket, d, sockets, claims.uid, claims.exp, o);
  // Subscribe before hello: an event committed after the client sees hello is never missed.
  guard.attach(socket);
  if (!(await sockets.add(claims.uid, socket))) {
    socket.close(CLOSE.TOO_MANY_SOCKETS, 'too many connections for this user');
    return;
  }
  if (socket.readyState !== socket.OPEN) return;
  const hello: ServerFrame = {
    type: 'hello',
    userID: claims.uid,
    serverTime: d.clock.now(),
    protocol: PROTOCOL_VERSION,
  };
  socket.send(JSON.stringify(hello));
}

function destroyOnError(this: Duplex): void {
  this.destroy();
}
