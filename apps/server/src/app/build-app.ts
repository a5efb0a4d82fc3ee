import { draftRoutes } from '../transport/http/routes/draft-routes.ts';
import { markRoutes } from '../transport/http/routes/mark-routes.ts';
import { conversationGroupRoutes } from '../transport/http/routes/conversation-group-routes.ts';
import { pinRoutes } from '../transport/http/routes/pin-routes.ts';
import { reportRoutes } from '../transport/http/routes/report-routes.ts';
import { reportStoreFor } from '../storage/message-reports.ts';
// Edited messages (decision 0046)
import { editRoutes } from '../transport/http/routes/edit-routes.ts';
import { demoTaskRoutes } from '../transport/http/routes/demo-task-routes.ts';
import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_PREFIX, LIMITS, PROTOCOL_VERSION, ParleyError, ROUTES } from '@parley/protocol';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Domain } from '../domain/context.ts';
import type { Clock, EventBus, Storage } from '../domain/ports.ts';
import { createMemoryBus } from '../fanout/memory-bus.ts';
import { createRedisBus } from '../fanout/redis-bus.ts';
import { openStorage } from '../storage/open-storage.ts';
import type { App } from '../transport/http/app-type.ts';
import { checkingIntervalMs, guardConnections } from '../transport/http/connection-guard.ts';
import { installRequestDeadlines } from '../transport/http/request-deadline.ts';
import { frameworkErrors, installErrorHandling } from '../transport/http/errors.ts';
import { adminRoutes } from '../transport/http/routes/admin-routes.ts';
import { authRoutes } from '../transport/http/routes/auth-routes.ts';
import { groupRoutes } from '../transport/http/routes/group-routes.ts';
// Message actions (decision 0015)
import { actionRoutes } from '../transport/http/routes/action-routes.ts';
import { messageRoutes } from '../transport/http/routes/message-routes.ts';
import { healthRoutes } from '../transport/http/routes/health-routes.ts';
import { profileRoutes } from '../transport/http/routes/profile-routes.ts';
import { uploadRoutes } from '../transport/http/routes/upload-routes.ts';
import { tapiRoutes } from '../transport/http/routes/tapi/tapi-routes.ts';
import { installSecurityHeaders } from '../transport/http/security-headers.ts';
import { serveWebApp } from '../transport/http/static-web.ts';
import { pushRoutes } from '../transport/ws/push-routes.ts';
import type { Config } from './config.ts';
import { seedDemo } from './demo-seed.ts';
import { uploadsOf } from './upload-wiring.ts';
import { personalDataFor } from '../storage/repos/personal-data.ts';
import { personalDataRoutes } from '../transport/http/routes/personal-data-routes.ts';
import { ensureDataDir } from './secret.ts';
import { startSessionHousekeeping } from './session-wiring.ts';
import { searchRoutes } from '../transport/http/routes/search-routes.ts';
import { startStorageHousekeeping } from './storage-housekeeping.ts';
import { startSearchBackfill } from './search-backfill.ts';
// Message retention (decision 0047)
import { retentionFor } from '../storage/retention.ts';
import { retentionAdminRoutes } from '../transport/http/routes/retention-admin-routes.ts';
import { startRetention } from './retention.ts';
// Contacts, blocklist and presence (decision 0017)
import { contactRoutes } from '../transport/http/routes/contact-routes.ts';
import { type PresenceOverrides, wirePresence } from './presence-wiring.ts';
import { configuredDomain } from './configured-domain.ts';
import { createSharedLimits } from './limits-wiring.ts';
// Operators' metrics (decision 0042)
import { metricsRoutes } from '../transport/http/routes/metrics-routes.ts';
import type { BusMessage } from '../domain/bus.ts';
import { watchBusLag } from './metrics/bus-lag.ts';
import { createPrometheusMeter } from './metrics/prometheus.ts';
// Calls signalling (decision 0038)
import { callRoutes } from '../transport/http/routes/call-routes.ts';
import { startCallHousekeeping } from './call-wiring.ts';
// Call media: ICE servers (decision 0039)
import { callMediaRoutes } from '../transport/http/routes/call-media-routes.ts';
// The admin console (decision 0053)
import { wireAdminConsole } from './admin-console-wiring.ts';

