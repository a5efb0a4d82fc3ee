import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { EDIT_LIMITS, isMapUrlTemplate } from '@parley/protocol';
import { type LimitsConfig, loadLimits } from './limits-config.ts';
import { type PortalCipherConfig, loadPortalCipher } from './portal-config.ts';
import type { UploadLimits } from '../domain/uploads/upload.ts';
import type { UploadQuota } from '../domain/uploads/quota.ts';
import { type UploadStoreKind, loadUploadLimits, loadUploadQuota, loadUploadStore } from './upload-config.ts';
import type { TurnSettings } from '../domain/call-media/ice-servers.ts';
import { loadTurn } from './turn-config.ts';

/**
 * Configuration comes only from environment variables, read only here (GUIDE §1). Each is listed in
 * the README with its default. A bad value stops start-up with one line naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** PARLEY_REDIS_PREFIX: every Redis key and channel of this node set starts with it (decision 0045, SHR10). */
  redisKeyPrefix: string;
  /** Undefined: generated on first start and kept in `<dataDir>/secret` (mode 0600). */
  secret: string | undefined;
  /** Undefined: the admin API refuses every call. */
  adminKey: string | undefined;
  /** PARLEY_ADMIN_BOOTSTRAP `name:password`: the first console operator, made at start while none exists (ADM10). */
  adminBootstrap?: { name: string; password: string } | undefined;
  /** Origins allowed for WebSocket upgrades and cookie-authenticated writes, besides the public ones. */
  allowedOrigins: string[];
  /**
   * The origins browsers reach this server at (PARLEY_PUBLIC_ORIGIN, rule HDR5). The Origin check compares with
   * these, never with the Host header, which a DNS-rebinding page controls.
   */
  publicOrigins: string[];
  /** Peers (addresses or CIDR ranges) whose X-Forwarded-For and X-Forwarded-Proto are believed (THR3, HDR4). */
  trustedProxies: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the demo accounts and conversations into an empty database. */
  demo: boolean;
  /** Demo ("official") mode (PARLEY_DEMO_MODE, decision 0054): the newcomer's task list, friends-only 'send message'. */
  demoMode: boolean;
  /** How long a sender may recall a message, seconds (PARLEY_REVOKE_WINDOW_S, default 120). */
  revokeWindowSeconds: number;
  /** How long a sender may edit a text, seconds (PARLEY_EDIT_WINDOW_S, default 86400, 0 = no limit; EDIT2). */
  editWindowSeconds: number;
  /** Group read receipts and the online member count (PARLEY_GROUP_READ_RECEIPTS); off, they answer 10062. */
  groupReadReceipts: boolean;
  /** The built web app to serve; undefined serves none. */
  webDir: string | undefined;
  userSigExpireSeconds: number;
  /** Prohibited-content word list (one phrase per line); undefined: the list shipped with the server. */
  wordsFile: string | undefined;
  /** WebSocket heartbeat period; a connection silent for 2.4 periods is dropped. */
  heartbeatMs: number;
  /** Presence (decision 0017): how long a user whose last socket closed still shows online (a page reload). */
  presenceGraceMs: number;
  /** Timeouts, connection caps and per-user limits (limits-config.ts). */
  limits: LimitsConfig;
  /** The portal envelope's 3DES key and IV (PARLEY_PORTAL_KEY, PARLEY_PORTAL_IV; rule PRT1). */
  portalCipher: PortalCipherConfig;
  /** Disk housekeeping period (DSK1–DSK4): purge of cleared history, SQLite incremental vacuum and WAL truncation. */
  housekeepingMs: number;
  /** How often each node times out the call invitations past their deadline (SIG7). */
  callSweepMs: number;
  /** How long a SIGTERM'd process waits for a clean close before it exits non-zero (OPS8). */
  shutdownGraceMs: number;
  /** Cleared history (every member deleted the conversation) is purged once this old (DSK1). */
  purgeClearedAfterSeconds: number;
  /** Messages older than this many days are purged, files and index entries with them; 0 = forever (RET1). */
  retentionDays: number;
  /** Upload size limits per kind and the image pixel limit (decision 0016, upload-config.ts). */
  uploads: UploadLimits;
  /** Per-user upload rate and quota, and the sweep of unsent uploads (ABU5–ABU9, upload-config.ts). */
  uploadQuota: UploadQuota;
  /**
   * Where uploads live (PARLEY_UPLOAD_STORE, decision 0052): `disk` under the data dir, `pg` in the PostgreSQL
   * database (every node shares them), `auto` (the default) `pg` when DATABASE_URL is PostgreSQL, else `disk`.
   */
  uploadStore: UploadStoreKind;
  /** Seconds between two personal-data archives of one user (PARLEY_EXPORT_INTERVAL_S, PDAT7; 0: no limit). */
  exportIntervalSeconds: number;
  /**
   * The operator's map link template (PARLEY_MAP_URL_TEMPLATE, `{lat}` and `{lng}` placeholders, KLOC5): '' (the
   * default) means no map service is ever contacted; location cards show a local graphic.
   */
  mapUrlTemplate: string;
  /** STUN and TURN servers for calls (turn-config.ts, decision 0039); none: host candidates only (CALL5). */
  turn: TurnSettings;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function mapTemplateVar(env: Env): string {
  const raw = (env.PARLEY_MAP_URL_TEMPLATE ?? '').trim();
  if (raw !== '' && !isMapUrlTemplate(raw)) {
    throw new ConfigError('PARLEY_MAP_URL_TEMPLATE', 'expected an http(s) URL with {lat} and {lng} placeholders');
  }
  return raw;
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function secretVar(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new ConfigError(name, 'must be at least 16 characters long');
  return raw;
}

function databaseVar(env: Env, dataDir: string): Config['database'] {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return { kind: 'sqlite', file: join(dataDir, 'parley.db') };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid URL');
    }
    return { kind: 'postgres', url: raw };
  }
  throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql:// (leave unset for SQLite)');
}

