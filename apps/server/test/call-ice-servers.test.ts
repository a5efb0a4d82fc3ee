import { createHmac } from 'node:crypto';
import { AUTH_SCHEME, CALL_MEDIA_ROUTES, ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/app/config.ts';
import { cleanupApps, createUser, makeApp, type MakeAppOptions, userSigFor } from './support/app.ts';

afterEach(cleanupApps);

const TURN_SECRET = 'coturn-static-auth-secret-0123456789';

async function ask(options: MakeAppOptions = {}, sig?: string) {
  const t = await makeApp(options);
  await createUser(t.app, { userID: 'amy' });
  const token = sig ?? (await userSigFor(t.app, 'amy'));
  return t.app.inject({
    method: 'GET',
    url: CALL_MEDIA_ROUTES.iceServers,
    headers: token ? { authorization: `${AUTH_SCHEME} ${token}` } : {},
  });
}

function configError(env: Record<string, string>): ConfigError | undefined {
  try {
    loadConfig(env, '/srv/parley');
  } catch (err) {
    return err as ConfigError;
  }
  return undefined;
}

describe('ICE servers for calls (decision 0039)', () => {
  it('CALL1 only a signed-in user gets ICE servers', async () => {
    const res = await ask({}, '');
    expect(res.statusCode).toBe(401);
    const bad = await ask({}, 'forged.token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).not.toBe(ERRORS.INTERNAL.code);
  });

  it('CALL5 without TURN configured the list is empty (host candidates only) and the TTL 0', async () => {
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ iceServers: [], ttlSeconds: 0, iceTransportPolicy: 'all' });
  });

  it('CALL2 CALL3 TURN credentials follow coturn use-auth-secret: expiry:userID and base64 HMAC-SHA1, not cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await ask({
      env: {
        PARLEY_TURN_URLS: 'turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349',
        PARLEY_TURN_SECRET: TURN_SECRET,
        PARLEY_TURN_TTL_S: '600',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.ttlSeconds).toBe(600);
    expect(body.iceTransportPolicy).toBe('all');
    expect(body.iceServers[0]).toEqual({ urls: ['stun:turn.example.com:3478'] });
    const turn = body.iceServers[1];
    expect(turn.urls).toEqual(['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349']);
    const [expiry, user] = String(turn.username).split(':');
    expect(user).toBe('amy');
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
  });

  it('CALL4 explicit STUN URLs replace the derived ones; an empty PARLEY_STUN_URLS means none', () => {
    const base = { PARLEY_TURN_URLS: 'turn:t.example:3478', PARLEY_TURN_SECRET: TURN_SECRET };
    expect(loadConfig({ ...base, PARLEY_STUN_URLS: 'stun:s.example:19302' }, '/srv').turn.stunUrls).toEqual([
      'stun:s.example:19302',
    ]);
    expect(loadConfig({ ...base, PARLEY_STUN_URLS: '' }, '/srv').turn.stunUrls).toEqual([]);
    expect(loadConfig({}, '/srv').turn).toMatchObject({ turnUrls: [], stunUrls: [] });
  });

  it('CALL4 bad TURN settings stop start-up naming the variable', () => {
    expect(configError({ PARLEY_TURN_URLS: 'turn:t.example:3478' })?.message).toMatch(/^PARLEY_TURN_SECRET/);
    expect(configError({ PARLEY_TURN_URLS: 'turn:t.example:3478', PARLEY_TURN_SECRET: 'short' })?.message).toMatch(
      /^PARLEY_TURN_SECRET/,
    );
    expect(configError({ PARLEY_TURN_URLS: 'http://t.example', PARLEY_TURN_SECRET: TURN_SECRET })?.message).toMatch(
      /^PARLEY_TURN_URLS/,
    );
    expect(configError({ PARLEY_STUN_URLS: 'turn:t.example:3478' })?.message).toMatch(/^PARLEY_STUN_URLS/);
    expect(
      configError({ PARLEY_TURN_URLS: 'turn:t.example', PARLEY_TURN_SECRET: TURN_SECRET, PARLEY_TURN_TTL_S: '5' })
        ?.message,
    ).toMatch(/^PARLEY_TURN_TTL_S/);
    for (const error of [configError({ PARLEY_TURN_URLS: 'x' })]) expect(error).toBeInstanceOf(ConfigError);
  });

  it('CALL6 PARLEY_ICE_TRANSPORT_POLICY=relay reaches clients, and needs a TURN server', async () => {
    const env = { PARLEY_TURN_URLS: 'turn:t.example:3478', PARLEY_TURN_SECRET: TURN_SECRET };
    const res = await ask({ env: { ...env, PARLEY_ICE_TRANSPORT_POLICY: 'relay' } });
    expect(res.json().iceTransportPolicy).toBe('relay');
    expect(configError({ PARLEY_ICE_TRANSPORT_POLICY: 'relay' })?.message).toMatch(/^PARLEY_ICE_TRANSPORT_POLICY/);
    expect(configError({ ...env, PARLEY_ICE_TRANSPORT_POLICY: 'direct' })?.message).toMatch(
      /^PARLEY_ICE_TRANSPORT_POLICY/,
    );
  });
});
