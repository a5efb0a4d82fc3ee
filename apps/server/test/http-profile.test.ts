import { ERRORS, type Profile, ROUTES } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUserSig } from '../src/domain/auth/usersig.ts';
import type { BusMessage as BusEvent } from '../src/domain/bus.ts';
import type { Storage } from '../src/domain/ports.ts';
import { bearer, cleanupApps, createUser, makeApp, userSigFor, within } from './support/app.ts';

let app: FastifyInstance;
let auth: { authorization: string };
/** What happened, in order: 'commit' when a storage transaction has committed, 'event:<type>' on delivery. */
let log: string[];

/** Records each committed transaction, so a test can check events come only after the commit. */
function loggingStorage(real: Storage): Storage {
  const wrapped: Storage = Object.create(real);
  wrapped.transaction = async (fn) => {
    const result = await real.transaction(fn);
    log.push('commit');
    return result;
  };
  return wrapped;
}

beforeEach(async () => {
  log = [];
  ({ app } = await makeApp({ wrapStorage: loggingStorage }));
  await createUser(app, {
    userID: 'dana',
    profile: { nick: 'Dana', gender: 'Gender_Type_Female', birthday: 19950607 },
  });
  await createUser(app, { userID: 'eve', profile: { nick: 'Eve' } });
  await createUser(app, { userID: 'finn', profile: { nick: 'Finn' } });
  auth = bearer(await userSigFor(app, 'dana'));
  log = [];
});
afterEach(cleanupApps);

const getMine = async () => {
  const res = await app.inject({ method: 'GET', url: ROUTES.myProfile, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<Profile>();
};
const patch = (payload: unknown) =>
  app.inject({ method: 'PATCH', url: ROUTES.myProfile, headers: auth, payload: payload as object });
const query = (userIDList: unknown) =>
  app.inject({ method: 'POST', url: ROUTES.profiles, headers: auth, payload: { userIDList } });

describe('profiles', () => {
  it("PRF1 GET /api/v1/profile returns the caller's own profile", async () => {
    expect(await getMine()).toMatchObject({
      userID: 'dana',
      nick: 'Dana',
      gender: 'Gender_Type_Female',
      birthday: 19950607,
    });
  });

  it('PRF2 PATCH changes only the fields given and returns the new profile', async () => {
    const res = await patch({ nick: '达娜', selfSignature: '你好' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nick: '达娜',
      selfSignature: '你好',
      gender: 'Gender_Type_Female',
      birthday: 19950607,
    });
    const second = await patch({ gender: 'Gender_Type_Male', birthday: 20000229 });
    expect(second.statusCode).toBe(200);
    const mine = await getMine();
    expect(mine).toEqual(second.json());
    expect(mine).toMatchObject({ nick: '达娜', selfSignature: '你好', gender: 'Gender_Type_Male', birthday: 20000229 });
  });

  it('PRF2 birthday 0 clears the birthday', async () => {
    const res = await patch({ birthday: 0 });
    expect(res.statusCode).toBe(200);
    expect((await getMine()).birthday).toBe(0);
  });

  it('PRF3 PATCH {} is 400 60003 (nothing to update)', async () => {
    const res = await patch({});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.INVALID_PARAMS.code);
  });

  it('PRF3 an unknown gender value is 400 60003 and changes nothing', async () => {
    const res = await patch({ gender: 'Gender_Type_Other', nick: 'changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERRORS.INVALID_PARAMS.code);
    expect((await getMine()).nick).toBe('Dana');
  });

  it('PRF4 an impossible birthday (19991340) is 400 40001 and changes nothing', async () => {
    for (const birthday of [19991340, 19990230, 19990100, 9991231]) {
      const res = await patch({ birthday, nick: 'changed' });
      expect(res.statusCode, String(birthday)).toBe(400);
      expect(res.json().code).toBe(ERRORS.PROFILE_INVALID.code);
    }
    expect(await getMine()).toMatchObject({ nick: 'Dana', birthday: 19950607 });
    expect(log).toEqual([]);
  });

  it('PRF5 profiles/query returns known users in the order asked and leaves out unknown ones', async () => {
    const res = await query(['finn', 'nobody', 'dana', 'eve', 'finn']);
    expect(res.statusCode).toBe(200);
    const { profiles } = res.json<{ profiles: Profile[] }>();
    expect(profiles.map((p) => p.userID)).toEqual(['finn', 'dana', 'eve']);
    expect(profiles[0]).toMatchObject({ nick: 'Finn' });
  });

  it('PRF5 profiles/query with no known user returns an empty list', async () => {
    const res = await query(['ghost1', 'ghost2']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profiles: [] });
  });

  it('PRF6 profiles/query with more than 100 IDs, none, or an invalid ID is 400 60003', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `u${i}`);
    expect((await query(Array.from({ length: 100 }, (_, i) => `u${i}`))).statusCode).toBe(200);
    for (const list of [many, [], ['bad id'], 'dana']) {
      const res = await query(list);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERRORS.INVALID_PARAMS.code);
    }
  });

  it('EV1 PRF7 a PATCH publishes profile.updated on user:<id>, after the commit, equal to what GET returns', async () => {
    const events: BusEvent[] = [];
    let delivered!: () => void;
    const arrived = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const unsubscribe = await app.parley.domain.bus.subscribe('user:dana', (event) => {
      log.push(`event:${event.type}`);
      events.push(event);
      delivered();
    });
    const res = await patch({ nick: 'Dana 2', selfSignature: 'new' });
    expect(res.statusCode).toBe(200);
    await within(arrived, 2000, 'the profile.updated event');
    await unsubscribe();
    expect(log).toEqual(['commit', 'event:profile.updated']);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ type: 'profile.updated', profile: await getMine() });
  });

  it('EV1 PRF7 a rejected PATCH publishes nothing', async () => {
    const events: BusEvent[] = [];
    const unsubscribe = await app.parley.domain.bus.subscribe('user:dana', (event) => events.push(event));
    expect((await patch({ birthday: 19991340 })).statusCode).toBe(400);
    // A successful PATCH afterwards proves delivery works, and that the rejected one sent nothing before it.
    const arrived = new Promise<void>((resolve) => {
      void app.parley.domain.bus.subscribe('user:dana', () => resolve());
    });
    expect((await patch({ nick: 'ok' })).statusCode).toBe(200);
    await within(arrived, 2000, 'the profile.updated event');
    await unsubscribe();
    expect(events.map((e) => (e.profile as Profile).nick)).toEqual(['ok']);
  });

  it('PRF8 a valid userSig for a user that does not exist gets 404 20003', async () => {
    const sig = signUserSig(app.parley.domain.secret, 'ghost', Math.floor(Date.now() / 1000), 60);
    const res = await app.inject({ method: 'GET', url: ROUTES.myProfile, headers: bearer(sig) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ERRORS.ACCOUNT_NOT_FOUND.code);
  });
});
