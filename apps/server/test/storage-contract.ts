import { describe, expect, it } from 'vitest';
import { GENDER } from '@parley/protocol';
import type { AccountRow, NewMessage, ProfileRow, Storage } from '../src/domain/ports.ts';
import { inputEdgeCases } from './storage-edge-cases.ts';

/** Every Message payload type of seed 000 §3, as the storage must accept them (rule ST1). */
export const SAMPLE_PAYLOADS: Record<string, unknown> = {
  TIMTextElem: { text: '你好 hello 😀' },
  TIMImageElem: {
    imageFormat: 3,
    uuid: 'img-1',
    imageInfoArray: [
      { type: 0, sizeType: 1, url: 'https://x/1.png', imageUrl: 'https://x/1.png', width: 800, height: 600, size: 1 },
      { type: 1, sizeType: 2, url: 'https://x/2.png', imageUrl: 'https://x/2.png', width: 400, height: 300, size: 1 },
    ],
  },
  TIMVideoFileElem: {
    videoUrl: 'https://x/v.mp4',
    remoteVideoUrl: 'https://x/v.mp4',
    snapshotUrl: 'https://x/s.png',
    snapshotWidth: 320,
    snapshotHeight: 180,
    thumbUrl: 'https://x/s.png',
    videoSecond: 12,
  },
  TIMSoundElem: { url: 'https://x/a.m4a', second: 7, size: 1000 },
  TIMFileElem: { fileUrl: 'https://x/f.pdf', fileName: '简历.pdf', fileSize: 123456 },
  TIMLocationElem: { longitude: 112.55, latitude: 37.87, description: '太原' },
  TIMFaceElem: { index: 2, data: 'yz05' },
  TIMCustomElem: {
    data: JSON.stringify({ businessID: 'evaluation', version: 1, score: '5', comment: '好' }),
    description: 'evaluation of this service',
    extension: 'evaluation of this service',
  },
  TIMRelayElem: { title: 'Chat history', abstractList: ['a: hi'], compatibleText: 'upgrade', messageList: [] },
  TIMGroupTipElem: {
    operationType: 1,
    operatorID: 'u1',
    userIDList: ['u2'],
    memberList: [{ userID: 'u2', nick: 'B', muteTime: 0 }],
    newGroupProfile: { muteAllMembers: false },
  },
  TIMGroupSystemNoticeElem: {
    operationType: 1,
    operatorID: 'u1',
    groupProfile: { name: 'G', groupID: 'g1' },
    userDefinedField: '',
  },
};

const now = 1_760_000_000;

export function account(userID: string, mobile: string | null = null): AccountRow {
  return { userID, passwordHash: null, mobile, identity: 1, createdAt: now };
}

export function profile(userID: string, nick = userID): ProfileRow {
  return {
    userID,
    nick,
    avatar: '',
    gender: GENDER.UNKNOWN,
    selfSignature: '',
    birthday: 0,
    allowType: 'AllowType_Type_AllowAny',
    location: '',
    language: 0,
    level: 0,
    role: 0,
    customFields: '[]',
    updatedAt: now,
  };
}

function message(
  conversationID: string,
  sender: string,
  id: string,
  type = 'TIMTextElem',
  payload: unknown = { text: id },
): NewMessage {
  return {
    conversationID,
    id,
    sender,
    receiver: 'bob',
    type,
    payload: JSON.stringify(payload),
    cloudCustomData: JSON.stringify({ messageReply: { messageID: 'm0', version: 1 } }),
    time: now,
    clientTime: now,
    nick: sender,
    nameCard: '',
    avatar: '',
    priority: 'Normal',
    needReadReceipt: true,
    atUserList: '[]',
  };
}

