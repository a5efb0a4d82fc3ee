import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Console, createAdminAccount } from '../domain/admin-console/console.ts';
import { startLive } from '../domain/admin-console/live.ts';
import { startWordSync } from '../domain/admin-console/words.ts';
import type { Domain } from '../domain/context.ts';
import { nowSeconds } from '../domain/context.ts';
import { parseWordList } from '../domain/messages/content-filter.ts';
import { adminConsoleFor } from '../storage/admin-console.ts';
import type { App } from '../transport/http/app-type.ts';
import { adminConsoleRoutes, guard } from '../transport/http/routes/admin-console-routes.ts';
import { reportConsoleRoutes } from '../transport/http/routes/report-routes.ts';
import { reportStoreFor } from '../storage/message-reports.ts';
import type { Config } from './config.ts';

export const DEFAULT_WORDS_FILE = join(dirname(fileURLToPath(import.meta.url)), 'prohibited-words.txt');
/** ADM6: a console session lasts a working day. */
const CONSOLE_SESSION_SECONDS = 12 * 3600;

export function wordsFileList(config: Pick<Config, 'wordsFile'>): string[] {
  return parseWordList(readFileSync(config.wordsFile ?? DEFAULT_WORDS_FILE, 'utf8'));
}

/**
 * The admin console (decision 0053): its routes, the first operator from PARLEY_ADMIN_BOOTSTRAP while no admin
 * exists (ADM10), and the prohibited-word list kept in the database and in step on every node (ADM30, ADM31).
 * Nothing for a storage without the console's tables (test doubles).
 */
/** What the live page reads of this node (ADM35): its push sockets and users, its message counters. */
export interface LiveFigures {
  sockets: Iterable<number>;
  metricsText: () => Promise<string>;
}
const LIVE_INTERVAL_MS = 5_000;

const counter = (text: string, outcome: string) =>
  Number(new RegExp(`^parley_messages_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);

export async function wireAdminConsole(
  app: App,
  d: Domain,
  config: Config,
  origins: readonly string[],
  figures: () => LiveFigures,
) {
  const store = adminConsoleFor(d.storage);
  if (!store) return;
  const c: Console = { d, store, sessionSeconds: CONSOLE_SESSION_SECONDS };
  if (config.adminBootstrap && (await store.countAdmins()) === 0) {
    await createAdminAccount(c, { ...config.adminBootstrap, role: 'operator' }, 'bootstrap').catch((err: unknown) =>
      app.log.warn({ err }, 'admin bootstrap'),
    );
  }
  const stop = await startWordSync(d, store, wordsFileList(config), nowSeconds(d) * 1000);
  const node = `${hostname()}:${config.port}/${randomUUID().slice(0, 4)}`;
  const live = await startLive(
    d.bus,
    d.clock,
    node,
    async () => {
      const f = figures();
      const counts = [...f.sockets];
      const text = await f.metricsText();
      return {
        sockets: counts.reduce((a, b) => a + b, 0),
        users: counts.length,
        accepted: counter(text, 'accepted'),
        delivered: counter(text, 'delivered'),
      };
    },
    LIVE_INTERVAL_MS,
    (err) => app.log.warn({ err }, 'admin live figures'),
  );
  app.addHook('onClose', async () => {
    await stop().catch(() => undefined);
    await live.stop().catch(() => undefined);
  });
  adminConsoleRoutes(app, c, origins, live);
  // Message reports' queue (decision 0055, RPT9).
  const reports = reportStoreFor(d.storage);
  if (reports) reportConsoleRoutes(app, { ...c, reports }, (write) => guard(c, origins, write));
}
