import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

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
  /** Undefined: generated on first start and kept in `<dataDir>/secret` (mode 0600). */
  secret: string | undefined;
  /** Undefined: the admin API refuses every call. */
  adminKey: string | undefined;
  /** Origins allowed for WebSocket upgrades and cookie-authenticated writes, besides the server's own. */
  allowedOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the demo accounts and conversations into an empty database. */
  demo: boolean;
  /** The built web app to serve; undefined serves none. */
  webDir: string | undefined;
  userSigExpireSeconds: number;
  /** Prohibited-content word list (one phrase per line); undefined: the list shipped with the server. */
  wordsFile: string | undefined;
  /** WebSocket heartbeat period; a connection silent for 2.4 periods is dropped. */
  heartbeatMs: number;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(name, `expected 1/0 or true/false, got "${raw}"`);
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
  return {
    port: intVar(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir,
    database: databaseVar(env, dataDir),
    redisUrl: redisVar(env),
    secret: secretVar(env, 'PARLEY_SECRET'),
    adminKey: secretVar(env, 'PARLEY_ADMIN_KEY'),
    allowedOrigins: originsVar(env),
    logLevel: level as Config['logLevel'],
    demo: boolVar(env, 'PARLEY_DEMO', true),
    webDir: webDirRaw ? resolve(cwd, webDirRaw) : defaultWebDir,
    userSigExpireSeconds: intVar(env, 'PARLEY_USERSIG_EXPIRE', 604_800, 60, 31_536_000),
    wordsFile: fileVar(env, 'PARLEY_WORDS_FILE', cwd),
    heartbeatMs: intVar(env, 'PARLEY_WS_HEARTBEAT_MS', 25_000, 100, 600_000),
  };
}
