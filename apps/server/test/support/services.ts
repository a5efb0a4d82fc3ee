import { connect } from 'node:net';

/**
 * Where the external services for integration tests live. Locally a missing service skips those tests
 * (loudly, with a reason); in CI it fails the run, so a broken CI service never turns into silent green.
 */

type ServiceKind = 'redis' | 'postgres';

interface ServiceInfo {
  readonly label: string;
  readonly envVar: string;
  readonly defaultPort: number;
}

const SERVICES: Readonly<Record<ServiceKind, ServiceInfo>> = {
  redis: { label: 'Redis', envVar: 'PARLEY_TEST_REDIS', defaultPort: 6379 },
  postgres: { label: 'PostgreSQL', envVar: 'PARLEY_TEST_PG', defaultPort: 5432 },
};

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
// A user must be named: CI shells may have no USER for libpq-style defaults.
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const CONNECT_TIMEOUT_MS = 1_500;

function envValue(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

export function isCI(): boolean {
  return process.env.CI === 'true';
}

export function redisTestUrl(): string | undefined {
  // CI and local runs share the default; they differ only in what requireService does when it is absent.
  return envValue('PARLEY_TEST_REDIS') ?? envValue('REDIS_URL') ?? DEFAULT_REDIS_URL;
}

export function pgTestUrl(): string | undefined {
  // DATABASE_URL is often a SQLite path or similar in dev shells; only borrow it when it is really Postgres.
  const databaseUrl = envValue('DATABASE_URL');
  const fromDatabaseUrl = databaseUrl?.startsWith('postgres') ? databaseUrl : undefined;
  return envValue('PARLEY_TEST_PG') ?? fromDatabaseUrl ?? DEFAULT_PG_URL;
}

/** Passwords must not end up in CI logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function endpoint(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  // URL keeps IPv6 hosts bracketed; node:net wants them bare.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  const port = parsed.port ? Number(parsed.port) : defaultPort;
  return { host, port };
}

function probeTcp(host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (err: Error): void => {
      socket.destroy();
      reject(err);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no answer within ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

async function reachability(url: string, defaultPort: number): Promise<string | undefined> {
  try {
    const { host, port } = endpoint(url, defaultPort);
    await probeTcp(host, port, CONNECT_TIMEOUT_MS);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * Returns the url when the service answers. Otherwise throws in CI, or warns once and returns undefined so the
 * caller can `describe.skipIf(!url)`. `what` names the skipped tests in the warning.
 */
export async function requireService(
  kind: ServiceKind,
  url: string | undefined,
  what = `${kind} tests`,
): Promise<string | undefined> {
  const info = SERVICES[kind];
  const problem = url ? await reachability(url, info.defaultPort) : 'no URL configured';
  if (problem === undefined) return url;
  const shown = url ? redact(url) : '(unset)';
  if (isCI()) {
    throw new Error(`CI requires ${info.label} at ${shown} but it is not reachable: ${problem}`);
  }
  console.warn(`SKIPPED: ${what} — no ${info.label} at ${shown} (set ${info.envVar})`);
  return undefined;
}
