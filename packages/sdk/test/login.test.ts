import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG, PROFILE } from './fake-fetch.ts';
import { FakeSocket } from './fake-socket.ts';
import { destroyInstances, loginReady, newChat, nextEvent, recordEvents } from './helpers.ts';

const { EVENT } = TencentCloudChat;
const LIFECYCLE = [EVENT.SDK_READY, EVENT.SDK_NOT_READY, EVENT.NET_STATE_CHANGE, EVENT.KICKED_OUT];

afterEach(destroyInstances);

describe('create', () => {
  it('returns null for an unparsable SDKAppID and parses numeric strings', async () => {
    expect(TencentCloudChat.create({ SDKAppID: 'abc' })).toBeNull();
    expect(TencentCloudChat.create({ SDKAppID: undefined as unknown as number })).toBeNull();
    const chat = TencentCloudChat.create({ SDKAppID: '7001', serverURL: 'http://parley.test' });
    expect(chat).not.toBeNull();
    await chat?.destroy();
  });

  it('returns the same instance per SDKAppID until destroy', async () => {
    const a = TencentCloudChat.create({ SDKAppID: 7002, serverURL: 'http://parley.test' });
    expect(TencentCloudChat.create({ SDKAppID: '7002' })).toBe(a);
    const destroyed = recordEvents(a, [EVENT.SDK_DESTROY]);
    await a.destroy();
    expect(destroyed).toEqual([{ name: EVENT.SDK_DESTROY, data: { SDKAppID: 7002 } }]);
    const b = TencentCloudChat.create({ SDKAppID: 7002, serverURL: 'http://parley.test' });
    expect(b).not.toBe(a);
    await b.destroy();
  });
});

describe('login', () => {
  it('validates userID (2002) and userSig (2003)', async () => {
    const { chat } = newChat();
    await expect(chat.login({ userID: '', userSig: GOOD_SIG })).rejects.toMatchObject({ code: 2002 });
    await expect(chat.login({ userID: 'zhangwei', userSig: '' })).rejects.toMatchObject({ code: 2003 });
  });

  it('verifies the userSig with a Bearer request, then becomes ready', async () => {
    const { chat, server } = newChat();
    const events = recordEvents(chat, LIFECYCLE);
    const ready = nextEvent(chat, EVENT.SDK_READY);
    await expect(chat.login({ userID: 'zhangwei', userSig: GOOD_SIG })).resolves.toEqual({
      code: 0,
      data: { repeatLogin: false },
    });
    // CMP1: SDK_READY follows the login's resolution, in a later task; until then the SDK is not ready.
    expect(chat.isReady()).toBe(false);
    await ready;
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/profile',
      authorization: 'Bearer sig-good',
    });
    // The push connection comes up during login; SDK_READY follows the initial sync.
    expect(events).toEqual([
      { name: EVENT.NET_STATE_CHANGE, data: { state: 'connecting' } },
      { name: EVENT.NET_STATE_CHANGE, data: { state: 'connected' } },
      { name: EVENT.SDK_READY, data: undefined },
    ]);
    expect(chat.isReady()).toBe(true);
    expect(chat.getLoginUser()).toBe('zhangwei');

    // The group list (SGRP4) is read at login and again at the socket's hello, like the conversations.
    expect(server.requests.map((r) => `${r.method} ${r.path}?${r.query}`).sort()).toEqual([
      // The invitations ringing for me now (SIG25), read at the socket's hello.
      'GET /api/v1/calls/ringing?',
      'GET /api/v1/conversations?since=0',
      'GET /api/v1/conversations?since=0',
      'GET /api/v1/groups?',
      'GET /api/v1/groups?',
      'GET /api/v1/profile?',
    ]);
    expect(FakeSocket.last.url).toBe('ws://parley.test/ws?userSig=sig-good');

    // The profile fetched to verify the userSig is served from the cache.
    await expect(chat.getMyProfile()).resolves.toEqual({ code: 0, data: PROFILE });
    expect(server.requests).toHaveLength(6);
  });

  it('resolves repeatLogin true when already logged in', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const again = await chat.login({ userID: 'zhangwei', userSig: GOOD_SIG });
    expect(again.data.repeatLogin).toBe(true);
  });

  it('rejects a second login while one is pending with 2025', async () => {
    const { chat } = newChat();
    const first = chat.login({ userID: 'zhangwei', userSig: GOOD_SIG });
    await expect(chat.login({ userID: 'zhangwei', userSig: GOOD_SIG })).rejects.toMatchObject({ code: 2025 });
    await first;
  });

  it('rejects with the server code on 401 and emits nothing', async () => {
    const { chat } = newChat({
      'GET /api/v1/profile': () => ({
        status: 401,
        body: { code: 70001, message: 'userSig expired', data: { at: 1 } },
      }),
    });
    const events = recordEvents(chat, LIFECYCLE);
    const err = await chat.login({ userID: 'zhangwei', userSig: GOOD_SIG }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: 70001, message: 'userSig expired', data: { at: 1 } });
    expect(events).toEqual([]);
    expect(chat.isReady()).toBe(false);
  });

  it('rejects with 70013 when the userSig belongs to another user', async () => {
    const { chat } = newChat();
    await expect(chat.login({ userID: 'lina', userSig: GOOD_SIG })).rejects.toMatchObject({ code: 70013 });
  });

  it('emits SDK_NOT_READY on logout', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const events = recordEvents(chat, LIFECYCLE);
    await expect(chat.logout()).resolves.toEqual({ code: 0, data: {} });
    expect(chat.isReady()).toBe(false);
    // CMP2: logout resolves first, SDK_NOT_READY follows in a later task.
    expect(events).toEqual([]);
    await nextEvent(chat, EVENT.SDK_NOT_READY);
    expect(events.map((e) => e.name)).toEqual([EVENT.SDK_NOT_READY]);
    expect(chat.getLoginUser()).toBe('');
  });
});
