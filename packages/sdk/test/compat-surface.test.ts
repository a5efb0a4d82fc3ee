import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { installNotYet, isBuilt, NOT_YET_CODE, NOT_YET_METHODS } from '../src/compat/not-yet.ts';
import { readSignalingInfo } from '../src/compat/signaling-info.ts';
import TencentCloudChat from '../src/index.ts';
import { fakeFetch, GOOD_SIG } from './fake-fetch.ts';
import { FakeSocket } from './fake-socket.ts';
import { destroyInstances, FAST, loginReady, newChat } from './helpers.ts';

const { TYPES } = TencentCloudChat;

afterEach(destroyInstances);

const call = (chat: object, name: string, ...args: unknown[]) =>
  (chat as Record<string, (...a: unknown[]) => unknown>)[name]?.call(chat, ...args);

describe('the whole reference surface (decision 0014)', () => {
  it('CMP5 a not-yet method rejects with 2998 naming the method, never throws, before and after login', async () => {
    const { chat } = newChat();
    const notYet = NOT_YET_METHODS.filter((name) => !isBuilt(chat, name));
    expect(notYet.length).toBeGreaterThan(0);
    const check = async () => {
      for (const name of notYet) {
        let result: unknown;
        expect(() => {
          result = call(chat, name, { odd: 'arguments' }, 42);
        }, name).not.toThrow();
        expect(result, name).toBeInstanceOf(Promise);
        await expect(result, name).rejects.toMatchObject({
          code: NOT_YET_CODE,
          message: expect.stringContaining(name),
        });
      }
    };
    await check();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    await check();
  });

  it('CMP6 a real method wins over its stub, whether it was installed before or after the stubs', async () => {
    class Before {
      addFriend() {
        return 'real';
      }
    }
    installNotYet(Before.prototype);
    expect(new Before().addFriend()).toBe('real');
    expect(isBuilt(Before.prototype, 'addFriend')).toBe(true);
    class After {}
    installNotYet(After.prototype);
    expect(isBuilt(After.prototype, 'addFriend')).toBe(false);
    Object.assign(After.prototype, { addFriend: () => 'merged later' });
    expect((new After() as { addFriend: () => string }).addFriend()).toBe('merged later');
    expect(isBuilt(After.prototype, 'addFriend')).toBe(true);
  });

  it('CMP7 getSignalingInfo: null for any message that is not an invitation, never an exception', () => {
    const anyMessage = fc.record(
      {
        type: fc.oneof(fc.constant(TYPES.MSG_CUSTOM), fc.string()),
        payload: fc.oneof(
          fc.record({ data: fc.oneof(fc.string(), fc.json(), fc.anything()), description: fc.anything() }),
          fc.anything(),
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyMessage, fc.anything()), (message) => {
        const info = readSignalingInfo(message);
        // A result is only ever a well-formed invitation.
        if (info !== null) expect(info.businessID).toBe(1);
      }),
    );
    expect(
      readSignalingInfo({ type: TYPES.MSG_CUSTOM, payload: { data: '{"businessID":"user_typing_status"}' } }),
    ).toBe(null);
    expect(readSignalingInfo({ type: TYPES.MSG_CUSTOM, payload: { data: '{"businessID":1' } })).toBe(null);
    expect(readSignalingInfo(null)).toBe(null);
  });

  it('CMP7 getSignalingInfo reads a signalling record carried by a custom message', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    const data = JSON.stringify({
      businessID: 1,
      inviteID: 'inv-1',
      inviter: 'lina',
      actionType: 1,
      inviteeList: ['zhangwei', 7],
      data: '{"call_type":1}',
      timeout: 30,
    });
    const message = chat.createCustomMessage({ to: 'lina', conversationType: TYPES.CONV_C2C, payload: { data } });
    expect(chat.getSignalingInfo(message)).toEqual({
      businessID: 1,
      inviteID: 'inv-1',
      inviter: 'lina',
      actionType: 1,
      groupID: '',
      inviteeList: ['zhangwei'],
      data: '{"call_type":1}',
      timeout: 30,
    });
    const plain = chat.createCustomMessage({ to: 'lina', conversationType: TYPES.CONV_C2C, payload: { data: 'x' } });
    expect(chat.getSignalingInfo(plain)).toBeNull();
    expect(
      chat.getSignalingInfo(chat.createTextMessage({ to: 'lina', conversationType: 'C2C', payload: { text: 'hi' } })),
    ).toBeNull();
  });

  it('CMP7 the signalling listener methods are synchronous and accept listeners', () => {
    const { chat } = newChat();
    const handler = () => undefined;
    expect(chat.addSignalingListener(TencentCloudChat.TSignaling.NEW_INVITATION_RECEIVED, handler)).toBeUndefined();
    expect(chat.removeSignalingListener(TencentCloudChat.TSignaling.NEW_INVITATION_RECEIVED, handler)).toBeUndefined();
  });
});

