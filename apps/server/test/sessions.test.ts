import { ERRORS, ROUTES, SESSION_COOKIE } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSessionID } from '../src/domain/auth/session-actions.ts';
import { signUserSig, verifyUserSig } from '../src/domain/auth/usersig.ts';
import {
  SECRET,
  adminHeaders,
  bearer,
  cleanupApps,
  createUser,
  login,
  makeApp,
  userSigFor,
  within,
} from './support/app.ts';
import { type OpenSocket, openSocket, refusedUpgrade } from './support/ws.ts';

const PASSWORD = 'pass-word-1';
const sockets: OpenSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await cleanupApps();
});

async function setup(overrides: Parameters<typeof makeApp>[0] = {}): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await makeApp(overrides);
  await createUser(app, { userID: 'alice', password: PASSWORD });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return { app, base: `ws://127.0.0.1:${address.port}` };
}

async function socketFor(base: string, userSig: string): Promise<OpenSocket> {
  const socket = await openSocket(`${base}/ws?userSig=${encodeURIComponent(userSig)}`);
  sockets.push(socket);
  await socket.next((f) => f.type === 'hello');
  return socket;
}

const profile = (app: FastifyInstance, userSig: string) =>
  app.inject({ method: 'GET', url: ROUTES.myProfile, headers: bearer(userSig) });
const logout = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: ROUTES.logout, cookies: { [SESSION_COOKIE]: cookie } });
const revoke = (app: FastifyInstance, userID: string) =>
  app.inject({ method: 'POST', url: ROUTES.adminRevokeUserSigs, headers: adminHeaders, payload: { userID } });

