import { ERRORS, LIMITS, MESSAGE_ROUTES, PRESET_AVATARS, ROUTES, type WireMessage } from '@parley/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, bearer, cleanupApps } from './support/app.ts';
import { type Chat, KINDS, makeChat } from './support/messaging.ts';

/**
 * Input edges (IN1..IN5): the same hostile input gets the same 4xx `{code, message}` on SQLite and on
 * PostgreSQL, never a 5xx, and nothing is stored.
 */
afterEach(cleanupApps);

const NUL = 'a\u0000b';
const INVALID = ERRORS.INVALID_PARAMS.code;

function expectError(res: LightMyRequestResponse, status: number, code: number): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toBe(code);
}

function inject(
  c: Chat,
  as: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return c.app.inject({
    method,
    url,
    headers: as ? bearer(c.sigs[as] ?? '') : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

const send = (c: Chat, body: Record<string, unknown>) =>
  inject(c, 'amy', 'POST', MESSAGE_ROUTES.send, {
    ID: `edge-${Math.random().toString(36).slice(2)}`,
    conversationType: 'C2C',
    to: 'bob',
    type: 'TIMTextElem',
    payload: { text: 'hello' },
    ...body,
  });

const path = (template: string, conversationID: string) => template.replace(':conversationID', conversationID);

describe.each(KINDS)('input edges (%s)', (kind) => {
  const open = () => makeChat(kind, ['amy', 'bob']);

  it('IN1 a NUL in any request string is 400 60003, login included (no login needed), and nothing changes', async () => {
    const c = await open();
    expectError(await inject(c, undefined, 'POST', ROUTES.login, { account: NUL, password: 'x' }), 400, INVALID);
    expectError(await inject(c, undefined, 'POST', ROUTES.login, { account: 'amy', password: NUL }), 400, INVALID);
    for (const field of ['nick', 'selfSignature', 'location', 'avatar']) {
      expectError(await inject(c, 'amy', 'PATCH', ROUTES.myProfile, { [field]: NUL }), 400, INVALID);
    }
    const bad: Record<string, unknown>[] = [
      { payload: { text: NUL } },
      { cloudCustomData: NUL },
      { atUserList: [NUL] },
      { type: 'TIMCustomElem', payload: { data: NUL } },
      { type: 'TIMCustomElem', payload: { data: 'ok', description: NUL } },
      { type: 'TIMFaceElem', payload: { index: 1, data: NUL } },
      { type: 'TIMLocationElem', payload: { description: NUL, longitude: 1, latitude: 1 } },
    ];
    for (const body of bad) expectError(await send(c, body), 400, INVALID);
    const created = await c.app.inject({
      method: 'POST',
      url: ROUTES.adminAccounts,
      headers: adminHeaders,
      payload: { userID: 'nul_user', password: `pass${NUL}word`, profile: { nick: NUL } },
    });
    expectError(created, 400, INVALID);
    expect((await c.conversations('amy')).conversationList).toEqual([]);
    expect((await inject(c, 'amy', 'GET', ROUTES.myProfile)).json()).toMatchObject({ nick: 'amy-nick', avatar: '' });
    await c.close();
  });

  it('IN2 clientTime beyond the safe-integer range (1e20, 2^63, 1e308), negative or fractional is 400', async () => {
    const c = await open();
    for (const clientTime of [1e20, 2 ** 63, 1e308, -1, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      const res = await c.app.inject({
        method: 'POST',
        url: MESSAGE_ROUTES.send,
        headers: { ...bearer(c.sigs.amy ?? ''), 'content-type': 'application/json' },
        payload: `{"ID":"t-${String(clientTime).replace(/[^0-9a-z]/gi, '')}","conversationType":"C2C","to":"bob","type":"TIMTextElem","payload":{"text":"x"},"clientTime":${clientTime === 2 ** 63 ? '9223372036854775808' : String(clientTime)}}`,
      });
      expectError(res, 400, INVALID);
    }
    expect((await c.conversations('amy')).conversationList).toEqual([]);
    const ok = await send(c, { clientTime: Number.MAX_SAFE_INTEGER });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ message: WireMessage }>().message.clientTime).toBe(Number.MAX_SAFE_INTEGER);
    expect((await c.history('bob', 'C2Camy')).messageList[0]?.clientTime).toBe(Number.MAX_SAFE_INTEGER);
    await c.close();
  });

  it('IN3 a malformed conversation ID is 400 60003 on every conversation route, before any query', async () => {
    const c = await open();
    const ids = ['C2Ca%00b', '%00%00%00%00', 'C2C%E4%BD%A0%E5%A5%BD', 'XYZamy', 'C2Camy%20x', 'C2C'];
    for (const id of ids) {
      expectError(await inject(c, 'amy', 'POST', path(MESSAGE_ROUTES.pin, id), { isPinned: true }), 400, INVALID);
      expectError(await inject(c, 'amy', 'POST', path(MESSAGE_ROUTES.read, id)), 400, INVALID);
      expectError(await inject(c, 'amy', 'GET', path(MESSAGE_ROUTES.messages, id)), 400, INVALID);
      expectError(await inject(c, 'amy', 'GET', `${path(MESSAGE_ROUTES.messages, id)}/m1`), 400, INVALID);
      expectError(await inject(c, 'amy', 'GET', path(MESSAGE_ROUTES.conversation, id)), 400, INVALID);
      expectError(await inject(c, 'amy', 'DELETE', path(MESSAGE_ROUTES.conversation, id)), 400, INVALID);
    }
    const remind = { userIDList: [NUL], messageRemindType: 'AcceptNotNotify' };
    expectError(await inject(c, 'amy', 'POST', MESSAGE_ROUTES.remind, remind), 400, INVALID);
    expectError(await inject(c, 'amy', 'GET', `${path(MESSAGE_ROUTES.messages, 'C2Cbob')}/a%00b`), 400, INVALID);
    expect((await c.conversations('amy')).conversationList).toEqual([]);
    await c.close();
  });

  it('IN4 bad percent-encoding is 400 60003 and an over-long path parameter 414 60014, both {code, message}', async () => {
    const c = await open();
    expectError(await inject(c, 'amy', 'GET', '/api/v1/conversations/%E0%A4%A/messages'), 400, INVALID);
    expectError(await inject(c, undefined, 'GET', '/api/v1/conversations/%zz'), 400, INVALID);
    const long = `C2C${'a'.repeat(LIMITS.pathParamChars)}`;
    expectError(await inject(c, 'amy', 'POST', path(MESSAGE_ROUTES.pin, long), { isPinned: true }), 414, 60014);
    expect(ERRORS.URI_TOO_LONG.code).toBe(60014);
    // The longest valid IDs, fully percent-encoded, are still answered by the route, not refused as too long.
    const messageID = encodeURIComponent('@:'.repeat(64));
    const conversationID = encodeURIComponent(`C2C${'@'.repeat(64)}`);
    expectError(await inject(c, 'amy', 'GET', `${path(MESSAGE_ROUTES.messages, 'C2Cbob')}/${messageID}`), 404, 20026);
    const peer = await inject(c, 'amy', 'GET', path(MESSAGE_ROUTES.conversation, conversationID));
    expectError(peer, 404, ERRORS.ACCOUNT_NOT_FOUND.code);
    await c.close();
  });

  it('IN5 an avatar is empty or a preset; third-party URLs and path tricks are 400, nothing changes', async () => {
    const c = await open();
    const refused = [
      'https://other.example/pixel.png',
      'http://other.example/pixel.png',
      '/\\other.example/x.png',
      '//other.example',
      '//other.example/avatars/avatar-1.svg',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '/avatars/avatar-7.svg',
      '/avatars/avatar-1.svg?x=1',
      '/avatars/../avatar-1.svg',
      '/avatars/avatar-1.svg/../../x',
      ' /avatars/avatar-1.svg',
      '/avatars/avatar-1.svg\n',
      'avatars/avatar-1.svg',
    ];
    for (const avatar of refused) {
      expectError(await inject(c, 'amy', 'PATCH', ROUTES.myProfile, { avatar }), 400, INVALID);
    }
    const created = await c.app.inject({
      method: 'POST',
      url: ROUTES.adminAccounts,
      headers: adminHeaders,
      payload: { userID: 'pixel', profile: { avatar: 'https://other.example/pixel.png' } },
    });
    expectError(created, 400, INVALID);
    expect((await inject(c, 'amy', 'GET', ROUTES.myProfile)).json().avatar).toBe('');
    for (const avatar of [...PRESET_AVATARS, '/api/v1/files/AbCdEfGhIjKlMnOpQrStUv', '']) {
      const res = await inject(c, 'amy', 'PATCH', ROUTES.myProfile, { avatar });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().avatar).toBe(avatar);
    }
    await c.close();
  });
});