export interface BuildOverrides extends PresenceOverrides {
  storage?: Storage;
  bus?: EventBus;
  clock?: Clock;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write: (line: string) => void };
  /** How often expired sessions are deleted (SES7); default every 10 minutes. */
  sessionSweepMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    parley: { domain: Domain; config: Config; demoSeeded: boolean };
  }
}

const systemClock: Clock = { now: () => Date.now() };

async function plugins(app: App): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => Object.assign(ParleyError.of('RATE_LIMITED'), { statusCode: 429 }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Parley API',
        version: `${PROTOCOL_VERSION}.0.0`,
        description: 'Parley messaging and portal HTTP API. Errors are {code, message}.',
      },
      components: {
        securitySchemes: {
          userSig: { type: 'http', scheme: 'bearer', description: 'A userSig issued at login or by the admin API' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-parley-admin-key' },
          // The admin console's own session (decision 0053, ADM5).
          adminSession: { type: 'apiKey', in: 'cookie', name: 'parley_admin_sid' },
        },
      },
    },
  });
}

/** Builds a ready Fastify instance from the configuration; the caller listens and closes it. */
export async function buildApp(config: Config, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const clock = overrides.clock ?? systemClock;
  const metrics = createPrometheusMeter();
  const { meter } = metrics;
  if (!overrides.storage) ensureDataDir(config.dataDir);
  const onQuery = (seconds: number, failed: boolean) => {
    meter.database.query.observe(seconds);
    if (failed) meter.database.errors.inc();
  };
  const storage =
    overrides.storage ??
    (await openStorage({
      ...(config.database.kind === 'sqlite' ? config.database : { kind: 'postgres', url: config.database.url }),
      onQuery,
    }));
  const limits = config.limits;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-parley-admin-key"]'],
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    // Slow and idle clients cannot hold connections for ever (rule LIM1). The whole-request limit is armed per
    // request (installRequestDeadlines) so that uploads get a longer one (UPL24); Node's own is off.
    requestTimeout: 0,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: 0,
      connectionsCheckingInterval: checkingIntervalMs(limits.headersTimeoutMs),
    },
    bodyLimit: LIMITS.jsonBodyBytes,
    frameworkErrors,
    routerOptions: { maxParamLength: LIMITS.pathParamChars },
    // One line per request drowns real signals under load; errors and warnings are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For and X-Forwarded-Proto count only from a configured proxy (THR3, HDR4).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Unknown fields and wrong types are errors, not silently dropped or coerced.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const bus =
    overrides.bus ??
    (config.redisUrl
      ? await createRedisBus(config.redisUrl, {
          keyPrefix: config.redisKeyPrefix,
          onError: (err) => app.log.warn({ err }, 'redis bus'),
        })
      : createMemoryBus({ onError: (err) => app.log.error({ err }, 'event handler failed') }));
  const uploads = uploadsOf(config, clock, storage);
  // Per-user budgets and socket slots, shared by every node when REDIS_URL is set (decision 0045).
  const shared = await createSharedLimits(config, clock, (err) => app.log.warn({ err }, 'shared limits'));
  const domain = await configuredDomain(
    app,
    config,
    { storage, bus, clock, meter, budgets: shared.budgets },
    overrides,
    uploads.admission.ledger,
  );
  const userLimits = domain.sendPath.limits;
  const demoSeeded = config.demo ? await seedDemo(domain) : false;
  app.decorate('parley', { domain, config, demoSeeded });
  guardConnections(app.server, limits);
  installRequestDeadlines(app.server, {
    ...limits,
    isUpload: (url) => url.startsWith(`${API_PREFIX}/uploads/`),
  });

  installSecurityHeaders(app);
  installErrorHandling(app, Boolean(config.webDir && existsSync(join(config.webDir, 'index.html'))));
  // JSON only. text/plain is a CORS "simple" type that cross-site forms can send without a preflight.
  app.removeContentTypeParser('text/plain');
  await plugins(app);
  app.get(ROUTES.openapi, { schema: { hide: true } }, async () => app.swagger());
  healthRoutes(app, domain, { mapUrlTemplate: config.mapUrlTemplate, editWindowSeconds: config.editWindowSeconds });
  const origins = [...config.publicOrigins, ...config.allowedOrigins];
  authRoutes(app, domain, origins);
  profileRoutes(app, domain, userLimits);
  adminRoutes(app, domain, config.adminKey);
  messageRoutes(app, domain, userLimits);
  // Drafts, pinned group messages and edits (decision 0041)
  draftRoutes(app, domain, userLimits);
  // Conversation marks (decision 0043)
  markRoutes(app, domain, userLimits);
  // Conversation groups and custom data (decision 0049)
  conversationGroupRoutes(app, domain, userLimits);
  pinRoutes(app, domain, userLimits);
  groupRoutes(app, domain, userLimits);
  // Rich messages (decision 0016): upload and file routes over the file store.
  await uploadRoutes(app, domain, uploads);
  actionRoutes(app, domain, userLimits);
  // Message reports (decision 0055)
  const reports = reportStoreFor(storage);
  if (reports) reportRoutes(app, domain, userLimits, reports);
  editRoutes(app, domain);
  // Demo mode's tasks (decision 0054)
  demoTaskRoutes(app, domain, userLimits, config.demoMode);
  // Personal data (decision 0051): the archive and account deletion, for the user and the operator.
  const personalData = personalDataFor(storage);
  await personalDataRoutes(app, domain, {
    parts: personalData && { store: personalData, files: uploads.store, ledger: uploads.admission.ledger },
    budgets: shared.budgets,
    exportIntervalSeconds: config.exportIntervalSeconds,
    spoolDir: join(config.dataDir, 'exports'),
    adminKey: config.adminKey,
  });
  // Message retention (decision 0047): the admin's per-group override (RET3).
  retentionAdminRoutes(app, retentionFor(storage), config.retentionDays, config.adminKey);
  await tapiRoutes(app, { domain, config, origins });
  const sockets = pushRoutes(app, domain, origins, shared.slots, {
    heartbeatMs: config.heartbeatMs,
    deadAfterMs: Math.round(config.heartbeatMs * 2.4),
    maxSocketsPerUser: limits.wsMaxPerUser,
    userQueueBytes: limits.wsUserQueueBytes,
  });
  metrics.readGauges({
    openConnections: () =>
      new Promise((resolve) => app.server.getConnections((err, count) => resolve(err ? 0 : count))),
    socketsPerUser: () => sockets.socketCounts(),
    pushQueueBytes: () => {
      let bytes = 0;
      for (const client of app.websocketServer.clients) bytes += client.bufferedAmount;
      return bytes;
    },
    databasePool: () => storage.poolUse?.() ?? { size: 0, idle: 0, waiting: 0 },
    dataDisk: async () => {
      const fs = await statfs(config.dataDir).catch(() => undefined);
      return fs ? { available: fs.bavail * fs.bsize, size: fs.blocks * fs.bsize } : { available: 0, size: 0 };
    },
  });
  metricsRoutes(app, config.adminKey, metrics);
  const stopBusLag = config.redisUrl ? await watchBusLag(bus as EventBus<BusMessage>, meter.busLag) : undefined;
  // Contacts, blocklist and presence (decision 0017)
  contactRoutes(app, domain, userLimits);
  // Calls signalling (decision 0038)
  callRoutes(app, domain, userLimits);
  // Message, user and group search (decision 0040)
  searchRoutes(app, domain);
  await wirePresence(app, domain, config, sockets, overrides);
  callMediaRoutes(app, domain, config.turn);
  await wireAdminConsole(app, domain, config, origins, () => ({
    sockets: sockets.socketCounts(),
    metricsText: () => metrics.render(),
  }));
  await serveWebApp(app, config.webDir, domain);
  // A request still running when close() starts would leave its keep-alive connection open after replying, and
  // server.close() would wait for the keep-alive timeout (72 s): shutdown would miss its 5 s grace. Hang up instead.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  startSessionHousekeeping(app, domain, overrides.sessionSweepMs);
  startStorageHousekeeping(app, domain, config, uploads);
  startCallHousekeeping(app, domain, config.callSweepMs);
  startSearchBackfill(app, domain);
  startRetention(app, domain, config, uploads);
  app.addHook('onClose', async () => {
    await stopBusLag?.();
    await domain.throttle.close().catch(() => undefined);
    await shared.close();
    await bus.close().catch(() => undefined);
    await storage.close().catch(() => undefined);
  });
  await app.ready();
  return app;
}