describe('sessions end everywhere', () => {
  it('SES1 a userSig issued to a browser session works until sign-out, then HTTP refuses it with 401 70062', async () => {
    const { app } = await setup();
    const { session, cookie } = await login(app, 'alice', PASSWORD);
    const resumed = await app.inject({ method: 'GET', url: ROUTES.session, cookies: { [SESSION_COOKIE]: cookie } });
    const fresh = resumed.json<{ userSig: string }>().userSig;
    expect(verifyUserSig(SECRET, session.userSig, Math.floor(Date.now() / 1000)).sid).toBe(hashSessionID(cookie));
    expect((await profile(app, session.userSig)).statusCode).toBe(200);
    expect((await logout(app, cookie)).statusCode).toBe(200);
    for (const sig of [session.userSig, fresh]) {
      const res = await profile(app, sig);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: ERRORS.USERSIG_REVOKED.code, data: { kick: 'multipleAccount' } });
    }
  });

  it('SES1 a WebSocket upgrade with the userSig of an ended session is refused with 401 70062', async () => {
    const { app, base } = await setup();
    const { session, cookie } = await login(app, 'alice', PASSWORD);
    await logout(app, cookie);
    const { status, body } = await refusedUpgrade(`${base}/ws?userSig=${encodeURIComponent(session.userSig)}`);
    expect(status).toBe(401);
    expect(JSON.parse(body).code).toBe(ERRORS.USERSIG_REVOKED.code);
  });

  it("SES2 SES3 sign-out sends 'kicked' (multipleAccount) to every socket of that session and closes them with 4001", async () => {
    const { app, base } = await setup();
    const first = await login(app, 'alice', PASSWORD);
    const other = await login(app, 'alice', PASSWORD);
    const tabA = await socketFor(base, first.session.userSig);
    const tabB = await socketFor(base, first.session.userSig);
    const otherBrowser = await socketFor(base, other.session.userSig);
    await logout(app, first.cookie);
    for (const tab of [tabA, tabB]) {
      expect(await tab.next((f) => f.type === 'kicked')).toEqual({ type: 'kicked', reason: 'multipleAccount' });
      expect(await within(tab.closed, 5000, 'the kicked socket to close')).toBe(4001);
    }
    // Another browser's session of the same user is untouched.
    expect(otherBrowser.ws.readyState).toBe(otherBrowser.ws.OPEN);
    expect((await profile(app, other.session.userSig)).statusCode).toBe(200);
  });

  it('SES5 an admin revoke refuses every earlier userSig of the user, kicks its sockets (REST_API_Kick) and ends its sessions', async () => {
    const { app, base } = await setup();
    const adminSig = await userSigFor(app, 'alice');
    const browser = await login(app, 'alice', PASSWORD);
    const adminSocket = await socketFor(base, adminSig);
    const browserSocket = await socketFor(base, browser.session.userSig);
    const res = await revoke(app, 'alice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userID: 'alice', generation: 1 });
    for (const socket of [adminSocket, browserSocket]) {
      expect(await socket.next((f) => f.type === 'kicked')).toEqual({ type: 'kicked', reason: 'REST_API_Kick' });
      expect(await within(socket.closed, 5000, 'the revoked socket to close')).toBe(4001);
    }
    const old = await profile(app, adminSig);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: ERRORS.USERSIG_REVOKED.code, data: { kick: 'REST_API_Kick' } });
    expect((await profile(app, browser.session.userSig)).statusCode).toBe(401);
    const cookieGone = await app.inject({
      method: 'GET',
      url: ROUTES.session,
      cookies: { [SESSION_COOKIE]: browser.cookie },
    });
    expect(cookieGone.statusCode).toBe(204);
    // A userSig issued after the revoke works.
    expect((await profile(app, await userSigFor(app, 'alice'))).statusCode).toBe(200);
  });

  it('SES3 a revoke that lands while the upgrade reads the token generation still kicks the new socket', async () => {
    const { app, base } = await setup();
    const sig = await userSigFor(app, 'alice');
    const accounts = app.parley.domain.storage.accounts;
    const read = accounts.tokenGen.bind(accounts);
    let raced = false;
    // The upgrade's one read answers the generation from before the revoke, which commits and publishes meanwhile.
    accounts.tokenGen = async (userID) => {
      const gen = await read(userID);
      if (!raced) {
        raced = true;
        expect((await revoke(app, 'alice')).statusCode).toBe(200);
      }
      return gen;
    };
    const socket = await openSocket(`${base}/ws?userSig=${encodeURIComponent(sig)}`);
    sockets.push(socket);
    expect(await socket.next((f) => f.type === 'kicked')).toEqual({ type: 'kicked', reason: 'REST_API_Kick' });
    expect(await within(socket.closed, 5000, 'the revoked socket to close')).toBe(4001);
    expect(raced).toBe(true);
  });

  it('SES5 revoking an unknown user is 404; without the admin key 401', async () => {
    const { app } = await setup();
    expect((await revoke(app, 'nobody')).statusCode).toBe(404);
    const anon = await app.inject({ method: 'POST', url: ROUTES.adminRevokeUserSigs, payload: { userID: 'alice' } });
    expect(anon.statusCode).toBe(401);
  });

  it('SES7 expired sessions are deleted by the periodic sweep', async () => {
    let now = Date.now();
    const { app } = await setup({ overrides: { clock: { now: () => now }, sessionSweepMs: 20 } });
    const { cookie } = await login(app, 'alice', PASSWORD);
    const sessions = app.parley.domain.storage.sessions;
    expect(await sessions.get(hashSessionID(cookie))).toBeDefined();
    now += 604_801_000;
    await within(
      (async () => {
        while (await sessions.get(hashSessionID(cookie))) await new Promise((r) => setImmediate(r));
      })(),
      5000,
      'the sweep to delete the expired session',
    );
  });
});

describe('userSig encoding', () => {
  it('SES8 the same token with "=", "!!" or Latin-1 characters appended to the signature is refused with 70009', async () => {
    const { app } = await setup();
    const good = signUserSig(SECRET, 'alice', Math.floor(Date.now() / 1000), 600);
    expect((await profile(app, good)).statusCode).toBe(200);
    for (const suffix of ['=', '==', '!!', 'é', '\u00ff']) {
      const res = await app.inject({
        method: 'GET',
        url: ROUTES.myProfile,
        headers: { authorization: Buffer.from(`Bearer ${good}${suffix}`, 'latin1').toString('latin1') },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ERRORS.USERSIG_FORGED.code);
    }
    // A last character whose unused low bits are set decodes to the same bytes: not canonical either.
    const last = good.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[(alphabet.indexOf(last) & ~3) | ((alphabet.indexOf(last) + 1) & 3)] ?? last;
    const res = await profile(app, good.slice(0, -1) + twin);
    expect(res.statusCode).toBe(401);
  });
});
