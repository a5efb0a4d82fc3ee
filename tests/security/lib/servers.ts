import { randomBytes } from 'node:crypto';
import { pgTestUrl, redisTestUrl, requireService } from '../../../apps/server/test/support/services.ts';
import { freshDatabase } from '../../reliability/lib/fresh-database.ts';
import { ParleyServer } from '../../reliability/lib/parley-server.ts';

/**
 * Environment names the suite sets. The session, limits and headers fixes of decision 0008 add them;
 * TODO(integrate): keep these names and values in step with apps/server/src/app/config.ts.
 */
export const ENV = {
  publicOrigin: 'PARLEY_PUBLIC_ORIGIN',
  trustedProxies: 'PARLEY_TRUSTED_PROXIES',
  requestTimeoutMs: 'PARLEY_REQUEST_TIMEOUT_MS',
  maxConnections: 'PARLEY_MAX_CONNECTIONS',
  maxConnectionsPerAddress: 'PARLEY_MAX_CONNECTIONS_PER_IP',
  socketsPerUser: 'PARLEY_WS_MAX_PER_USER',
  groupsPerUser: 'PARLEY_MAX_GROUPS_PER_USER',
} as const;

/** Small limits for S7, so the suite proves them quickly; each check reads its bound from here. */
export const S7_LIMITS = {
  requestTimeoutMs: 2000,
  maxConnections: 400,
  maxConnectionsPerAddress: 100,
  socketsPerUser: 8,
  /** Below the group-write burst (10, ABU20), so S9 meets the cap (ABU22) before the budget. */
  groupsPerUser: 6,
} as const;

/**
 * default: SQLite, shared by S1–S5 and S8; proxy: trusts 127.0.0.1 as a reverse proxy; plain: like default but
 * alone (S6 exhausts its login budget); limits: small connection and per-user limits (S7, S9); postgres: S8.
 */
export type Profile = 'default' | 'proxy' | 'plain' | 'limits' | 'postgres';

export interface Site {
  server: ParleyServer;
  port: number;
  /** The origin the server is told it is served at (PARLEY_PUBLIC_ORIGIN). */
  origin: string;
  database: 'sqlite' | 'postgres';
}

const own = (port: number) => `http://127.0.0.1:${port}`;

function envFor(profile: Profile, port: number, databaseUrl?: string): Record<string, string> {
  const base = { [ENV.publicOrigin]: own(port) };
  if (profile === 'proxy') return { ...base, [ENV.trustedProxies]: '127.0.0.1' };
  if (profile === 'postgres' && databaseUrl) return { ...base, DATABASE_URL: databaseUrl };
  if (profile === 'limits') {
    return {
      ...base,
      [ENV.requestTimeoutMs]: String(S7_LIMITS.requestTimeoutMs),
      [ENV.maxConnections]: String(S7_LIMITS.maxConnections),
      [ENV.maxConnectionsPerAddress]: String(S7_LIMITS.maxConnectionsPerAddress),
      [ENV.socketsPerUser]: String(S7_LIMITS.socketsPerUser),
      [ENV.groupsPerUser]: String(S7_LIMITS.groupsPerUser),
    };
  }
  return base;
}

/**
 * Servers started on first use and shared by the categories of one run, each a real process (the
 * reliability harness's `ParleyServer`). `postgres` is undefined when PostgreSQL is absent locally
 * (`CI=true` throws instead: the PostgreSQL part must run there).
 */
export class Servers {
  private readonly started = new Map<Profile, Promise<Site | undefined>>();
  private readonly cleanups: (() => Promise<void>)[] = [];
  /** Why the PostgreSQL site is missing, when it is. */
  postgresSkipped: string | undefined;

  get(profile: Profile): Promise<Site | undefined> {
    let site = this.started.get(profile);
    if (!site) {
      site = this.start(profile);
      this.started.set(profile, site);
    }
    return site;
  }

  async need(profile: Exclude<Profile, 'postgres'>): Promise<Site> {
    const site = await this.get(profile);
    if (!site) throw new Error(`server ${profile} did not start`);
    return site;
  }

  private async start(profile: Profile): Promise<Site | undefined> {
    let databaseUrl: string | undefined;
    if (profile === 'postgres') {
      const base = await requireService('postgres', pgTestUrl(), 'security suite S8 on PostgreSQL');
      if (!base) {
        this.postgresSkipped = `no PostgreSQL at ${pgTestUrl()} (set PARLEY_TEST_PG)`;
        return undefined;
      }
      const db = await freshDatabase(base);
      this.cleanups.push(db.drop);
      databaseUrl = db.url;
    }
    const server = await ParleyServer.start((port) => envFor(profile, port, databaseUrl));
    // Servers stop before their databases are dropped: cleanups run last first.
    this.cleanups.push(() => server.stop());
    return { server, port: server.port, origin: own(server.port), database: databaseUrl ? 'postgres' : 'sqlite' };
  }

  /**
   * Two nodes of one deployment with S7's limits (decision 0045): one PostgreSQL database, one Redis, a key prefix of
   * their own. Undefined (with `pairSkipped`) locally when either service is missing; CI fails instead.
   */
  pair(): Promise<[Site, Site] | undefined> {
    this.#pair ??= this.#startPair();
    return this.#pair;
  }

  pairSkipped: string | undefined;
  #pair: Promise<[Site, Site] | undefined> | undefined;

  async #startPair(): Promise<[Site, Site] | undefined> {
    const what = 'security suite S7 on two nodes';
    const [pgBase, redisUrl] = [
      await requireService('postgres', pgTestUrl(), what),
      await requireService('redis', redisTestUrl(), what),
    ];
    if (!pgBase || !redisUrl) {
      this.pairSkipped = 'no PostgreSQL or no Redis (set PARLEY_TEST_PG, PARLEY_TEST_REDIS)';
      return undefined;
    }
    const db = await freshDatabase(pgBase);
    this.cleanups.push(db.drop);
    const shared = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      PARLEY_REDIS_PREFIX: `s7${randomBytes(4).toString('hex')}:`,
    };
    const sites: Site[] = [];
    // One after the other: the first migrates the database, the second finds nothing to do.
    for (let i = 0; i < 2; i += 1) {
      const server = await ParleyServer.start((port) => ({ ...envFor('limits', port), ...shared }));
      this.cleanups.push(() => server.stop());
      sites.push({ server, port: server.port, origin: own(server.port), database: 'postgres' });
    }
    return [sites[0] as Site, sites[1] as Site];
  }

  async stopAll(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup().catch(() => undefined);
    this.cleanups.length = 0;
    this.started.clear();
    this.#pair = undefined;
  }
}