export function storageContract(name: string, open: () => Promise<{ storage: Storage; close: () => Promise<void> }>) {
  describe(`storage contract: ${name}`, () => {
    const withStorage = (fn: (s: Storage) => Promise<void>) => async () => {
      const { storage, close } = await open();
      try {
        await fn(storage);
      } finally {
        await close();
      }
    };

    it(
      'ST0 migrations are applied and the store reports ready',
      withStorage(async (s) => {
        expect(await s.ready()).toBe(true);
      }),
    );

    it(
      'ST2 accounts: create, get, find by mobile, refuse duplicates',
      withStorage(async (s) => {
        await s.accounts.create(account('alice', '13800000001'), profile('alice', '爱丽丝'));
        expect(await s.accounts.get('alice')).toMatchObject({ userID: 'alice', mobile: '13800000001', identity: 1 });
        expect((await s.accounts.findByMobile('13800000001'))?.userID).toBe('alice');
        expect(await s.accounts.get('nobody')).toBeUndefined();
        await expect(s.accounts.create(account('alice'), profile('alice'))).rejects.toThrow();
        await expect(s.accounts.create(account('alice2', '13800000001'), profile('alice2'))).rejects.toThrow();
        expect(await s.accounts.existing(['alice', 'ghost'])).toEqual(new Set(['alice']));
        expect(await s.accounts.count()).toBe(1);
      }),
    );

    it(
      'ST3 profiles: partial update keeps other fields; birthday 0 means cleared',
      withStorage(async (s) => {
        await s.accounts.create(account('bob'), profile('bob', '鲍勃'));
        const updated = await s.profiles.update(
          'bob',
          { selfSignature: 'hi', birthday: 19900101, gender: GENDER.MALE },
          now + 5,
        );
        expect(updated).toMatchObject({
          nick: '鲍勃',
          selfSignature: 'hi',
          birthday: 19900101,
          gender: GENDER.MALE,
          updatedAt: now + 5,
        });
        expect((await s.profiles.update('bob', { birthday: 0 }, now + 6))?.birthday).toBe(0);
        expect((await s.profiles.getMany(['bob', 'x'])).map((p) => p.userID)).toEqual(['bob']);
      }),
    );

    it(
      'ST4 sessions: create, get, delete, expire',
      withStorage(async (s) => {
        await s.accounts.create(account('carol'), profile('carol'));
        await s.sessions.create({ idHash: 'h1', userID: 'carol', createdAt: now, expiresAt: now + 10 });
        await s.sessions.create({ idHash: 'h2', userID: 'carol', createdAt: now, expiresAt: now + 100 });
        expect(await s.sessions.get('h1')).toMatchObject({ userID: 'carol', expiresAt: now + 10 });
        expect(await s.sessions.deleteExpired(now + 50)).toBe(1);
        expect(await s.sessions.get('h1')).toBeUndefined();
        await s.sessions.delete('h2');
        expect(await s.sessions.get('h2')).toBeUndefined();
      }),
    );

    it(
      'ST1 messages: every payload type of seed 000 §3 round-trips with every stored field',
      withStorage(async (s) => {
        await s.conversations.ensure('c2c:a|b', 'C2C', now);
        let i = 0;
        for (const [type, payload] of Object.entries(SAMPLE_PAYLOADS)) {
          i += 1;
          const input = message('c2c:a|b', 'a', `m-${i}`, type, payload);
          const { message: stored, created } = await s.messages.append(input);
          expect(created).toBe(true);
          expect(stored.seq).toBe(i);
          const read = await s.messages.get('c2c:a|b', i);
          expect(read).toMatchObject({ ...input, seq: i, isRevoked: false, isDeleted: false, isModified: false });
          expect(JSON.parse(read?.payload ?? 'null')).toEqual(payload);
        }
      }),
    );

    it(
      'SEQ1 sequences are dense per conversation and independent across conversations',
      withStorage(async (s) => {
        await s.conversations.ensure('c1', 'C2C', now);
        await s.conversations.ensure('c2', 'C2C', now);
        for (let i = 0; i < 5; i += 1) {
          expect((await s.messages.append(message('c1', 'a', `c1-${i}`))).message.seq).toBe(i + 1);
        }
        expect((await s.messages.append(message('c2', 'a', 'c2-0'))).message.seq).toBe(1);
        expect((await s.conversations.get('c1'))?.lastSeq).toBe(5);
      }),
    );

    it(
      'M1 M8 append is idempotent on (sender, ID) and an ID is taken per conversation: the stored message comes back and no sequence is used',
      withStorage(async (s) => {
        await s.conversations.ensure('c1', 'C2C', now);
        const first = await s.messages.append(message('c1', 'a', 'dup'));
        const again = await s.messages.append({ ...message('c1', 'a', 'dup'), payload: '{"text":"changed"}' });
        expect(again.created).toBe(false);
        expect(again.message).toEqual(first.message);
        const peer = await s.messages.append(message('c1', 'b', 'dup'));
        expect([peer.created, peer.message.sender, peer.message.seq]).toEqual([false, 'a', 1]);
        expect((await s.messages.append(message('c1', 'b', 'other'))).message.seq).toBe(2);
        expect((await s.conversations.get('c1'))?.lastSeq).toBe(2);
      }),
    );

    it(
      'SEQ2 concurrent appends in separate transactions get distinct dense sequences; duplicates store once',
      withStorage(async (s) => {
        await s.conversations.ensure('busy', 'C2C', now);
        const sends = Array.from({ length: 40 }, (_, i) =>
          s.transaction((tx) => tx.messages.append(message('busy', i % 2 ? 'a' : 'b', `id-${i % 20}`))),
        );
        const results = await Promise.all(sends);
        const created = results
          .filter((r) => r.created)
          .map((r) => r.message.seq)
          .sort((x, y) => x - y);
        expect(created).toEqual(Array.from({ length: 40 }, (_, i) => i + 1).slice(0, created.length));
        const page = await s.messages.pageAfter('busy', 0, 100);
        expect(page.map((m) => m.seq)).toEqual(created);
        const keys = new Set(page.map((m) => `${m.sender}/${m.id}`));
        expect(keys.size).toBe(page.length);
      }),
    );

    it(
      'TX1 a transaction that throws leaves nothing behind, not even a sequence',
      withStorage(async (s) => {
        await s.conversations.ensure('c1', 'C2C', now);
        await expect(
          s.transaction(async (tx) => {
            await tx.messages.append(message('c1', 'a', 'rolled-back'));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await s.messages.bySenderID('a', 'rolled-back')).toBeUndefined();
        expect((await s.messages.append(message('c1', 'a', 'next'))).message.seq).toBe(1);
      }),
    );

    it(
      'ST5 history pages: newest first before a cursor, oldest first after a sequence',
      withStorage(async (s) => {
        await s.conversations.ensure('h', 'C2C', now);
        for (let i = 1; i <= 20; i += 1) await s.messages.append(message('h', i % 3 === 0 ? 'b' : 'a', `h-${i}`));
        expect((await s.messages.pageBefore('h', undefined, 15)).map((m) => m.seq)).toEqual(
          Array.from({ length: 15 }, (_, i) => 20 - i),
        );
        expect((await s.messages.pageBefore('h', 6, 15)).map((m) => m.seq)).toEqual([5, 4, 3, 2, 1]);
        expect((await s.messages.pageBefore('h', undefined, 15, 17)).map((m) => m.seq)).toEqual([20, 19, 18]);
        expect((await s.messages.pageAfter('h', 17, 15)).map((m) => m.seq)).toEqual([18, 19, 20]);
        expect(await s.messages.countAfter('h', 10, 'a')).toBe(3);
      }),
    );

    it(
      'SRCH42 the sequence at a time: the newest at or before it, or the oldest at or after it',
      withStorage(async (s) => {
        await s.conversations.ensure('t', 'C2C', now);
        for (let i = 1; i <= 6; i += 1) {
          await s.messages.append({ ...message('t', 'a', `t-${i}`), time: now + Math.floor(i / 2) * 10 });
        }
        // Times by sequence: 1 → now, 2–3 → now+10, 4–5 → now+20, 6 → now+30.
        expect(await s.messages.seqAtTime('t', now + 10, 'older')).toBe(3);
        expect(await s.messages.seqAtTime('t', now + 10, 'newer')).toBe(2);
        expect(await s.messages.seqAtTime('t', now + 15, 'older')).toBe(3);
        expect(await s.messages.seqAtTime('t', now + 15, 'newer')).toBe(4);
        expect(await s.messages.seqAtTime('t', now - 1, 'older')).toBeUndefined();
        expect(await s.messages.seqAtTime('t', now + 31, 'newer')).toBeUndefined();
        expect(await s.messages.seqAtTime('other', now, 'older')).toBeUndefined();
      }),
    );

    it(
      'RD1 member state: read position, pin, remind type, and a per-user change cursor',
      withStorage(async (s) => {
        await s.conversations.ensure('c2c:a|b', 'C2C', now);
        const m = await s.conversations.ensureMember({
          conversationID: 'c2c:a|b',
          userID: 'a',
          viewID: 'C2Cb',
          peerID: 'b',
        });
        expect(m).toMatchObject({ readSeq: 0, isPinned: false, remindType: 'AcceptAndNotify', hidden: false });
        await s.conversations.ensureMember({ conversationID: 'c2c:a|b', userID: 'b', viewID: 'C2Ca', peerID: 'a' });
        expect(
          await s.conversations.ensureMember({ conversationID: 'c2c:a|b', userID: 'a', viewID: 'C2Cb', peerID: 'b' }),
        ).toEqual(m);
        await s.conversations.updateMember('a', 'C2Cb', {
          readSeq: 7,
          isPinned: true,
          pinnedAt: now,
          remindType: 'AcceptNotNotify',
        });
        const v1 = await s.conversations.touch('a', 'C2Cb');
        expect(await s.conversations.getMember('a', 'C2Cb')).toMatchObject({
          readSeq: 7,
          isPinned: true,
          remindType: 'AcceptNotNotify',
          syncVersion: v1,
        });
        expect((await s.conversations.listMembers('a', 0)).map((r) => r.viewID)).toEqual(['C2Cb']);
        expect(await s.conversations.listMembers('a', v1)).toEqual([]);
        const v2 = await s.conversations.touch('a', 'C2Cb', { readSeq: 9, hidden: true });
        expect(v2).toBeGreaterThan(v1);
        expect(await s.conversations.getMember('a', 'C2Cb')).toMatchObject({
          readSeq: 9,
          hidden: true,
          syncVersion: v2,
        });
        expect(await s.conversations.syncVersion('a')).toBe(v2);
        expect((await s.conversations.members('c2c:a|b')).map((r) => r.userID).sort()).toEqual(['a', 'b']);
      }),
    );

    it(
      'MARK1 a member row keeps its 64-bit mark set exactly, bit 63 included, and a new row has none',
      withStorage(async (s) => {
        await s.conversations.ensure('c2c:a|b', 'C2C', now);
        const fresh = await s.conversations.ensureMember({
          conversationID: 'c2c:a|b',
          userID: 'a',
          viewID: 'C2Cb',
          peerID: 'b',
        });
        expect(fresh.markMask).toBe(0n);
        const all = (1n << 64n) - 1n;
        for (const markMask of [(1n << 63n) | 2n, all, 1n << 53n, 0n]) {
          await s.conversations.updateMember('a', 'C2Cb', { markMask });
          expect((await s.conversations.getMember('a', 'C2Cb'))?.markMask).toBe(markMask);
        }
        await s.conversations.touch('a', 'C2Cb', { markMask: all });
        expect((await s.conversations.listMembers('a', 0))[0]?.markMask).toBe(all);
      }),
    );

    inputEdgeCases(withStorage, { message, now }, async (s, userID) => {
      await s.accounts.create(account(userID), profile(userID));
    });
  });
}
