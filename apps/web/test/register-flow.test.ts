import { describe, expect, it } from 'vitest';
import type { TapiAnswer } from '../src/portal/api/client.ts';
import { type RegisterFields, registerAndSignIn } from '../src/portal/pages/register-flow.ts';

const FIELDS: RegisterFields = { identity: 1, name: ' 新人 ', mobile: '13712345678', password: 'abc12345' };
const OK = { code: 1, msg: 'ok', data: null };

/** A stand-in for the portal calls: answers by call name, and records what was asked. */
function portal(answers: Record<string, { code: number; msg: string }>) {
  const asked: [string, unknown][] = [];
  const call = async <T>(path: string, payload: unknown) => {
    asked.push([path, payload]);
    return { data: null, ...answers[path] } as TapiAnswer<T>;
  };
  return { call, asked };
}

describe('registration page flow', () => {
  it('ABU38 a uniform registration answer is followed by a sign-in with what was typed', async () => {
    const p = portal({ 'user/register': OK, 'user/login': OK });
    expect(await registerAndSignIn(p.call, FIELDS)).toEqual({ kind: 'signedIn' });
    expect(p.asked).toEqual([
      ['user/register', { ...FIELDS, name: '新人' }],
      ['user/login', { mobile: FIELDS.mobile, password: FIELDS.password, identity: 1 }],
    ]);
  });

  it('ABU38 a number that does not sign in with the typed password was taken: the page says so, nothing more', async () => {
    const taken = portal({ 'user/register': OK, 'user/login': { code: 70060, msg: 'wrong' } });
    expect(await registerAndSignIn(taken.call, FIELDS)).toEqual({ kind: 'taken' });
    const kind = portal({ 'user/register': OK, 'user/login': { code: 70063, msg: 'other kind' } });
    expect(await registerAndSignIn(kind.call, FIELDS)).toMatchObject({ kind: 'refused', answer: { code: 70063 } });
    const weak = portal({ 'user/register': { code: 70411, msg: 'weak' } });
    expect(await registerAndSignIn(weak.call, FIELDS)).toMatchObject({ kind: 'refused', answer: { code: 70411 } });
    expect(weak.asked).toHaveLength(1);
  });
});
