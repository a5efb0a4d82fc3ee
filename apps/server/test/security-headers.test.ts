import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, SESSION_COOKIE } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { adminHeaders, cleanupApps, createUser, login, loginRequest, makeApp, tempDir } from './support/app.ts';

const PASSWORD = 'pass-word-1';
afterEach(cleanupApps);

function webDir(): string {
  const dir = tempDir('parley-web-');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('security headers', () => {
  it("HDR1 the web app is served with a CSP: scripts and styles from self only, no 'unsafe-inline', frame-ancestors 'none', images from self and https: only", async () => {
    const { app } = await makeApp({ webDir: webDir() });
    const answers = await Promise.all(
      ['/', '/chat', '/login', '/some/portal/page', '/favicon.svg', '/api/v1/nothing-here', ROUTES.health].map((url) =>
        app.inject({ method: 'GET', url }),
      ),
    );
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'self'( 'nonce-[A-Za-z0-9+/]+=*')?;/);
      expect(csp).not.toContain('unsafe-');
      expect(csp).toMatch(/img-src 'self' data:/);
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('HDR1 every HTML entry page has its own style nonce, in its CSP and in its csp-nonce meta; other answers none', async () => {
    const { app } = await makeApp({ webDir: webDir() });
    const urls = ['/', '/', '/chat', '/login', '/some/portal/page', '/some/portal/page'];
    const pages = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    const nonces = pages.map((page) => {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const inHeader = /style-src 'self' 'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
      const inMeta = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(page.body)?.[1];
      expect(inHeader).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(inMeta).toBe(inHeader);
      // The page itself carries no inline style a strict style-src would block.
      expect(page.body).not.toMatch(/<style|\sstyle=/i);
      return inHeader;
    });
    expect(new Set(nonces).size).toBe(urls.length);
    for (const url of ['/favicon.svg', '/api/v1/nothing-here', '/missing.js', ROUTES.health]) {
      const res = await app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
      expect(res.body).not.toContain('csp-nonce');
    }
    // index.html is never served raw (without a nonce its page could not style itself).
    const raw = await app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.statusCode).toBe(404);
  });

  it('HDR2 every answer carries nosniff and a Referrer-Policy: JSON, errors, static files', async () => {
    const { app } = await makeApp({ webDir: webDir() });
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/' }),
      app.inject({ method: 'GET', url: ROUTES.health }),
      app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      app.inject({ method: 'GET', url: ROUTES.myProfile }),
      app.inject({
        method: 'POST',
        url: ROUTES.login,
        payload: '{bad json',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('HDR3 answers that carry a userSig are Cache-Control: no-store', async () => {
    const { app } = await makeApp();
    await createUser(app, { userID: 'alice', password: PASSWORD });
    const { res, cookie } = await login(app, 'alice', PASSWORD);
    const session = await app.inject({ method: 'GET', url: ROUTES.session, cookies: { [SESSION_COOKIE]: cookie } });
    const issued = await app.inject({
      method: 'POST',
      url: ROUTES.adminUserSig,
      headers: adminHeaders,
      payload: { userID: 'alice' },
    });
    for (const answer of [res, session, issued]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('HDR4 the session cookie is Secure over TLS via a trusted proxy, not when an untrusted peer claims https', async () => {
    const { app } = await makeApp({ env: { PARLEY_TRUSTED_PROXIES: '10.1.1.1' } });
    await createUser(app, { userID: 'alice', password: PASSWORD });
    const cookieOf = (headers: Record<string, string>, peer: string) =>
      loginRequest(app, 'alice', PASSWORD, headers, peer).then((r) => String(r.headers['set-cookie']));
    expect(await cookieOf({ 'x-forwarded-proto': 'https' }, '10.1.1.1')).toMatch(/;\s*Secure/i);
    expect(await cookieOf({ 'x-forwarded-proto': 'https' }, '10.9.9.9')).not.toMatch(/;\s*Secure/i);
    expect(await cookieOf({}, '10.1.1.1')).not.toMatch(/;\s*Secure/i);
  });

  it('HDR5 PARLEY_PUBLIC_ORIGIN is the origin the Origin check compares with; default from HOST and PORT', () => {
    expect(loadConfig({}, '/srv').publicOrigins).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
    expect(loadConfig({ HOST: 'chat.internal', PORT: '9000' }, '/srv').publicOrigins).toEqual([
      'http://chat.internal:9000',
    ]);
    expect(loadConfig({ PARLEY_PUBLIC_ORIGIN: 'https://chat.example.com/' }, '/srv').publicOrigins).toEqual([
      'https://chat.example.com',
    ]);
    expect(() => loadConfig({ PARLEY_PUBLIC_ORIGIN: 'chat.example.com' }, '/srv')).toThrow(ConfigError);
    expect(loadConfig({ PARLEY_TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16,::1' }, '/srv').trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ PARLEY_TRUSTED_PROXIES: 'proxy.local' }, '/srv')).toThrow(/PARLEY_TRUSTED_PROXIES/);
    expect(() => loadConfig({ PARLEY_TRUSTED_PROXIES: '10.0.0.0/40' }, '/srv')).toThrow(/PARLEY_TRUSTED_PROXIES/);
  });

  it('HDR6 the data directory is created 0700 and the database files 0600', async () => {
    const dataDir = join(tempDir(), 'fresh', 'data');
    const { app } = await makeApp({ dataDir, env: { PARLEY_SECRET: '' } });
    await createUser(app, { userID: 'alice' });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of ['parley.db', 'parley.db-wal', 'parley.db-shm', 'secret']) {
      expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
    }
  });
});

describe('session in the entry page', () => {
  const HTML = '<!doctype html><html><head><title>Parley</title></head><body><div id="root"></div></body></html>';
  const block = (body: string) =>
    /<script type="application\/json" id="parley-session">(.*?)<\/script>/.exec(body)?.[1];

  it('HDR3 SES1 /chat carries the session (a bound userSig) with no-store; a visitor gets null', async () => {
    const dir = tempDir('parley-web-');
    writeFileSync(join(dir, 'index.html'), HTML);
    const { app } = await makeApp({ webDir: dir });
    await createUser(app, {
      userID: 'alice',
      password: PASSWORD,
      profile: { nick: '</script><script>alert(1)</script>' },
    });
    const visitor = await app.inject({ method: 'GET', url: '/chat' });
    expect(block(visitor.body)).toBe('null');
    const { cookie } = await login(app, 'alice', PASSWORD);
    const page = await app.inject({ method: 'GET', url: '/chat', cookies: { [SESSION_COOKIE]: cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
    const json = block(page.body) ?? '';
    // No value can close the data block early: '<' is escaped.
    expect(json).not.toContain('<');
    const session = JSON.parse(json) as { userID: string; userSig: string; profile: { nick: string } };
    expect(session.userID).toBe('alice');
    expect(session.profile.nick).toBe('</script><script>alert(1)</script>');
    const profile = await app.inject({
      method: 'GET',
      url: ROUTES.myProfile,
      headers: { authorization: `Bearer ${session.userSig}` },
    });
    expect(profile.statusCode).toBe(200);
  });
});
