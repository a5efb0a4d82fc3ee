import { ERRORS, ROUTES } from '@parley/protocol';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, cleanupApps, createUser, makeApp, userSigFor } from './support/app.ts';

let app: FastifyInstance;
let userAuth: { authorization: string };

beforeAll(async () => {
  ({ app } = await makeApp());
  await createUser(app, { userID: 'gina', password: 'gina-password' });
  userAuth = bearer(await userSigFor(app, 'gina'));
});
afterAll(cleanupApps);

interface Target {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  headers: () => Record<string, string>;
  /** A body the route accepts. */
  valid: object;
  /** A body with one field of the wrong type, e.g. a number where a string is expected. */
  wrongType: object;
  /** A string where an integer is expected: must not be coerced. */
  stringForInteger?: object;
}

const TARGETS: Target[] = [
  {
    name: 'login',
    method: 'POST',
    url: ROUTES.login,
    headers: () => ({}),
    valid: { account: 'gina', password: 'x' },
    wrongType: { account: 123, password: 'x' },
  },
  {
    name: 'profile',
    method: 'PATCH',
    url: ROUTES.myProfile,
    headers: () => userAuth,
    valid: { nick: 'ok' },
    wrongType: { nick: 123 },
    stringForInteger: { birthday: '19990101' },
  },
  {
    name: 'admin accounts',
    method: 'POST',
    url: ROUTES.adminAccounts,
    headers: () => adminHeaders,
    valid: { userID: 'sneaky' },
    wrongType: { userID: 42 },
    stringForInteger: { userID: 'coerce', identity: '1' },
  },
];

let addressCounter = 0;
/** Each request from its own address, so the per-address login limits never mask what is under test. */
function send(target: Target, options: Omit<InjectOptions, 'method' | 'url'>): Promise<LightMyRequestResponse> {
  addressCounter += 1;
  const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  return app.inject({
    ...options,
    method: target.method,
    url: target.url,
    remoteAddress,
    headers: { ...target.headers(), ...(options.headers as Record<string, string> | undefined) },
  });
}

const json = { 'content-type': 'application/json' };

/** Every error is exactly {code, message} from the catalogue with the expected HTTP status. */
function expectError(res: LightMyRequestResponse, status: number, code: number): { code: number; message: string } {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toMatch(/\n\s+at /);
  return body;
}

describe.each(TARGETS)('bad input to $name', (target) => {
  it('HTTP1 malformed JSON is 400 60002', async () => {
    for (const payload of ['{"account":', '{bad}', "{'a':1}", '[1,2', 'undefined']) {
      expectError(await send(target, { headers: json, payload }), 400, ERRORS.BAD_JSON.code);
    }
  });

  it('HTTP1 an empty body declared as JSON is 400 60002', async () => {
    expectError(await send(target, { headers: json, payload: '' }), 400, ERRORS.BAD_JSON.code);
  });

  it('HTTP2 an unknown field is 400 60003 and the message names it', async () => {
    // Every other field is valid, so the unknown field is the only problem.
    const res = await send(target, { payload: { ...target.valid, sneaky_field: 1 } });
    expect(expectError(res, 400, ERRORS.INVALID_PARAMS.code).message).toContain('sneaky_field');
  });

  it('HTTP3 a wrong type is 400 60003, never coerced', async () => {
    expectError(await send(target, { payload: target.wrongType }), 400, ERRORS.INVALID_PARAMS.code);
    if (target.stringForInteger) {
      expectError(await send(target, { payload: target.stringForInteger }), 400, ERRORS.INVALID_PARAMS.code);
    }
    for (const payload of ['[]', '"text"', '42', 'null', 'true']) {
      expectError(await send(target, { headers: json, payload }), 400, ERRORS.INVALID_PARAMS.code);
    }
  });

  it('HTTP4 a body over 1 MB is 413 60004', async () => {
    const payload = JSON.stringify({ nick: 'x'.repeat(1024 * 1024 + 10) });
    expectError(await send(target, { headers: json, payload }), 413, ERRORS.BODY_TOO_LARGE.code);
  });

  it('HTTP5 a text/plain body is 415 60005', async () => {
    const headers = { 'content-type': 'text/plain' };
    expectError(await send(target, { headers, payload: '{"nick":"x"}' }), 415, ERRORS.UNSUPPORTED_MEDIA_TYPE.code);
  });

  it('HTTP6 a body with a __proto__ key is refused with a 4xx, not a 5xx', async () => {
    const res = await send(target, { headers: json, payload: '{"__proto__":{"admin":true},"nick":"x"}' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
  });

  it('HTTP7 no random body ever gets a 5xx; every 4xx is {code, message} (fuzz)', async () => {
    const bodies = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 64 }),
      fc
        .dictionary(
          fc.constantFrom('account', 'password', 'userID', 'nick', 'birthday', 'gender', 'profile', 'x'),
          fc.jsonValue(),
        )
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const res = await send(target, { headers: json, payload });
        expect(res.statusCode, `${res.statusCode} for ${JSON.stringify(payload)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const body = res.json();
          expect(Object.keys(body).sort()).toEqual(['code', 'message']);
          expect(typeof body.code).toBe('number');
          expect(typeof body.message).toBe('string');
        }
      }),
      { numRuns: 200 },
    );
  }, 240_000);
});

describe('routes and methods', () => {
  it('HTTP8 an unknown route is 404 60008 with {code, message}', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/admin/v1/nope'],
      ['DELETE', ROUTES.myProfile],
      ['GET', '/'],
    ] as const) {
      const res = await app.inject({ method, url });
      const body = expectError(res, 404, ERRORS.NOT_FOUND.code);
      expect(body.message).toContain(url);
    }
  });

  it('HTTP9 a write without a userSig is 401 {code, message} and changes nothing', async () => {
    const before = await app.parley.domain.storage.profiles.get('gina');
    const res = await app.inject({ method: 'PATCH', url: ROUTES.myProfile, payload: { nick: 'unauthenticated' } });
    expectError(res, 401, ERRORS.USERSIG_EMPTY.code);
    expect(await app.parley.domain.storage.profiles.get('gina')).toEqual(before);
  });
});
