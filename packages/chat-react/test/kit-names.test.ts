import { describe, expect, it } from 'vitest';
import { previewOf } from '../src/conversation-list/conversation-text.ts';
import { groupReadLabel } from '../src/group/read-receipts.ts';
import { groupTipText, systemNoticeText } from '../src/group/tip-text.ts';
import { CHAT_NS, createChatI18n } from '../src/i18n/index.ts';
import { messageSummary } from '../src/message-list/summary.ts';
import { NameStore } from '../src/names/name-store.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { conversation } from './fake-chat.ts';
import { FakeGroupChat } from './fake-group-chat.ts';

const tZh = createChatI18n('zh').getFixedT('zh', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;
const tEn = createChatI18n('en').getFixedT('en', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;
const PROFILES: Record<string, string> = { lina: '李娜', wangfang: '王芳', zhangwei: '张伟' };

function profilePort() {
  const asked: string[][] = [];
  return {
    asked,
    getUserProfile: async ({ userIDList }: { userIDList: string[] }) => {
      asked.push(userIDList);
      return { data: userIDList.map((userID) => ({ userID, nick: PROFILES[userID] ?? '' })) };
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('one name resolver with a profile cache (KGRP15)', () => {
  it('KGRP15 an unknown user is looked up once, in one batch, then named by nickname; a name card comes first', async () => {
    const port = profilePort();
    const names = new NameStore(port);
    let renders = 0;
    names.subscribe(() => {
      renders += 1;
    });
    const nameOf = names.nameOf('g1');
    expect([nameOf('lina'), nameOf('wangfang'), nameOf('lina')]).toEqual(['lina', 'wangfang', 'lina']);
    await settle();
    expect(port.asked).toEqual([['lina', 'wangfang']]);
    expect(renders).toBeGreaterThan(0);
    expect(names.nameOf('g1')('lina')).toBe('李娜');
    names.learn([{ userID: 'lina', nick: '李娜', nameCard: '人事-李娜' }], 'g1');
    expect(names.nameOf('g1')('lina')).toBe('人事-李娜');
    // The card belongs to its group; elsewhere the nickname.
    expect(names.nameOf('g2')('lina')).toBe('李娜');
    expect(names.nameOf()('nobody')).toBe('nobody');
    await settle();
    expect(port.asked).toEqual([['lina', 'wangfang'], ['nobody']]);
  });

  it('KGRP15 every tip, notice and preview names people by the resolver, not by their ID', async () => {
    const names = new NameStore(profilePort());
    for (const id of Object.keys(PROFILES)) names.nick(id);
    await settle();
    const nameOf = names.nameOf('g1');
    const owner = { operationType: 6, operatorID: 'zhangwei', newGroupProfile: { ownerID: 'lina' } };
    expect(groupTipText(owner, 'me', tZh, nameOf)).toBe('李娜成为了新的群主');
    const muted = { operationType: 7, operatorID: 'me', memberList: [{ userID: 'wangfang', muteTime: 2_592_000 }] };
    expect(groupTipText(muted, 'me', tZh, nameOf)).toBe('王芳被你禁言30天');
    expect(groupTipText(muted, 'me', tEn, nameOf)).toBe('You muted 王芳 for 30 days');
    const application = {
      operationType: 1,
      operatorID: 'wangfang',
      applicant: 'wangfang',
      groupProfile: { name: '研发' },
    };
    expect(systemNoticeText(application, tZh, nameOf)).toBe('王芳申请加入群组“研发”');
    const tip = {
      lastTime: 1,
      fromAccount: 'zhangwei',
      type: 'TIMGroupTipElem',
      payload: owner,
      messageForShow: '',
      isRevoked: false,
    };
    expect(previewOf(conversation('GROUPg1', { lastMessage: tip }), 'me', tZh, nameOf)).toBe('李娜成为了新的群主');
    const text = { ...tip, type: 'TIMTextElem', payload: { text: '你好' } };
    expect(previewOf(conversation('GROUPg1', { lastMessage: text }), 'me', tZh, nameOf)).toBe('张伟: 你好');
  });

  it('KGRP15 the kit learns the open group’s name cards and looks up the rest through the SDK', async () => {
    const chat = new FakeGroupChat();
    chat.members.push({ userID: 'lina', nick: 'Lina', nameCard: '人事-李娜', role: 'Member' });
    chat.conversations = [conversation('GROUPg1', { type: 'GROUP' })];
    const asked: string[] = [];
    Object.assign(chat, {
      getUserProfile: async ({ userIDList }: { userIDList: string[] }) => {
        asked.push(...userIDList);
        return { code: 0, data: userIDList.map((userID) => ({ userID, nick: PROFILES[userID] ?? '' })) };
      },
    });
    const kit = new ChatKit(chat, createChatI18n('zh'));
    const detach = kit.attach();
    kit.open('GROUPg1');
    await expect.poll(() => kit.group.getSnapshot().status).toBe('ready');
    const nameOf = kit.names.nameOf('g1');
    expect(nameOf('lina')).toBe('人事-李娜');
    expect(nameOf('zhangwei')).toBe('zhangwei');
    await expect.poll(() => kit.names.nameOf('g1')('zhangwei')).toBe('张伟');
    expect(asked).toEqual(['zhangwei']);
    detach();
  });
});

describe('tip texts (KGRP16)', () => {
  it('KGRP16 Chinese tips have no spaces between words, of every tip type; English keeps its spaces', () => {
    const nameOf = (id: string) => ({ wangfang: '王芳', lina: '李娜' })[id] ?? id;
    const tip = (operationType: number, extra: Record<string, unknown> = {}) => ({
      operationType,
      operatorID: 'lina',
      userIDList: ['wangfang'],
      memberList: [{ userID: 'wangfang', muteTime: 0 }],
      ...extra,
    });
    const profiles = [
      { muteAllMembers: true },
      { ownerID: 'wangfang' },
      { groupName: '研发' },
      { notification: '开会' },
    ];
    const all = [
      ...[1, 2, 3, 4, 5, 10, 11].map((op) => tip(op)),
      tip(1, { operatorID: 'wangfang' }),
      tip(7, { memberList: [{ userID: 'wangfang', muteTime: 3_600 }] }),
      tip(7),
      ...profiles.map((newGroupProfile) => tip(6, { newGroupProfile })),
    ];
    for (const payload of all) {
      const text = groupTipText(payload, 'me', tZh, nameOf);
      expect(text, JSON.stringify(payload)).not.toMatch(/\s/);
      expect(text).toMatch(/王芳|李娜/);
      expect(groupTipText(payload, 'me', tEn, nameOf)).toMatch(/ /);
    }
    for (const op of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]) {
      const notice = { operationType: op, operatorID: 'lina', groupProfile: { name: '研发' } };
      expect(systemNoticeText(notice, tZh, nameOf), `notice ${op}`).not.toMatch(/\s/);
    }
  });

  it('KGRP16 a join tip whose operator is the one who joined (a free join or an approved application) says they joined', () => {
    const nameOf = (id: string) => ({ wangfang: '王芳', lina: '李娜' })[id] ?? id;
    const approved = { operationType: 1, operatorID: 'wangfang', userIDList: ['wangfang'] };
    expect(groupTipText(approved, 'me', tZh, nameOf)).toBe('王芳加入了群聊');
    const invited = { operationType: 1, operatorID: 'me', userIDList: ['wangfang'] };
    expect(groupTipText(invited, 'me', tZh, nameOf)).toBe('你邀请王芳加入了群聊');
  });
});

describe('custom message previews (KGRP18)', () => {
  const evaluation = {
    type: 'TIMCustomElem',
    payload: {
      data: JSON.stringify({ businessID: 'evaluation', version: 1, score: '5', comment: '很好' }),
      description: 'evaluation of this service',
      extension: 'evaluation of this service',
    },
    isRevoked: false,
    from: 'lina',
  };

  it('KGRP18 every custom kind of seed 000 is summarised in the kit’s language, never by its English description', () => {
    expect(messageSummary(evaluation, 'me', tZh)).toBe('[服务评价]');
    expect(messageSummary(evaluation, 'me', tEn)).toBe('[Service Rating]');
    const kind = (data: Record<string, unknown>) => ({
      ...evaluation,
      payload: { data: JSON.stringify(data), description: 'x' },
    });
    expect(messageSummary(kind({ businessID: 'order', title: '保洁' }), 'me', tZh)).toBe('[订单]保洁');
    expect(messageSummary(kind({ businessID: 'consultion', title: '面试' }), 'me', tZh)).toBe('[咨询服务]面试');
    expect(messageSummary(kind({ businessID: 'text_link', text: '看看' }), 'me', tZh)).toBe('看看');
    // A call record reads as its call line (KCALL17): an invitation without call_type is a voice call.
    expect(messageSummary(kind({ businessID: 1, actionType: 1 }), 'me', tZh)).toBe('[语音通话]');
    expect(messageSummary(kind({ businessID: 1, actionType: 1, call_type: 2 }), 'me', tZh)).toBe('[视频通话]');
    expect(messageSummary(kind({ businessID: 'group_create', opUser: 'lina' }), 'me', tZh)).toBe('lina创建了群聊');
    // A kind the kit does not know keeps the sender's own description (decision 0016).
    expect(messageSummary(kind({ businessID: 'mine' }), 'me', tZh)).toBe('x');
    const preview = {
      lastTime: 1,
      fromAccount: 'lina',
      type: 'TIMCustomElem',
      payload: evaluation.payload,
      messageForShow: '',
      isRevoked: false,
    };
    expect(previewOf(conversation('C2Clina', { lastMessage: preview }), 'me', tZh)).toBe('[服务评价]');
  });
});

describe('group read state of a new message (KGRP19)', () => {
  it('KGRP19 a message not counted yet (0 read, 0 unread) shows no state, never All read', () => {
    expect(groupReadLabel(0, 0)).toBeNull();
    expect(groupReadLabel(0, 2)?.key).toBe('group.read.unread');
    expect(groupReadLabel(2, 0)?.key).toBe('group.read.allRead');
  });
});
