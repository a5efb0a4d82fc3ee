import { isNotYet } from '../src/compat/not-yet.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatSDK } from '../src/chat.ts';
import { READY_WHITELIST } from '../src/core/guard.ts';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

const { EVENT } = TencentCloudChat;

afterEach(destroyInstances);

describe('not-ready guard (reference §2.1)', () => {
  it('rejects non-whitelisted APIs with 2999 before login, without any request', async () => {
    const { chat, server } = newChat();
    for (const [api, call] of [
      ['getMyProfile', () => chat.getMyProfile()],
      ['getUserProfile', () => chat.getUserProfile({ userIDList: ['lina'] })],
      ['updateMyProfile', () => chat.updateMyProfile({ nick: 'x' })],
    ] as const) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 2999, data: {} });
      expect((err as Error).message).toMatch(new RegExp(`\\| ${api} \\| SDK is not ready$`));
    }
    expect(server.requests).toEqual([]);
  });

  it('guards every public method that is not on the whitelist', async () => {
    const { chat } = newChat();
    // Not-yet stubs answer 2998 whatever the state (CMP5); getSignalingInfo is a pure reader of a message (CMP7);
    // the signalling callback forms return the inviteID at once and report 2999 to their failure callback (below).
    const callbackForms = ['inviteSync', 'inviteInGroupSync'];
    const methods = Object.getOwnPropertyNames(ChatSDK.prototype).filter(
      (name) =>
        name !== 'constructor' &&
        name !== 'getSignalingInfo' &&
        !callbackForms.includes(name) &&
        !READY_WHITELIST.has(name) &&
        !isNotYet(ChatSDK.prototype, name),
    );
    expect(methods.length).toBeGreaterThan(0);
    for (const name of methods) {
      const method = (chat as unknown as Record<string, (arg: unknown) => Promise<unknown>>)[name];
      await expect(method?.call(chat, {}), name).rejects.toMatchObject({ code: 2999 });
    }
    for (const name of callbackForms) {
      const method = (chat as unknown as Record<string, (...args: unknown[]) => unknown>)[name];
      const failed = new Promise((resolve) => {
        const inviteID = method?.call(chat, { userID: 'lina' }, () => resolve('succeeded'), resolve);
        expect(typeof inviteID, name).toBe('string');
      });
      await expect(failed, name).resolves.toMatchObject({ code: 2999 });
    }
  });

  it('lets whitelisted APIs run before login', async () => {
    const { chat } = newChat();
    expect(chat.isReady()).toBe(false);
    expect(chat.getLoginUser()).toBe('');
    expect(() => chat.setLogLevel(2)).not.toThrow();
    expect(() => chat.registerPlugin({ 'tim-upload-plugin': {} })).not.toThrow();
    const handler = () => {};
    chat.on(EVENT.SDK_READY, handler);
    chat.off(EVENT.SDK_READY, handler);
    await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', 2 ** 5)).resolves.toEqual({
      code: 0,
      data: { enabled: false },
    });
  });

  it('reports 3005 as the reason after logout', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    await chat.logout();
    await expect(chat.getMyProfile()).rejects.toMatchObject({ code: 3005 });
  });

  it('reports 3001 as the reason after a failed login', async () => {
    const { chat } = newChat();
    await expect(chat.login({ userID: 'zhangwei', userSig: 'forged' })).rejects.toMatchObject({ code: 70003 });
    await expect(chat.getMyProfile()).rejects.toMatchObject({ code: 3001 });
  });

  it('rejects logout with 2024 when nobody is logged in', async () => {
    const { chat } = newChat();
    await expect(chat.logout()).rejects.toMatchObject({ code: 2024 });
  });

  it('throws synchronously on invalid parameters once ready', async () => {
    const { chat } = newChat();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    expect(() => chat.getUserProfile({ userIDList: 'lina' as unknown as string[] })).toThrow('Params validate failed.');
  });
});