function redisVar(env: Env): string | undefined {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return undefined;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  return raw;
}

function redisPrefixVar(env: Env): string {
  const raw = env.PARLEY_REDIS_PREFIX;
  if (raw === undefined || raw === '') return 'parley:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(raw))
    throw new ConfigError('PARLEY_REDIS_PREFIX', 'must be 1 to 64 letters, digits or : _ . -');
  return raw;
}

function originsVar(env: Env): string[] {
  const raw = env.PARLEY_ALLOWED_ORIGINS ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((o) => {
      try {
        return new URL(o).origin;
      } catch {
        throw new ConfigError('PARLEY_ALLOWED_ORIGINS', `"${o}" is not an origin like https://chat.example.com`);
      }
    });
}

function publicOriginsVar(env: Env, host: string, port: number): string[] {
  const raw = env.PARLEY_PUBLIC_ORIGIN;
  if (raw === undefined || raw === '') {
    // Listening on every interface or on loopback: the browser most likely uses one of the loopback names.
    if (['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1'].includes(host)) {
      return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
    }
    return [new URL(`http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`).origin];
  }
  return raw.split(',').map((o) => {
    try {
      const url = new URL(o.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
      return url.origin;
    } catch {
      throw new ConfigError('PARLEY_PUBLIC_ORIGIN', `"${o}" is not an origin like https://chat.example.com`);
    }
  });
}

const CIDR = /^(.+)\/(\d{1,3})$/;

function trustedProxiesVar(env: Env): string[] {
  const raw = env.PARLEY_TRUSTED_PROXIES ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [, address = entry, bits] = CIDR.exec(entry) ?? [];
      const family = isIP(address);
      if (family === 0 || (bits !== undefined && Number(bits) > (family === 4 ? 32 : 128))) {
        throw new ConfigError('PARLEY_TRUSTED_PROXIES', `"${entry}" is not an address or CIDR range`);
      }
      return entry;
    });
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(name, `expected 1/0 or true/false, got "${raw}"`);
}

function bootstrapVar(env: Env): Config['adminBootstrap'] {
  const raw = env.PARLEY_ADMIN_BOOTSTRAP;
  if (raw === undefined || raw === '') return undefined;
  const at = raw.indexOf(':');
  const name = raw.slice(0, at).trim().toLowerCase();
  const password = raw.slice(at + 1);
  if (at < 1 || !/^[a-z0-9][a-z0-9._-]{0,31}$/.test(name) || password.length < 10) {
    throw new ConfigError('PARLEY_ADMIN_BOOTSTRAP', 'expected name:password, a password of at least 10 characters');
  }
  return { name, password };
}

