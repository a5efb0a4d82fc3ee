import { afterEach, describe, expect, it } from 'vitest';
import type { GroupRow } from '../src/domain/groups/ports.ts';
import type { Storage } from '../src/domain/ports.ts';
import { pgTestUrl, requireService } from './support/services.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'postgres group storage tests');
const kinds: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [['sqlite', freshSqlite]];
if (pgUrl) kinds.push(['postgres', () => freshPostgres(pgUrl)]);

const group = (groupID: string): GroupRow => ({
  groupID,
  type: 'Public',
  name: 'g',
  avatar: '',
  introduction: '',
  notification: '',
  ownerID: 'amy',
  joinOption: 'FreeAccess',
  maxMembers: 10,
  muteAll: false,
  memberCount: 0,
  createdAt: 1,
  infoSeq: 1,
  lastInfoTime: 1,
  dismissed: false,
  attributes: '{}',
  inviteOption: 'DisableInvite',
  customFields: '[]',
});

/** The GroupsRepo port (GRP1) and the conversation rows it leans on, the same on both databases (GUIDE §5.3). */
describe.each(kinds)('GRP1 group storage (%s)', (_kind, open) => {
  let close: () => Promise<void> = async () => undefined;
  afterEach(() => close());

  async function seeded() {
    const s = await open();
    close = s.close;
    const { storage } = s;
    await storage.groups.create(group('g1'));
    await storage.conversations.ensure('group:g1', 'GROUP', 1);
    const users = ['amy', 'bob', 'cat', 'dan'];
    for (const [i, userID] of users.entries()) {
      await storage.groups.addMember({
        groupID: 'g1',
        userID,
        role: i === 0 ? 'Owner' : 'Member',
        joinTime: 10 + i,
        joinSeq: i === 3 ? 2 : 0,
        muteUntil: 0,
        nameCard: '',
        customFields: '[]',
        lastSendTime: 0,
      });
      await storage.conversations.ensureMember({ conversationID: 'group:g1', userID, viewID: 'GROUPg1', peerID: null });
    }
    return storage;
  }

  it('GRP19 GRP21 custom fields and the invite option round-trip; a last send time is only ever raised', async () => {
    const storage = await seeded();
    await storage.groups.update('g1', { inviteOption: 'FreeAccess', customFields: '[{"key":"k","value":"v"}]' });
    const g = await storage.groups.get('g1');
    expect([g?.inviteOption, g?.customFields]).toEqual(['FreeAccess', '[{"key":"k","value":"v"}]']);
    await storage.groups.updateMember('g1', 'bob', { customFields: '[{"key":"lvl","value":"3"}]' });
    await storage.groups.recordLastSend([
      { groupID: 'g1', userID: 'bob', time: 500 },
      { groupID: 'g1', userID: 'amy', time: 200 },
    ]);
    await storage.groups.recordLastSend([{ groupID: 'g1', userID: 'bob', time: 300 }]);
    const [amy, bob, cat] = await storage.groups
      .membersByID('g1', ['amy', 'bob', 'cat'])
      .then((rows) => ['amy', 'bob', 'cat'].map((u) => rows.find((r) => r.userID === u)));
    expect([amy?.lastSendTime, bob?.lastSendTime, cat?.lastSendTime]).toEqual([200, 500, 0]);
    expect(bob?.customFields).toBe('[{"key":"lvl","value":"3"}]');
  });

  it('GRP1 members are paged in join order; roles, mutes and name cards update; managers are owner and admins', async () => {
    const storage = await seeded();
    expect((await storage.groups.members('g1', 1, 2)).map((m) => m.userID)).toEqual(['bob', 'cat']);
    await storage.groups.updateMember('g1', 'cat', { role: 'Admin', muteUntil: 99, nameCard: 'C' });
    expect(await storage.groups.getMember('g1', 'cat')).toMatchObject({ role: 'Admin', muteUntil: 99, nameCard: 'C' });
    expect(await storage.groups.managers('g1')).toEqual(['amy', 'cat']);
    await storage.groups.removeMember('g1', 'bob');
    expect(await storage.groups.allMemberIDs('g1')).toEqual(['amy', 'cat', 'dan']);
    expect((await storage.groups.groupsOf('dan')).map((g) => g.groupID)).toEqual(['g1']);
  });

  it('GRP14 read counts and member pages come from read positions of members who joined before the message', async () => {
    const storage = await seeded();
    await storage.conversations.updateMember('bob', 'GROUPg1', { readSeq: 5 });
    await storage.conversations.updateMember('dan', 'GROUPg1', { readSeq: 1 });
    // Message 2 from amy: bob read it, cat did not, dan joined at 2 and never saw it.
    expect(await storage.groups.readCount('g1', 'group:g1', 'amy', 2)).toEqual({ read: 1, unread: 1 });
    expect(await storage.groups.readCount('g1', 'group:g1', 'amy', 3)).toEqual({ read: 1, unread: 2 });
    const page = (read: boolean, cursor = '') =>
      storage.groups.readMembers('g1', 'group:g1', { sender: 'amy', seq: 3, read, cursor, limit: 1 });
    expect([await page(false), await page(false, 'cat')]).toEqual([['cat'], ['dan']]);
    expect(await page(true)).toEqual(['bob']);
  });

  it('GRP7 applications are put again after an answer and listed only while pending', async () => {
    const storage = await seeded();
    const app = {
      groupID: 'g1',
      applicant: 'eve',
      message: 'hi',
      createdAt: 5,
      status: 'pending',
      handledBy: '',
      kind: 'join' as const,
      inviter: '',
    };
    await storage.groups.putApplication(app);
    await storage.groups.putApplication({ ...app, status: 'Reject', handledBy: 'amy' });
    expect(await storage.groups.pendingApplications(['g1'])).toEqual([]);
    await storage.groups.putApplication({ ...app, message: 'again', createdAt: 6 });
    expect((await storage.groups.pendingApplications(['g1'])).map((a) => a.message)).toEqual(['again']);
  });

  it('GRP13 a user’s group rows come by key range; a removed row is gone; GRP16 trimming keeps the newest', async () => {
    const storage = await seeded();
    await storage.conversations.ensure('c2c:amy|bob', 'C2C', 1);
    await storage.conversations.ensureMember({
      conversationID: 'c2c:amy|bob',
      userID: 'amy',
      viewID: 'C2Cbob',
      peerID: 'bob',
    });
    expect((await storage.conversations.listGroupMembers('amy')).map((m) => m.viewID)).toEqual(['GROUPg1']);
    await storage.conversations.removeMember('amy', 'GROUPg1');
    expect(await storage.conversations.listGroupMembers('amy')).toEqual([]);
    for (let i = 0; i < 5; i += 1) {
      await storage.messages.append({
        conversationID: 'group:g1',
        id: `m${i}`,
        sender: 'bob',
        receiver: 'g1',
        type: 'TIMTextElem',
        payload: '{}',
        cloudCustomData: '',
        time: 1,
        clientTime: 1,
        nick: '',
        nameCard: '',
        avatar: '',
        priority: 'Normal',
        needReadReceipt: false,
        atUserList: '[]',
      });
    }
    expect(await storage.groups.trimHistory('group:g1', 3)).toBe(3);
    expect((await storage.messages.pageAfter('group:g1', 0, 10)).map((m) => m.seq)).toEqual([4, 5]);
  });

  it('ABU10 a kept mute is replaced by a later one, taken back once, and per group and user', async () => {
    const storage = await seeded();
    expect(await storage.groups.takeMute('g1', 'bob')).toBe(0);
    await storage.groups.keepMute('g1', 'bob', 1_000);
    await storage.groups.keepMute('g1', 'bob', 2_000);
    await storage.groups.keepMute('g1', 'cat', 3_000);
    expect(await storage.groups.takeMute('g2', 'bob')).toBe(0);
    expect(await storage.groups.takeMute('g1', 'bob')).toBe(2_000);
    expect(await storage.groups.takeMute('g1', 'bob')).toBe(0);
    expect(await storage.groups.takeMute('g1', 'cat')).toBe(3_000);
  });
});
