import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { loadOrCreateSecret } from '../src/app/secret.ts';
import { cleanupApps, tempDir, within } from './support/app.ts';
import { type ServerProcess, killIfRunning, spawnServer } from './support/process.ts';

afterEach(cleanupApps);

/** The ConfigError that loadConfig throws for `env`; fails the test when it does not throw one. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv/parley');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('configuration', () => {
  it('CFG1 defaults: port 8080 on 127.0.0.1, ./data, SQLite in the data dir, in-process bus, demo on', () => {
    const config = loadConfig({}, '/srv/parley');
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/parley/data');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/parley/data/parley.db' });
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisKeyPrefix).toBe('parley:');
    expect(config.secret).toBeUndefined();
    expect(config.adminKey).toBeUndefined();
    expect(config.allowedOrigins).toEqual([]);
    expect(config.logLevel).toBe('info');
    expect(config.demo).toBe(true);
    expect(config.userSigExpireSeconds).toBe(604_800);
  });

  it('CFG1 values given in the environment are used', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        HOST: '0.0.0.0',
        PARLEY_DATA_DIR: 'var/parley',
        DATABASE_URL: 'postgres://u@db:5432/parley',
        REDIS_URL: 'redis://cache:6379',
        PARLEY_SECRET: 's'.repeat(16),
        PARLEY_ADMIN_KEY: 'k'.repeat(16),
        PARLEY_ALLOWED_ORIGINS: 'https://chat.example.com/, http://localhost:5173',
        PARLEY_DEMO: 'false',
        PARLEY_LOG_LEVEL: 'warn',
      },
      '/srv/parley',
    );
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/srv/parley/var/parley',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/parley' },
      redisUrl: 'redis://cache:6379',
      secret: 's'.repeat(16),
      adminKey: 'k'.repeat(16),
      allowedOrigins: ['https://chat.example.com', 'http://localhost:5173'],
      demo: false,
      logLevel: 'warn',
    });
  });

  it('CFG2 each bad value stops with a ConfigError whose message starts with the variable name', () => {
    const cases: [string, string][] = [
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['DATABASE_URL', 'mysql://x'],
      ['REDIS_URL', 'http://x'],
      ['PARLEY_REDIS_PREFIX', 'two words'],
      ['PARLEY_REDIS_PREFIX', 'x'.repeat(65)],
      ['PARLEY_SECRET', 'short'],
      ['PARLEY_ADMIN_KEY', 'short'],
      ['PARLEY_LOG_LEVEL', 'loud'],
      ['PARLEY_DEMO', 'maybe'],
      ['PARLEY_ALLOWED_ORIGINS', 'notaurl'],
      ['PARLEY_USERSIG_EXPIRE', '10'],
    ];
    for (const [name, value] of cases) {
      const err = configError({ [name]: value });
      expect(err.message.startsWith(`${name}:`), `${name}=${value}: ${err.message}`).toBe(true);
      expect(err.message).not.toContain('\n');
    }
  });

  it('CFG2 a bad value stops the real server with exit code 2 and one stderr line naming the variable', async () => {
    let server: ServerProcess | undefined;
    try {
      server = spawnServer({ PORT: 'abc', PARLEY_DATA_DIR: tempDir(), PARLEY_LOG_LEVEL: 'silent' });
      expect(await within(server.exited, 60_000, 'the server to exit')).toBe(2);
      const lines = server.stderr().trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('PORT');
      expect(lines[0]).toContain('abc');
      expect(server.stdout()).toBe('');
    } finally {
      killIfRunning(server);
    }
  }, 120_000);
});

describe('signing secret', () => {
  it('CFG3 a generated secret is stored with mode 0600 and reused on the next start', () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(dir);
    const file = join(dir, 'secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(loadOrCreateSecret(dir)).toBe(first);
    expect(loadOrCreateSecret(tempDir())).not.toBe(first);
  });

  it('CFG3 a stored secret readable by others is tightened back to 0600', () => {
    const dir = tempDir();
    const value = loadOrCreateSecret(dir);
    chmodSync(join(dir, 'secret'), 0o644);
    expect(loadOrCreateSecret(dir)).toBe(value);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('CFG3 a stored secret that is too short stops start-up instead of being used', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secret'), 'tiny\n', { mode: 0o600 });
    expect(() => loadOrCreateSecret(dir)).toThrow(/too short/);
  });
});