function fileVar(env: Env, name: string, cwd: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const path = resolve(cwd, raw);
  if (!existsSync(path)) throw new ConfigError(name, `no such file: ${path}`);
  return path;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd(), defaultWebDir?: string): Config {
  const dataDirRaw = env.PARLEY_DATA_DIR || './data';
  const dataDir = isAbsolute(dataDirRaw) ? dataDirRaw : resolve(cwd, dataDirRaw);
  const level = env.PARLEY_LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new ConfigError('PARLEY_LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  }
  const host = env.HOST || '127.0.0.1';
  if (/\s/.test(host)) throw new ConfigError('HOST', 'must be a host name or address');
  const webDirRaw = env.PARLEY_WEB_DIR;
  const port = intVar(env, 'PORT', 8080, 0, 65535);
  return {
    port,
    host,
    dataDir,
    database: databaseVar(env, dataDir),
    redisUrl: redisVar(env),
    redisKeyPrefix: redisPrefixVar(env),
    secret: secretVar(env, 'PARLEY_SECRET'),
    adminKey: secretVar(env, 'PARLEY_ADMIN_KEY'),
    adminBootstrap: bootstrapVar(env),
    allowedOrigins: originsVar(env),
    publicOrigins: publicOriginsVar(env, host, port),
    trustedProxies: trustedProxiesVar(env),
    logLevel: level as Config['logLevel'],
    demo: boolVar(env, 'PARLEY_DEMO', true),
    demoMode: boolVar(env, 'PARLEY_DEMO_MODE', false),
    groupReadReceipts: boolVar(env, 'PARLEY_GROUP_READ_RECEIPTS', true),
    revokeWindowSeconds: intVar(env, 'PARLEY_REVOKE_WINDOW_S', 120, 0, 604_800),
    editWindowSeconds: intVar(env, 'PARLEY_EDIT_WINDOW_S', EDIT_LIMITS.editWindowSeconds, 0, 31_536_000),
    webDir: webDirRaw ? resolve(cwd, webDirRaw) : defaultWebDir,
    userSigExpireSeconds: intVar(env, 'PARLEY_USERSIG_EXPIRE', 604_800, 60, 31_536_000),
    wordsFile: fileVar(env, 'PARLEY_WORDS_FILE', cwd),
    heartbeatMs: intVar(env, 'PARLEY_WS_HEARTBEAT_MS', 25_000, 100, 600_000),
    presenceGraceMs: intVar(env, 'PARLEY_PRESENCE_GRACE_MS', 700, 0, 60_000),
    housekeepingMs: intVar(env, 'PARLEY_HOUSEKEEPING_MS', 60_000, 100, 86_400_000),
    callSweepMs: intVar(env, 'PARLEY_CALL_SWEEP_MS', 5_000, 50, 3_600_000),
    shutdownGraceMs: intVar(env, 'PARLEY_SHUTDOWN_GRACE_MS', 5_000, 1, 600_000),
    purgeClearedAfterSeconds: intVar(env, 'PARLEY_PURGE_CLEARED_AFTER_S', 86_400, 0, 31_536_000),
    retentionDays: intVar(env, 'PARLEY_RETENTION_DAYS', 0, 0, 36_500),
    limits: loadLimits(
      (name, fallback, min, max) => intVar(env, name, fallback, min, max),
      (name, problem) => new ConfigError(name, problem),
    ),
    portalCipher: loadPortalCipher(env, (name, problem) => new ConfigError(name, problem)),
    uploads: loadUploadLimits((name, fallback, min, max) => intVar(env, name, fallback, min, max)),
    uploadQuota: loadUploadQuota((name, fallback, min, max) => intVar(env, name, fallback, min, max)),
    exportIntervalSeconds: intVar(env, 'PARLEY_EXPORT_INTERVAL_S', 3600, 0, 31_536_000),
    uploadStore: loadUploadStore(env, (name, problem) => new ConfigError(name, problem)),
    mapUrlTemplate: mapTemplateVar(env),
    turn: loadTurn(
      env,
      (name, fallback) => intVar(env, name, fallback, 60, 604_800),
      (name, problem) => new ConfigError(name, problem),
    ),
  };
}
