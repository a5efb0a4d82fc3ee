import { afterEach, describe, expect, it } from 'vitest';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat, nextEvent, recordEvents } from './helpers.ts';

const { EVENT } = TencentCloudChat;

afterEach(destroyInstances);

async function readyChat(overrides: Parameters<typeof newChat>[0] = {}) {
  const made = newChat(overrides);
  await loginReady(made.chat, { userID: 'zhangwei', userSig: GOOD_SIG });
  return made;
}

describe('error mapping', () => {
  it('maps a failed fetch to 2800', async () => {
    const { chat } = newChat({ 'GET /api/v1/profile': () => new TypeError('fetch failed') });
    const err = await chat.login({ userID: 'zhangwei', userSig: GOOD_SIG }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 2800, data: { reason: 'fetch failed' } });
  });

  it('maps a timeout to 2801', async () => {
    const timeout = new DOMException('timed out', 'TimeoutError');
    const { chat } = newChat({ 'GET /api/v1/profile': () => timeout });
    await expect(chat.login({ userID: 'zhangwei', userSig: GOOD_SIG })).rejects.toMatchObject({ code: 2801 });
  });

  it('maps a non-JSON error page to 2800 with the status', async () => {
    const { chat } = newChat({ 'GET /api/v1/profile': () => ({ status: 502, raw: '<html>Bad gateway</html>' }) });
    await expect(chat.login({ userID: 'zhangwei', userSig: GOOD_SIG })).rejects.toMatchObject({
      code: 2800,
      data: { status: 502 },
    });
  });

  it('keeps the server code, message and data of a JSON error body', async () => {
    const { chat } = await readyChat({
      'PATCH /api/v1/profile': () => ({
        status: 400,
        body: { code: 40001, message: 'bad nick', data: { field: 'nick' } },
      }),
    });
    await expect(chat.updateMyProfile({ nick: 'x' })).rejects.toMatchObject({
      code: 40001,
      message: 'bad nick',
      data: { field: 'nick' },
    });
  });

  it('defaults data to {} when the server sends none', async () => {
    const { chat } = await readyChat({
      'POST /api/v1/profiles/query': () => ({ status: 500, body: { code: 20005, message: 'oops' } }),
    });
    await expect(chat.getUserProfile({ userIDList: ['lina'] })).rejects.toMatchObject({ code: 20005, data: {} });
  });

  it('treats an expired userSig after ready as a kick (KICKED_OUT, then SDK_NOT_READY)', async () => {
    const { chat } = await readyChat({
      'POST /api/v1/profiles/query': () => ({ status: 401, body: { code: 70001, message: 'expired' } }),
    });
    const events = recordEvents(chat, [EVENT.KICKED_OUT, EVENT.SDK_NOT_READY]);
    const notReady = nextEvent(chat, EVENT.SDK_NOT_READY);
    await expect(chat.getUserProfile({ userIDList: ['lina'] })).rejects.toMatchObject({ code: 70001 });
    await notReady;
    expect(events).toEqual([
      { name: EVENT.KICKED_OUT, data: { type: 'userSigExpired' } },
      { name: EVENT.SDK_NOT_READY, data: undefined },
    ]);
    await expect(chat.getMyProfile()).rejects.toMatchObject({ code: 3004 });
  });
});

describe('profile and features', () => {
  it('updateMyProfile resolves the profile and emits PROFILE_UPDATED', async () => {
    const { chat, server } = await readyChat();
    const events = recordEvents(chat, [EVENT.PROFILE_UPDATED]);
    const res = await chat.updateMyProfile({ nick: '小张', level: 3 });
    expect(res.data.nick).toBe('小张');
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { nick: '小张' } });
    expect(events).toEqual([{ name: EVENT.PROFILE_UPDATED, data: [res.data] }]);
    expect((await chat.getMyProfile()).data.nick).toBe('小张');
  });

  it('updateMyProfile with nothing Parley stores rejects with 2722', async () => {
    const { chat } = await readyChat();
    await expect(chat.updateMyProfile({ level: 3 })).rejects.toMatchObject({ code: 2722 });
  });

  it('getUserProfile resolves a Profile[]', async () => {
    const { chat } = await readyChat();
    const res = await chat.getUserProfile({ userIDList: ['lina', 'wangfang'] });
    expect(res.code).toBe(0);
    expect(res.data.map((p) => p.userID)).toEqual(['lina', 'wangfang']);
  });

  it('CMP8 abilities answer truly from the moment login() resolves, before SDK_READY (as the official engine asks)', async () => {
    const { chat } = newChat({
      'GET /api/v1/features': () => ({ status: 200, body: { features: { readReceipt: true, onlineStatus: true } } }),
    });
    const ability = (bit: number) => chat.callExperimentalAPI('isCommercialAbilityEnabled', bit);
    // Before login there is no user to ask for.
    await expect(ability(2 ** 5)).resolves.toEqual({ code: 0, data: { enabled: false } });
    const ready = nextEvent(chat, TencentCloudChat.EVENT.SDK_READY);
    await chat.login({ userID: 'zhangwei', userSig: GOOD_SIG });
    expect(chat.isReady()).toBe(false);
    const answers = await Promise.all([ability(2 ** 5), ability(2 ** 7), ability(2 ** 38)]);
    expect(answers.map((a) => (a as { data: { enabled: boolean } }).data.enabled)).toEqual([true, true, false]);
    await ready;
  });

  it('CMP8 isCommercialAbilityEnabled needs the server feature and every method of the ability', async () => {
    const { chat } = await readyChat({
      'GET /api/v1/features': () => ({
        status: 200,
        body: { features: { readReceipt: true, onlineStatus: true, messageReaction: true } },
      }),
    });
    // The server offers all three and their methods are built: enabled. Translation and an unknown bit: not.
    for (const bit of [2 ** 5, 2 ** 7, 2 ** 48]) {
      await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', bit)).resolves.toEqual({
        code: 0,
        data: { enabled: true },
      });
    }
    for (const bit of [2 ** 38, 3]) {
      await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', bit)).resolves.toEqual({
        code: 0,
        data: { enabled: false },
      });
    }
    await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', 'onlineStatus')).resolves.toMatchObject({
      data: { enabled: true },
    });
    // One method of an ability missing (here: shadowed on the instance by a not-yet stub) turns it off.
    const built = chat as unknown as Record<string, unknown>;
    built.setSelfStatus = (Object.getPrototypeOf(chat) as Record<string, unknown>).followUser;
    await expect(chat.callExperimentalAPI('isCommercialAbilityEnabled', 2 ** 7)).resolves.toEqual({
      code: 0,
      data: { enabled: false },
    });
    delete built.setSelfStatus;
    const { chat: off } = await readyChat({
      'GET /api/v1/features': () => ({ status: 200, body: { features: { onlineStatus: false } } }),
    });
    await expect(off.callExperimentalAPI('isCommercialAbilityEnabled', 2 ** 7)).resolves.toMatchObject({
      data: { enabled: false },
    });
    await expect(chat.callExperimentalAPI('noSuchKey')).rejects.toMatchObject({ code: 2905 });
  });
});
