import type { Group, GroupApplication, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat, path, R } from './support/groups.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const notices = (list: WireMessage[]) =>
  list.map((m) => [m.payload.operationType, m.payload.operatorID, m.payload.handleMessage ?? '']);

describe.each(KINDS)('group invitations waiting for consent (%s)', (kind) => {
  const open = async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob', 'cat', 'dan']);
    const work = await c.create('amy', { name: 'w', memberList: [{ userID: 'bob' }] });
    expect((await c.call('amy', 'PATCH', path(R.group, work.groupID), { inviteOption: 'NeedPermission' })).code).toBe(
      0,
    );
    const add = (as: string, userIDList: string[]) => c.call(as, 'POST', path(R.members, work.groupID), { userIDList });
    const answer = (as: string, handleAction: string, handleMessage?: string) =>
      c.call(as, 'POST', path(R.handleInvitation, work.groupID), { handleAction, handleMessage });
    const members = async () =>
      (
        (await c.call('amy', 'GET', `${path(R.members, work.groupID)}?count=10`)).json.memberList as {
          userID: string;
        }[]
      )
        .map((m) => m.userID)
        .sort();
    return { c, work, add, answer, members };
  };

  it('GRP23 NeedPermission: an added user is invited (notice 12), becomes a member only by accepting, once; the inviter and owner hear 13', async () => {
    const { c, work, add, answer, members } = await open();
    const invited = await add('bob', ['cat', 'amy']);
    expect([invited.json.successUserIDList, invited.json.pendingUserIDList, invited.json.existedUserIDList]).toEqual([
      [],
      ['cat'],
      ['amy'],
    ]);
    // Inviting again while pending tells nobody twice.
    await add('amy', ['cat']);
    expect(notices(await c.system('cat'))).toEqual([[12, 'bob', '']]);
    expect(await members()).toEqual(['amy', 'bob']);
    const list = (await c.call('cat', 'GET', R.applications)).json.applicationList as GroupApplication[];
    expect(list.map((a) => [a.groupID, a.applicationType, a.applicant, a.userID])).toEqual([
      [work.groupID, 1, 'bob', 'cat'],
    ]);
    // Nobody else answers it: not an admin through the application route, not another user.
    expect(
      (
        await c.call('amy', 'POST', path(R.handleApplication, work.groupID), {
          applicant: 'cat',
          handleAction: 'Agree',
        })
      ).code,
    ).toBe(10024);
    expect((await answer('dan', 'Agree')).code).toBe(10007);
    const agreed = await answer('cat', 'Agree', 'glad to');
    expect((agreed.json.group as Group).groupID).toBe(work.groupID);
    expect(await members()).toEqual(['amy', 'bob', 'cat']);
    expect((await answer('cat', 'Reject')).code).toBe(10024);
    expect((await c.call('cat', 'GET', R.applications)).json.applicationList).toEqual([]);
    // The inviter and the owner are told who answered and how; the tip says the invitee joined.
    expect(notices(await c.system('bob')).slice(-1)).toEqual([[13, 'cat', 'glad to']]);
    expect(notices(await c.system('amy')).slice(-1)).toEqual([[13, 'cat', 'glad to']]);
    const tip = (await c.groupHistory('amy', work.groupID)).at(-1);
    expect([tip?.payload.operationType, tip?.payload.userIDList]).toEqual([1, ['cat']]);
    await c.close();
  });

  it('GRP23 a refused invitation adds no one and tells 14 once, whatever answers race; a dismissed group or an unknown account is refused whole', async () => {
    const { c, work, add, answer, members } = await open();
    // Two devices answering at once: the group row is locked, one answer wins, the other is 10024.
    await add('amy', ['dan']);
    const both = await Promise.all([answer('dan', 'Reject', 'no thanks'), answer('dan', 'Reject', 'no thanks')]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 10024]);
    const refused = both.find((r) => r.code === 0) as Awaited<ReturnType<typeof answer>>;
    expect([refused.code, refused.json.group]).toEqual([0, undefined]);
    expect(await members()).toEqual(['amy', 'bob']);
    expect(notices(await c.system('amy')).filter((n) => n[0] === 14)).toEqual([[14, 'dan', 'no thanks']]);
    expect((await add('amy', ['cat', 'nobody'])).code).toBe(10019);
    expect(notices(await c.system('cat'))).toEqual([]);
    expect((await answer('cat', 'Agree')).code).toBe(10007);
    await add('amy', ['cat']);
    // Back to FreeAccess: members are added at once again.
    await c.call('amy', 'PATCH', path(R.group, work.groupID), { inviteOption: 'FreeAccess' });
    expect((await add('amy', ['dan'])).json.successUserIDList).toEqual(['dan']);
    expect((await answer('cat', 'Sometimes')).code).toBe(60003);
    await c.call('amy', 'POST', path(R.quit, work.groupID));
    await c.call('bob', 'POST', path(R.quit, work.groupID));
    await c.call('dan', 'POST', path(R.quit, work.groupID));
    expect((await answer('cat', 'Agree')).code).toBe(10010);
    await c.close();
  });
});