describe('callExperimentalAPI keys (decision 0014)', () => {
  it('CMP8 canIUseModule, isIntl and getServerConfig answer synchronously; modules follow their methods', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    expect(chat.callExperimentalAPI('canIUseModule', 'group-module')).toBe(true);
    expect(chat.callExperimentalAPI('canIUseModule', 'relationship-module')).toBe(true);
    // Signalling is built (decision 0038).
    expect(chat.callExperimentalAPI('canIUseModule', 'signaling-module')).toBe(true);
    expect(chat.callExperimentalAPI('canIUseModule', 'no-such-module')).toBe(false);
    expect(chat.callExperimentalAPI('canIUseModule', 'constructor')).toBe(false);
    expect(chat.callExperimentalAPI('isIntl')).toBe(false);
    expect(chat.callExperimentalAPI('getServerConfig')).toEqual({ code: 0, data: {} });
    // A module's answer flips when its methods land.
    const built = chat as unknown as Record<string, unknown>;
    for (const name of ['invite', 'inviteInGroup', 'cancel', 'accept', 'reject', 'modifyInvitation']) {
      built[name] = async () => ({ code: 0, data: {} });
    }
    expect(chat.callExperimentalAPI('canIUseModule', 'signaling-module')).toBe(true);
  });

  it('CMP8 cloud-only keys resolve as no-ops; keys of missing features reject 2998; unknown keys 2905', async () => {
    const { chat } = newChat();
    await expect(chat.callExperimentalAPI('statTUIKeyFeatures', {})).resolves.toEqual({ code: 0, data: {} });
    await expect(chat.callExperimentalAPI('setApplicationID', 1)).resolves.toEqual({ code: 0, data: {} });
    await expect(chat.callExperimentalAPI('sendTRTCCustomData', {})).rejects.toMatchObject({
      code: NOT_YET_CODE,
      message: expect.stringContaining('sendTRTCCustomData'),
    });
    await expect(chat.callExperimentalAPI('noSuchKey')).rejects.toMatchObject({ code: 2905 });
    // Before login there is no feature set: every ability is off.
    await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', 2 ** 48)).resolves.toEqual({
      code: 0,
      data: { enabled: false },
    });
  });
});

describe('what Tencent’s kits call (decision 0044)', () => {
  it('CMP25 reportTUIFeatureUsage, the kits’ usage statistics, resolves as a no-op before and after login', async () => {
    const { chat } = newChat();
    const report = () => chat.callExperimentalAPI('reportTUIFeatureUsage', { atomicStoreID: 1 });
    await expect(report()).resolves.toEqual({ code: 0, data: {} });
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    await expect(report()).resolves.toEqual({ code: 0, data: {} });
  });
});

describe('Node and browser alike (decision 0014)', () => {
  it('CMP10 without options the server is the page’s origin and the WebSocket the environment’s', async () => {
    const g = globalThis as { location?: unknown; WebSocket?: unknown };
    const saved = { location: g.location, WebSocket: g.WebSocket };
    const server = fakeFetch();
    const origins = new Set<string>();
    const fetch: typeof server.fetch = (input, init) => {
      origins.add(new URL(String(input)).origin);
      return server.fetch(input, init);
    };
    g.location = { origin: 'http://page.example' };
    g.WebSocket = FakeSocket;
    try {
      const chat = TencentCloudChat.create({ SDKAppID: 1_400_009_903, fetch, timing: FAST });
      chat.setLogLevel(4);
      await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
      expect([...origins]).toEqual(['http://page.example']);
      expect(FakeSocket.last.url).toBe('ws://page.example/ws?userSig=sig-good');
      await chat.destroy();
    } finally {
      g.location = saved.location;
      g.WebSocket = saved.WebSocket;
    }
  });
});
