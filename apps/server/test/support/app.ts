import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  ADMIN_KEY_HEADER,
  type CreateAccount,
  type Profile,
  ROUTES,
  SESSION_COOKIE,
  type Session,
} from '@parley/protocol';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';
import { type BuildOverrides, buildApp } from '../../src/app/build-app.ts';
import { type Config, loadConfig } from '../../src/app/config.ts';
import type { Storage } from '../../src/domain/ports.ts';
import { openStorage } from '../../src/storage/open-storage.ts';

/** Test-only secrets; every app built here shares them unless a test overrides the environment. */
export const SECRET = 'x'.repeat(32);
export const ADMIN_KEY = 'a'.repeat(32);
export const adminHeaders = { [ADMIN_KEY_HEADER]: ADMIN_KEY } as const;

export interface MakeAppOptions {
  /** Seed the demo data (PARLEY_DEMO); off by default because hashing five passwords costs time. */
  demo?: boolean;
  /** Undefined: ADMIN_KEY. Null: PARLEY_ADMIN_KEY unset (admin API disabled). */
  adminKey?: string | null;
  /** Reuse a data dir (for restarts); otherwise a fresh temp dir, removed by cleanupApps. */
  dataDir?: string;
  webDir?: string;
  allowedOrigins?: string;
  /** Extra environment variables, applied last. */
  env?: Record<string, string>;
  overrides?: BuildOverrides;
  /** Opens the SQLite storage here and hands the wrapped one to buildApp (to observe commits, etc.). */
  wrapStorage?: (storage: Storage) => Storage;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
}

const apps: FastifyInstance[] = [];
const dirs: string[] = [];

export function tempDir(prefix = 'parley-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

export function testEnv(dataDir: string, options: MakeAppOptions = {}): Record<string, string> {
  const env: Record<string, string> = {
    PARLEY_DATA_DIR: dataDir,
    PARLEY_SECRET: SECRET,
    PARLEY_LOG_LEVEL: 'silent',
    PARLEY_DEMO: options.demo ? '1' : '0',
  };
  if (options.adminKey !== null) env.PARLEY_ADMIN_KEY = options.adminKey ?? ADMIN_KEY;
  if (options.webDir !== undefined) env.PARLEY_WEB_DIR = options.webDir;
  if (options.allowedOrigins !== undefined) env.PARLEY_ALLOWED_ORIGINS = options.allowedOrigins;
  return { ...env, ...options.env };
}

/**
 * A migrated, empty SQLite file, made once per test file. An app on a new data dir starts from a copy of it
 * instead of running every migration again (100–300 ms each on a loaded machine, for over a thousand apps a run);
 * the server still runs its migrator on the copy, which finds nothing to do. A data dir that already has a
 * database (a restart) is left alone.
 */
let sqliteTemplate: Promise<string> | undefined;
let templateDir: string | undefined;
afterAll(() => {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
});
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    templateDir = mkdtempSync(join(tmpdir(), 'parley-template-'));
    const file = join(templateDir, 'template.db');
    const storage = await openStorage({ kind: 'sqlite', file });
    await storage.close();
    return file;
  })();
  return sqliteTemplate;
}

/** Builds an app on a fresh (or given) data dir; cleanupApps closes it and removes the dir. */
export async function makeApp(options: MakeAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? tempDir();
  const config = loadConfig(testEnv(dataDir, options), dataDir);
  const overrides: BuildOverrides = { ...options.overrides };
  const sqliteFile = config.database.kind === 'sqlite' && !overrides.storage ? config.database.file : undefined;
  // Only into a data dir that exists: making one (with its modes, HDR6) is the server's own work.
  if (sqliteFile && existsSync(dirname(sqliteFile)) && !existsSync(sqliteFile)) {
    copyFileSync(await migratedSqliteTemplate(), sqliteFile);
  }
  if (options.wrapStorage && config.database.kind === 'sqlite') {
    overrides.storage = options.wrapStorage(await openStorage(config.database));
  }
  const app = await buildApp(config, overrides);
  apps.push(app);
  return { app, config, dataDir };
}

/** Call from afterEach/afterAll. Closing twice is harmless, so tests may close their own apps too. */
export async function cleanupApps(): Promise<void> {
  const closing = apps.splice(0).map((app) => app.close().catch(() => undefined));
  await Promise.all(closing);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function bearer(userSig: string): { authorization: string } {
  return { authorization: `Bearer ${userSig}` };
}

/** Creates an account through the admin API and fails the test unless it answers 201. */
export async function createUser(app: FastifyInstance, body: CreateAccount): Promise<Profile> {
  const res = await app.inject({ method: 'POST', url: ROUTES.adminAccounts, headers: adminHeaders, payload: body });
  if (res.statusCode !== 201) throw new Error(`createUser ${body.userID}: ${res.statusCode} ${res.body}`);
  return res.json<Profile>();
}

/** A userSig issued through the admin API. */
export async function userSigFor(app: FastifyInstance, userID: string, expire?: number): Promise<string> {
  const payload = expire === undefined ? { userID } : { userID, expire };
  const res = await app.inject({ method: 'POST', url: ROUTES.adminUserSig, headers: adminHeaders, payload });
  if (res.statusCode !== 200) throw new Error(`userSigFor ${userID}: ${res.statusCode} ${res.body}`);
  return res.json<{ userSig: string }>().userSig;
}

export function loginRequest(
  app: FastifyInstance,
  account: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: ROUTES.login,
    headers,
    payload: { account, password },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** Logs in and returns the session with the raw session cookie value; fails unless it answers 200. */
export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
): Promise<{ session: Session; cookie: string; res: LightMyRequestResponse }> {
  const res = await loginRequest(app, account, password);
  if (res.statusCode !== 200) throw new Error(`login ${account}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`login ${account}: no ${SESSION_COOKIE} cookie`);
  return { session: res.json<Session>(), cookie: cookie.value, res };
}

/** Resolves with `promise` or rejects after `ms`: tests wait for conditions, never for fixed times. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
