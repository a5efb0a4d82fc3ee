import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn, type TestClient } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';
import { callRecords, recordOf, signalLog } from './support/signaling.ts';

const { TSignaling, TYPES } = TencentCloudChat;
const voice = JSON.stringify({ call_type: 1, room_id: 7 });

/** The call records of a conversation as `client` reads them, oldest first. */
async function records(client: TestClient, conversationID: string) {
  const { data } = await client.chat.getMessageList({ conversationID });
  return callRecords(client, data.messageList as Message[]);
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (err: { code?: number; data?: unknown }) => err,
  );

describe.each(BACKENDS)('SDK calls signalling against the real server [%s]', (backend) => {
  const server = useServer(backend);

  it('SIG12 SIG15 SIG19 invite, accept, hang up: events on both sides, one record per step and the duration at the end', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const [amyS, bobS] = [signalLog(amy), signalLog(bob)];
    const { code, data } = await amy.chat.invite({ userID: b, data: voice, timeout: 30 });
    expect(code).toBe(0);
    const inviteID = data.inviteID;
    const rung = await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    expect(rung).toEqual({ inviteID, inviter: a, groupID: '', inviteeList: [b], data: voice, timeout: 30 });
    await bob.chat.accept({ inviteID, data: '{"ok":1}' });
    expect(await amyS.waitFor(TSignaling.INVITEE_ACCEPTED)).toMatchObject({
      inviteID,
      inviter: a,
      invitee: b,
      data: '{"ok":1}',
    });
    server.advanceClock(5_000);
    await amy.chat.hangup({ inviteID });
    for (const s of [amyS, bobS]) {
      const ended = await s.waitFor(TSignaling.PARLEY_CALL_ENDED);
      expect(ended).toMatchObject({ inviteID, userID: a, reason: 'hangup' });
      expect(ended.callEnd).toBeGreaterThanOrEqual(5);
    }
    const list = await records(bob, `C2C${a}`);
    expect(list.map((r) => [r.info?.actionType, r.message.from])).toEqual([
      [1, a],
      [3, b],
      [1, a],
    ]);
    expect(list[0]?.info).toEqual({
      businessID: 1,
      inviteID,
      inviter: a,
      actionType: 1,
      groupID: '',
      inviteeList: [b],
      data: voice,
      timeout: 30,
    });
    const last = list[2]?.message as Message;
    expect(recordOf(last)).toMatchObject({ call_type: 1, version: 4, call_end: expect.any(Number) });
    expect(JSON.parse(String(recordOf(last).data))).toMatchObject({
      call_type: 1,
      room_id: 7,
      call_end: expect.any(Number),
    });
    // SIG12: the call is over; answering it again is refused with its state.
    expect(await failure(bob.chat.accept({ inviteID }))).toMatchObject({ code: 60050 });
    expect(await failure(amy.chat.hangup({ inviteID }))).toMatchObject({ code: 60050 });
  });

  it('SIG12 SIG11 reject and cancel: the caller and the callee each see the other, and a finished invitation refuses answers', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const [amyS, bobS] = [signalLog(amy), signalLog(bob)];
    const first = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED, (d) => d.inviteID === first);
    expect(await failure(amy.chat.accept({ inviteID: first }))).toMatchObject({ code: 8011 });
    expect(await failure(bob.chat.cancel({ inviteID: first }))).toMatchObject({ code: 8020 });
    await bob.chat.reject({ inviteID: first, data: 'no' });
    expect(await amyS.waitFor(TSignaling.INVITEE_REJECTED)).toMatchObject({
      inviteID: first,
      invitee: b,
      data: 'no',
      busy: false,
    });
    expect(await amyS.waitFor(TSignaling.PARLEY_CALL_ENDED)).toMatchObject({
      inviteID: first,
      reason: 'rejected',
      callEnd: 0,
    });
    expect(await failure(bob.chat.accept({ inviteID: first }))).toMatchObject({
      code: 60050,
      data: { state: 'rejected' },
    });
    expect(await failure(amy.chat.cancel({ inviteID: first }))).toMatchObject({ code: 60050 });

    const second = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED, (d) => d.inviteID === second);
    await amy.chat.cancel({ inviteID: second });
    expect(await bobS.waitFor(TSignaling.INVITATION_CANCELLED)).toMatchObject({ inviteID: second, inviter: a });
    expect(await failure(bob.chat.accept({ inviteID: second }))).toMatchObject({
      code: 60050,
      data: { state: 'cancelled' },
    });
    expect(await failure(bob.chat.accept({ inviteID: 'no-such-invitation' }))).toMatchObject({ code: 8010 });
    const list = await records(amy, `C2C${b}`);
    expect(list.map((r) => [r.info?.inviteID, r.info?.actionType, r.message.from])).toEqual([
      [first, 1, a],
      [first, 4, b],
      [second, 1, a],
      [second, 2, a],
    ]);
  });

  it('SIG7 SIG8 SIG9 the server times an invitation out even when the caller closed the tab; answers after it are refused', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const [amyS, bobS] = [signalLog(amy), signalLog(bob)];
    const inviteID = (await amy.chat.invite({ userID: b, data: voice, timeout: 1 })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    expect(await amyS.waitFor(TSignaling.INVITATION_TIMEOUT)).toMatchObject({
      inviteID,
      inviteeList: [b],
      isSelfTimeout: false,
    });
    expect(await bobS.waitFor(TSignaling.INVITATION_TIMEOUT)).toMatchObject({
      inviteID,
      inviteeList: [b],
      isSelfTimeout: true,
    });
    expect(await bobS.waitFor(TSignaling.PARLEY_RINGING_STOPPED)).toEqual({ inviteID, reason: 'timeout' });
    expect(await failure(bob.chat.accept({ inviteID }))).toMatchObject({ code: 60050, data: { state: 'timeout' } });

    // The caller's tab is gone: the callee's ring still ends, by the server's clock.
    const gone = (await amy.chat.invite({ userID: b, data: voice, timeout: 1 })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED, (d) => d.inviteID === gone);
    await amy.chat.destroy();
    expect(await bobS.waitFor(TSignaling.INVITATION_TIMEOUT, (d) => d.inviteID === gone)).toMatchObject({
      isSelfTimeout: true,
    });
    const list = await records(bob, `C2C${a}`);
    expect(list.map((r) => [r.info?.inviteID, r.info?.actionType, r.message.from])).toEqual([
      [inviteID, 1, a],
      [inviteID, 5, a],
      [gone, 1, a],
      [gone, 5, a],
    ]);
  });

  it('SIG14 a user already in a call answers "busy": the caller gets a reject it can name, the busy user does not ring', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const [amy, bob, cat] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
    const [bobS, catS] = [signalLog(bob), signalLog(cat)];
    const call = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    await bob.chat.accept({ inviteID: call });
    const mark = bobS.mark();
    const inviteID = (await cat.chat.invite({ userID: b, data: JSON.stringify({ call_type: 2 }) })).data.inviteID;
    const rejected = await catS.waitFor(TSignaling.INVITEE_REJECTED);
    expect(rejected).toMatchObject({ inviteID, invitee: b, busy: true });
    expect(JSON.parse(String(rejected.data))).toEqual({ call_type: 2, line_busy: 'line_busy' });
    expect(await catS.waitFor(TSignaling.PARLEY_CALL_ENDED)).toMatchObject({ inviteID, reason: 'busy' });
    const list = await records(cat, `C2C${b}`);
    expect(list.map((r) => [r.info?.actionType, r.message.from])).toEqual([
      [1, c],
      [4, b],
    ]);
    expect(bobS.events.slice(mark).map((e) => e.name)).not.toContain(TSignaling.NEW_INVITATION_RECEIVED);
  });

  it('SIG21 SIG22 every device of the invitee rings; the first answer wins and the other device stops with a reason', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob1, bob2] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, b)]);
    const [s1, s2] = [signalLog(bob1), signalLog(bob2)];
    const accepted = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await Promise.all([s1.waitFor(TSignaling.NEW_INVITATION_RECEIVED), s2.waitFor(TSignaling.NEW_INVITATION_RECEIVED)]);
    await bob1.chat.accept({ inviteID: accepted });
    expect(await s2.waitFor(TSignaling.PARLEY_RINGING_STOPPED)).toEqual({
      inviteID: accepted,
      reason: 'accepted_elsewhere',
    });
    expect(await failure(bob2.chat.accept({ inviteID: accepted }))).toMatchObject({
      code: 60050,
      data: { state: 'accepted' },
    });
    expect(s1.named(TSignaling.PARLEY_RINGING_STOPPED)).toEqual([]);
    await bob1.chat.hangup({ inviteID: accepted });
    await s2.waitFor(TSignaling.PARLEY_CALL_ENDED, (d) => d.inviteID === accepted);

    const rejected = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await s1.waitFor(TSignaling.NEW_INVITATION_RECEIVED, (d) => d.inviteID === rejected);
    await s2.waitFor(TSignaling.NEW_INVITATION_RECEIVED, (d) => d.inviteID === rejected);
    await bob2.chat.reject({ inviteID: rejected });
    expect(await s1.waitFor(TSignaling.PARLEY_RINGING_STOPPED, (d) => d.inviteID === rejected)).toEqual({
      inviteID: rejected,
      reason: 'rejected_elsewhere',
    });
  });

  it('SIG25 a device that logs in while an invitation rings rings too', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const amy = await loggedIn(server, a);
    const inviteID = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    const bob = await loggedIn(server, b);
    // The listener is added after SDK_READY: the ring is read then, so it is waited for (push is a hint).
    const bobS = signalLog(bob);
    await bob.chat.logout();
    await bob.chat.login({ userID: b, userSig: await server.userSig(b) });
    expect(await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED)).toMatchObject({ inviteID, inviter: a });
  });

  it('SIG13 SIG23 SIG18 modifyInvitation reaches the invitee; an online-only invitation leaves no record; getSignalingInfo is null for other messages', async () => {
    const [a = '', b = ''] = await makeUsers(server, 'amy', 'bob');
    const [amy, bob] = await Promise.all([loggedIn(server, a), loggedIn(server, b)]);
    const bobS = signalLog(bob);
    const inviteID = (await amy.chat.invite({ userID: b, data: voice, onlineUserOnly: true })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    expect(await failure(bob.chat.modifyInvitation({ inviteID, data: 'x' }))).toMatchObject({ code: 8011 });
    await amy.chat.modifyInvitation({ inviteID, data: '{"call_type":2}' });
    expect(await bobS.waitFor(TSignaling.INVITATION_MODIFIED)).toMatchObject({ inviteID, data: '{"call_type":2}' });
    await amy.chat.cancel({ inviteID });
    await bobS.waitFor(TSignaling.INVITATION_CANCELLED);
    const text = amy.chat.createTextMessage({ to: b, conversationType: TYPES.CONV_C2C, payload: { text: 'hi' } });
    await amy.chat.sendMessage(text);
    const { data } = await bob.chat.getMessageList({ conversationID: `C2C${a}` });
    expect(data.messageList.map((m) => bob.chat.getSignalingInfo(m))).toEqual([null]);
  });

  it('SIG31 SIG32 SIG33 SIG35 media signals go between two participants of a live call only, and are never stored', async () => {
    const [a = '', b = '', c = ''] = await makeUsers(server, 'amy', 'bob', 'cat');
    const [amy, bob, cat] = await Promise.all([loggedIn(server, a), loggedIn(server, b), loggedIn(server, c)]);
    const [amyS, bobS] = [signalLog(amy), signalLog(bob)];
    const inviteID = (await amy.chat.invite({ userID: b, data: voice })).data.inviteID;
    await bobS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    const offer = JSON.stringify({ type: 'offer', sdp: 'v=0\r\n'.repeat(100) });
    expect(await amy.chat.sendCallMediaSignal({ inviteID, userID: b, data: offer })).toEqual({ code: 0, data: {} });
    expect(await bobS.waitFor(TSignaling.PARLEY_MEDIA_SIGNAL)).toEqual({ inviteID, fromUserID: a, data: offer });
    await bob.chat.accept({ inviteID });
    await bob.chat.sendCallMediaSignal({ inviteID, userID: a, data: '{"candidate":"x"}' });
    expect(await amyS.waitFor(TSignaling.PARLEY_MEDIA_SIGNAL)).toEqual({
      inviteID,
      fromUserID: b,
      data: '{"candidate":"x"}',
    });
    // Not a participant, to a non-participant, to oneself, an unknown invitation.
    expect(await failure(cat.chat.sendCallMediaSignal({ inviteID, userID: b, data: 'x' }))).toMatchObject({
      code: 8011,
    });
    expect(await failure(amy.chat.sendCallMediaSignal({ inviteID, userID: c, data: 'x' }))).toMatchObject({
      code: 8011,
    });
    expect(await failure(amy.chat.sendCallMediaSignal({ inviteID, userID: a, data: 'x' }))).toMatchObject({
      code: 8011,
    });
    expect(await failure(amy.chat.sendCallMediaSignal({ inviteID: 'nope', userID: b, data: 'x' }))).toMatchObject({
      code: 8010,
    });
    // Over 16 KB: refused by the SDK, and by the server for a client that does not check.
    expect(await failure(amy.chat.sendCallMediaSignal({ inviteID, userID: b, data: 'x'.repeat(16_385) }))).not.toBe(
      'resolved',
    );
    const raw = await server.app.inject({
      method: 'POST',
      url: '/api/v1/calls/media',
      headers: { authorization: `Bearer ${await server.userSig(a)}` },
      payload: { inviteID, userID: b, data: 'x'.repeat(16_385) },
    });
    expect(raw.json()).toMatchObject({ code: 60003 });
    await amy.chat.hangup({ inviteID });
    await bobS.waitFor(TSignaling.PARLEY_CALL_ENDED);
    expect(await failure(amy.chat.sendCallMediaSignal({ inviteID, userID: b, data: 'late' }))).toMatchObject({
      code: 8011,
    });
    const stored = (await bob.chat.getMessageList({ conversationID: `C2C${a}` })).data.messageList;
    expect(stored.some((m) => String(m.payload.data ?? '').includes('candidate'))).toBe(false);
  });
});
