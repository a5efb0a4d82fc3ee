import TencentCloudChat, { type Message } from '@parley/chat';
import { describe, expect, it } from 'vitest';
import { loggedIn } from './support/client.ts';
import { BACKENDS, makeUsers, useServer } from './support/server.ts';
import { callRecords, signalLog } from './support/signaling.ts';

const { TSignaling, TYPES } = TencentCloudChat;
const video = JSON.stringify({ call_type: 2 });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (err: { code?: number; data?: unknown }) => err,
  );

describe.each(BACKENDS)('SDK group calls against the real server [%s]', (backend) => {
  const server = useServer(backend);

  /** amy owns a Public group with bob (admin), cat, dan and eve; fay is not in it. */
  async function groupOf() {
    const [a = '', b = '', c = '', d = '', e = '', f = ''] = await makeUsers(
      server,
      'amy',
      'bob',
      'cat',
      'dan',
      'eve',
      'fay',
    );
    const [amy, bob, cat, dan] = await Promise.all([a, b, c, d].map((u) => loggedIn(server, u)));
    if (!amy || !bob || !cat || !dan) throw new Error('clients');
    const memberList = [b, c, d, e].map((userID) => ({ userID }));
    const { groupID } = (await amy.chat.createGroup({ name: 'Calls', type: TYPES.GRP_PUBLIC, memberList })).data.group;
    await amy.chat.setGroupMemberRole({ groupID, userID: b, role: TYPES.GRP_MBR_ROLE_ADMIN });
    return { groupID, ids: { a, b, c, d, e, f }, amy, bob, cat, dan };
  }

  it('SIG27 only current members who are not muted may be invited; under Mute All only the owner and admins', async () => {
    const { groupID, ids, amy, cat } = await groupOf();
    await amy.chat.setGroupMemberMuteTime({ groupID, userID: ids.e, muteTime: 600 });
    const invite = (inviteeList: string[], who = amy) =>
      failure(who.chat.inviteInGroup({ groupID, inviteeList, data: video }));
    expect(await invite([ids.f])).toMatchObject({ code: 2623, data: { userIDList: [ids.f] } });
    expect(await invite([ids.c, ids.e])).toMatchObject({ code: 60051, data: { userIDList: [ids.e] } });
    expect(await invite([ids.a])).toMatchObject({ code: 60003 });
    await amy.chat.updateGroupProfile({ groupID, muteAllMembers: true });
    expect(await invite([ids.c])).toMatchObject({ code: 60051, data: { userIDList: [ids.c] } });
    // A member silenced by Mute All may not start one either.
    expect(await invite([ids.b], cat)).toMatchObject({ code: 10017 });
    const ok = await amy.chat.inviteInGroup({ groupID, inviteeList: [ids.b], data: video });
    expect(ok.code).toBe(0);
  });

  it('SIG30 SIG28 SIG20 a group call: members ring, records go to the group, a member who leaves the group leaves the call', async () => {
    const { groupID, ids, amy, bob, cat, dan } = await groupOf();
    const [amyS, bobS, catS, danS] = [amy, bob, cat, dan].map(signalLog);
    if (!amyS || !bobS || !catS || !danS) throw new Error('logs');
    const { inviteID } = (await amy.chat.inviteInGroup({ groupID, inviteeList: [ids.b, ids.c, ids.d], data: video }))
      .data;
    for (const s of [bobS, catS, danS])
      expect(await s.waitFor(TSignaling.NEW_INVITATION_RECEIVED)).toMatchObject({
        inviteID,
        inviter: ids.a,
        groupID,
        inviteeList: [ids.b, ids.c, ids.d],
      });
    await bob.chat.accept({ inviteID });
    await cat.chat.accept({ inviteID });
    expect(await danS.waitFor(TSignaling.INVITEE_ACCEPTED, (d) => d.invitee === ids.c)).toMatchObject({ groupID });
    // dan, still ringing, quits the group: his ring stops; cat, in the call, quits too: the others see her go.
    await dan.chat.quitGroup(groupID);
    expect(await danS.waitFor(TSignaling.PARLEY_RINGING_STOPPED)).toEqual({ inviteID, reason: 'left' });
    await cat.chat.quitGroup(groupID);
    expect(await amyS.waitFor(TSignaling.PARLEY_PARTICIPANT_LEFT, (d) => d.userID === ids.c)).toMatchObject({
      inviteID,
      groupID,
    });
    expect(await failure(cat.chat.sendCallMediaSignal({ inviteID, userID: ids.a, data: 'x' }))).toMatchObject({
      code: 8011,
    });
    // amy hangs up: bob is still in with nobody: the call ends with its duration.
    await amy.chat.hangup({ inviteID });
    const ended = await bobS.waitFor(TSignaling.PARLEY_CALL_ENDED);
    expect(ended).toMatchObject({ inviteID, groupID, reason: 'hangup', userID: ids.a });
    const { data } = await bob.chat.getMessageList({ conversationID: `GROUP${groupID}` });
    const list = callRecords(bob, data.messageList as Message[]);
    expect(list.map((r) => [r.info?.actionType, r.message.from])).toEqual([
      [1, ids.a],
      [3, ids.b],
      [3, ids.c],
      [1, ids.a],
    ]);
    expect(list.every((r) => r.info?.groupID === groupID)).toBe(true);
  });

  it('SIG28 removing the caller from the group before anyone answered cancels the ring for everyone', async () => {
    const { groupID, ids, amy, bob, cat } = await groupOf();
    const catS = signalLog(cat);
    const { inviteID } = (await bob.chat.inviteInGroup({ groupID, inviteeList: [ids.c], data: video })).data;
    await catS.waitFor(TSignaling.NEW_INVITATION_RECEIVED);
    await amy.chat.deleteGroupMember({ groupID, userIDList: [ids.b] });
    expect(await catS.waitFor(TSignaling.INVITATION_CANCELLED)).toMatchObject({ inviteID, inviteeList: [ids.c] });
    expect(await catS.waitFor(TSignaling.PARLEY_CALL_ENDED)).toMatchObject({ inviteID, reason: 'cancelled' });
  });
});
