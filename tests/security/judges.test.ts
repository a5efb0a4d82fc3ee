/**
 * The suite's judges notice what they must, so a zero from a category means something (no check that cannot fail).
 * Pure and fast: runs in the root vitest run. The browser detector's check is in suite.security.ts.
 */
import { describe, expect, it } from 'vitest';
import { forgeries } from './categories/s1-tokens.ts';
import { mustRefusePortal } from './categories/s2-portal.ts';
import { edgeCases, httpCases } from './lib/fuzz-cases.ts';
import { isErrorBody, judge, type RawResponse } from './lib/http.ts';
import { exampleOf, type JsonSchema, type Operation } from './lib/openapi.ts';
import { portalVerdict } from './lib/portal.ts';
import { failuresOf, Tally } from './lib/tally.ts';

const answer = (status: number, json: unknown): RawResponse => ({
  status,
  headers: {},
  text: JSON.stringify(json),
  json,
});

describe('security suite judges', () => {
  it('S8 error bodies: exactly {code, message} (plus a data object) passes, Fastify-shaped ones do not', () => {
    expect(isErrorBody({ code: 60003, message: 'bad' })).toBe(true);
    expect(isErrorBody({ code: 70001, message: 'expired', data: { expiredAt: 1 } })).toBe(true);
    expect(isErrorBody({ error: 'Bad Request', code: 'FST_ERR_BAD_URL', message: 'x', statusCode: 400 })).toBe(false);
    expect(isErrorBody({ code: 1, message: 'x', stack: 'at …' })).toBe(false);
    expect(isErrorBody({ code: 1 })).toBe(false);
    expect(isErrorBody('Internal Server Error')).toBe(false);
  });

  it('S8 judge counts a 5xx, a dropped request and a malformed error body', () => {
    const t = new Tally('T', 1);
    judge(t, 'a', answer(500, { code: 20005, message: 'x' }));
    judge(t, 'b', { ...answer(0, undefined), error: 'socket hang up' });
    judge(t, 'c', answer(400, { error: 'Bad Request' }));
    judge(t, 'd', answer(404, { code: 60008, message: 'No such route' }));
    expect(t.r).toMatchObject({ fiveXX: 2, badErrorBodies: 1 });
    expect(failuresOf(t.r)).toEqual(['fiveXX', 'badErrorBodies']);
  });

  it('S2 a /tapi/ call refused in the envelope (HTTP 200, code other than 1) counts as refused; code 1 as allowed', () => {
    expect(portalVerdict(answer(200, { code: 70061, msg: 'Please log in', data: '' }))).toBe('refused');
    expect(portalVerdict(answer(200, { code: 70063, msg: 'wrong kind', data: '' }))).toBe('refused');
    expect(portalVerdict(answer(400, { code: 60031, message: 'cannot decrypt' }))).toBe('refused');
    expect(portalVerdict(answer(200, { code: 1, msg: 'ok', data: 'abc=' }))).toBe('allowed');
    expect(portalVerdict(answer(200, { msg: 'ok' }))).toBe('refused');
  });

  it('S2 the portal matrix expects refusals from the access level: visitors, and the other account kind', () => {
    expect(mustRefusePortal('public', 0)).toBe(false);
    expect([0, 1, 2].map((i) => mustRefusePortal('session', i))).toEqual([true, false, false]);
    expect([0, 1, 2].map((i) => mustRefusePortal('seeker', i))).toEqual([true, false, true]);
    expect([0, 1, 2].map((i) => mustRefusePortal('enterprise', i))).toEqual([true, true, false]);
  });

  it('S1 every forged token differs from the valid one', () => {
    const valid = 'p1.eyJ1aWQiOiJhIiwiaWF0IjoxLCJleHAiOjJ9.abcdefghijklmnopqrstuvwxyz0123456789-_ABCDEFG';
    const forged = forgeries(valid, 'a', 'b', 100);
    expect(forged.length).toBeGreaterThan(15);
    for (const [name, token] of forged) expect(token, name).not.toBe(valid);
  });

  const schema: JsonSchema = {
    type: 'object',
    required: ['ID', 'count'],
    properties: {
      ID: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:@-]+$' },
      count: { type: 'integer', minimum: 1, maximum: 100 },
      nick: { type: 'string', maxLength: 64 },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
  };
  const op: Operation = {
    method: 'POST',
    template: '/api/v1/things/{thingID}',
    guard: 'userSig',
    pathParams: [{ name: 'thingID', schema: { type: 'string' } }],
    queryParams: [],
    body: schema,
    bodyTypes: ['application/json'],
  };

  it('S2 examples satisfy the schema: patterns, ranges, required fields; optional ones only when asked', () => {
    expect(exampleOf(schema, {})).toEqual({ ID: 'abc', count: 1 });
    expect(exampleOf(schema, { nick: 'n' }, '', true)).toEqual({ ID: 'abc', count: 1, nick: 'n', tags: ['abc'] });
  });

  it('S8 the systematic cases put NUL in every string field, huge numbers in every number, bad segments in params', () => {
    const cases = edgeCases({ ops: [op], hints: {}, params: { thingID: 't1' } });
    const expected = cases.map((c) => c.expect400).filter(Boolean);
    for (const field of ['ID', 'nick', 'tags.0']) expect(expected).toContain(`NUL in ${field}`);
    for (const n of [1e20, 2 ** 63, 1e308, -1e20]) expect(expected).toContain(`${n} in count`);
    expect(expected).toContain('NUL in thingID');
    expect(cases.some((c) => c.path.includes('%E0%A4%A'))).toBe(true);
  });

  it('S8 the random cases are a function of the seed', () => {
    const world = { ops: [op], hints: {}, params: { thingID: 't1' } };
    const a = JSON.stringify(httpCases(world, 42, 30));
    expect(JSON.stringify(httpCases(world, 42, 30))).toBe(a);
    expect(JSON.stringify(httpCases(world, 43, 30))).not.toBe(a);
  });
});
