import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, ROUTES, type Session } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/app/demo-seed.ts';
import type { EventBus } from '../src/domain/bus.ts';
import { createMemoryBus } from '../src/fanout/memory-bus.ts';
import { cleanupApps, login, makeApp, tempDir } from './support/app.ts';

afterEach(cleanupApps);

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('health, readiness, OpenAPI', () => {
  it('OPS1 /healthz answers 200 {status: "ok"}', async () => {
    const { app } = await makeApp();
    const res = await get(app, ROUTES.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('OPS2 /readyz answers 200 {status: "ready"} when the database and bus are up', async () => {
    const { app } = await makeApp();
    const res = await get(app, ROUTES.ready);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('OPS2 /readyz answers 503 60022 once the database is closed, while /healthz stays 200', async () => {
    const { app } = await makeApp();
    await app.parley.domain.storage.close();
    const res = await get(app, ROUTES.ready);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: ERRORS.UNAVAILABLE.code });
    expect(res.json().message).toContain('database down');
    expect((await get(app, ROUTES.health)).statusCode).toBe(200);
  });

  it('OPS2 /readyz answers 503 when the event bus is down', async () => {
    const real = createMemoryBus();
    const bus: EventBus = { ...real, ping: async () => false };
    const { app } = await makeApp({ overrides: { bus } });
    const res = await get(app, ROUTES.ready);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: ERRORS.UNAVAILABLE.code });
    expect(res.json().message).toContain('bus down');
  });

  it('OPS3 /openapi.json is an OpenAPI 3 document listing the HTTP API', async () => {
    const { app } = await makeApp();
    const res = await get(app, ROUTES.openapi);
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths[ROUTES.login]).toHaveProperty('post');
    expect(doc.paths[ROUTES.myProfile]).toHaveProperty('get');
    expect(doc.paths[ROUTES.myProfile]).toHaveProperty('patch');
    expect(doc.paths[ROUTES.profiles]).toHaveProperty('post');
    expect(doc.paths[ROUTES.adminAccounts]).toHaveProperty('post');
    expect(doc.paths[ROUTES.adminUserSig]).toHaveProperty('post');
    // Internal routes are not part of the documented API.
    expect(doc.paths).not.toHaveProperty('/ws');
    expect(doc.paths).not.toHaveProperty(ROUTES.openapi);
  });
});

describe('demo data', () => {
  it('OPS4 an empty data dir is seeded with the demo users, who log in by mobile with the demo password', async () => {
    const { app } = await makeApp({ demo: true });
    expect(app.parley.demoSeeded).toBe(true);
    expect(DEMO_USERS).toHaveLength(5);
    expect(await app.parley.domain.storage.accounts.count()).toBe(DEMO_USERS.length);
    for (const user of DEMO_USERS) {
      const { session } = await login(app, user.mobile, DEMO_PASSWORD);
      expect(session).toMatchObject<Partial<Session>>({ userID: user.userID, identity: user.identity });
      expect(session.profile).toMatchObject({ nick: user.nick, gender: user.gender, birthday: user.birthday });
    }
    expect((await login(app, 'zhangwei', DEMO_PASSWORD)).session.userID).toBe('zhangwei');
  });

  it('OPS4 starting again on the same data dir neither seeds twice nor fails', async () => {
    const first = await makeApp({ demo: true });
    await first.app.close();
    const again = await makeApp({ demo: true, dataDir: first.dataDir });
    expect(again.app.parley.demoSeeded).toBe(false);
    expect(await again.app.parley.domain.storage.accounts.count()).toBe(DEMO_USERS.length);
    expect((await login(again.app, DEMO_USERS[0]?.mobile ?? '', DEMO_PASSWORD)).session.userID).toBe(
      DEMO_USERS[0]?.userID,
    );
  });

  it('OPS4 PARLEY_DEMO=0 seeds nothing', async () => {
    const { app } = await makeApp({ demo: false });
    expect(app.parley.demoSeeded).toBe(false);
    expect(await app.parley.domain.storage.accounts.count()).toBe(0);
  });
});

describe('web app', () => {
  const INDEX = '<!doctype html><title>Parley test app</title><div id="root"></div>';

  function webDir(): string {
    const dir = tempDir('parley-web-');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log("parley");');
    return dir;
  }

  it('OPS5 the built web app is served from webDir, with nosniff and caching headers', async () => {
    const { app } = await makeApp({ webDir: webDir() });
    const index = await get(app, '/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.body).toBe(INDEX);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    // The entry pages may carry the session's userSig (HDR3).
    expect(index.headers['cache-control']).toBe('no-store');
    const asset = await get(app, '/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("parley");');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('OPS6 client-side routes (/chat, /user_chat/…) get index.html; API paths stay JSON 404 60008', async () => {
    const { app } = await makeApp({ webDir: webDir() });
    for (const url of ['/chat', '/user_chat/abc?x=1', '/cuser_chat']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    for (const url of ['/api/v1/nope', '/admin/v1/nope', '/assets/missing.js']) {
      const res = await get(app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: ERRORS.NOT_FOUND.code });
    }
    const post = await app.inject({ method: 'POST', url: '/chat' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe(ERRORS.NOT_FOUND.code);
  });

  it('OPS6 without a web app, / and /chat are JSON 404 60008', async () => {
    const { app } = await makeApp({ webDir: tempDir('parley-empty-web-') });
    for (const url of ['/', '/chat']) {
      const res = await get(app, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERRORS.NOT_FOUND.code);
    }
  });
});
