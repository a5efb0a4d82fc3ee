import { describe, expect, it } from 'vitest';
import { mentionMark, previewOf } from '../src/conversation-list/conversation-text.ts';
import { applyMention, AT_ALL, atUserListFor, mentionCandidates, mentionQuery } from '../src/group/mention.ts';
import { groupReadLabel } from '../src/group/read-receipts.ts';
import { durationText, groupTipText, systemNoticeText } from '../src/group/tip-text.ts';
import { CHAT_NS, createChatI18n } from '../src/i18n/index.ts';
import { en } from '../src/i18n/en.ts';
import { zh } from '../src/i18n/zh.ts';
import { senderName } from '../src/message-list/message-row.tsx';
import { conversation } from './fake-chat.ts';

const tEn = createChatI18n('en').getFixedT('en', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;
const tZh = createChatI18n('zh').getFixedT('zh', CHAT_NS) as (k: string, o?: Record<string, unknown>) => string;
const members = [
  { userID: 'ann', nick: 'Ann' },
  { userID: 'bob', nick: 'Bob', muteTime: 2_592_000 },
];

describe('group tips and notices as lines (decision 0012)', () => {
  const tip = (operationType: number, extra: Record<string, unknown> = {}) => ({
    operationType,
    operatorID: 'boss',
    operatorInfo: { userID: 'boss', nick: 'Boss' },
    userIDList: ['ann'],
    memberList: members.slice(0, 1),
    ...extra,
  });

  it('KGRP2 every tip operation type has its English text, with names and the user as “You”', () => {
    expect(groupTipText(tip(1, { operatorID: 'ann' }), 'me', tEn)).toBe('Ann joined the group');
    expect(groupTipText(tip(1), 'me', tEn)).toBe('Boss invited Ann to the group');
    expect(groupTipText(tip(2, { operatorID: 'ann' }), 'me', tEn)).toBe('Ann left the group');
    expect(groupTipText(tip(3), 'me', tEn)).toBe('Boss removed Ann from the group');
    expect(groupTipText(tip(4, { userIDList: ['me'] }), 'me', tEn)).toBe('Boss made You an admin');
    expect(groupTipText(tip(5), 'me', tEn)).toBe('Boss revoked the admin role of Ann');
    expect(groupTipText(tip(6, { newGroupProfile: { muteAllMembers: true } }), 'me', tEn)).toBe(
      'Boss enabled Mute All',
    );
    expect(groupTipText(tip(6, { newGroupProfile: { muteAllMembers: false } }), 'me', tEn)).toBe(
      'Boss disabled Mute All',
    );
    expect(groupTipText(tip(6, { newGroupProfile: { ownerID: 'ann' } }), 'me', tEn)).toBe('Ann is now the group owner');
    expect(groupTipText(tip(6, { newGroupProfile: { groupName: 'Ops' } }), 'me', tEn)).toBe(
      'Boss changed the group name to “Ops”',
    );
    expect(groupTipText(tip(6, { newGroupProfile: { notification: 'Standup at 9' } }), 'me', tEn)).toBe(
      'Boss published a new group notice: Standup at 9',
    );
    expect(groupTipText(tip(7, { userIDList: ['bob'], memberList: [members[1]] }), 'me', tEn)).toBe(
      'Boss muted Bob for 30 days',
    );
    expect(groupTipText(tip(7, { memberList: [{ userID: 'ann', muteTime: 0 }] }), 'me', tEn)).toBe('Boss unmuted ann');
    expect(groupTipText(tip(10), 'me', tEn)).toBe('Boss banned Ann from speaking');
    expect(groupTipText(tip(11), 'me', tEn)).toBe('Boss lifted the ban on Ann');
    expect(groupTipText(tip(99), 'me', tEn)).toBe('[Group Notification]');
  });

  it('KGRP2 tips in Chinese', () => {
    expect(groupTipText(tip(1, { operatorID: 'ann' }), 'me', tZh)).toBe('Ann加入了群聊');
    expect(groupTipText(tip(6, { newGroupProfile: { muteAllMembers: true } }), 'me', tZh)).toBe('Boss开启了全员禁言');
    expect(groupTipText(tip(7, { userIDList: ['bob'], memberList: [members[1]] }), 'me', tZh)).toBe(
      'Bob被Boss禁言30天',
    );
    expect(groupTipText(tip(2, { userIDList: ['ann', 'me'], memberList: members.slice(0, 1) }), 'me', tZh)).toBe(
      'Ann、你退出了群聊',
    );
  });

  it('KGRP2 durations take the largest whole unit', () => {
    expect(durationText(2_592_000, tEn)).toBe('30 days');
    expect(durationText(3_600, tEn)).toBe('1 hour');
    expect(durationText(90, tEn)).toBe('1 minute');
    expect(durationText(45, tEn)).toBe('45 seconds');
  });

  it('KGRP2 every system notice operation type of seed 000 §4 has a text in both languages', () => {
    const notice = (operationType: number) => ({
      operationType,
      operatorID: 'ann',
      groupProfile: { groupID: 'g1', name: 'Team' },
      userDefinedField: 'hello',
    });
    for (const op of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]) {
      const textEn = systemNoticeText(notice(op), tEn);
      const textZh = systemNoticeText(notice(op), tZh);
      expect(textEn, `op ${op}`).toContain('Team');
      expect(textZh, `op ${op}`).toContain('Team');
      expect(textEn).toBe(tEn(`group.notice.op${op}`, { group: 'Team', user: 'ann' }));
    }
    expect(systemNoticeText(notice(1), tEn, (id) => (id === 'ann' ? 'Ann' : id))).toBe(
      'Ann applied to join the group Team',
    );
    expect(systemNoticeText(notice(255), tEn)).toBe('Group Team: hello');
    expect(systemNoticeText(notice(77), tEn)).toBe('[Group System Message]');
  });

  it('KGRP1 mute texts are the seed’s, in both languages', () => {
    expect(en.group.muted.self).toBe('You have been muted by the admin');
    expect(en.group.muted.all).toBe('The admin enables Mute All');
    expect(zh.group.muted.self).not.toBe('');
    expect(zh.group.muted.all).not.toBe('');
  });

  it('KGRP6 a group row prefixes another member’s last message with their name, not the user’s own or a tip', () => {
    const last = (over: Record<string, unknown>) => ({
      lastTime: 1,
      fromAccount: 'ann',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      messageForShow: 'hi',
      isRevoked: false,
      nick: 'Ann',
      ...over,
    });
    const row = (over: Record<string, unknown>, id = 'GROUPg1') => conversation(id, { lastMessage: last(over) });
    expect(previewOf(row({}), 'me', tEn)).toBe('Ann: hi');
    expect(previewOf(row({ nameCard: 'Card' }), 'me', tEn)).toBe('Card: hi');
    expect(previewOf(row({ fromAccount: 'me' }), 'me', tEn)).toBe('hi');
    expect(previewOf(row({}, 'C2Cann'), 'me', tEn)).toBe('hi');
    expect(
      previewOf(row({ type: 'TIMGroupTipElem', payload: { operationType: 2, userIDList: ['ann'] } }), 'me', tEn),
    ).toBe('ann left the group');
    // A group nobody has written in yet: no preview rather than '[unsupported message]'.
    expect(previewOf(row({ type: '', fromAccount: '', payload: {}, messageForShow: '' }), 'me', tEn)).toBe('');
  });

  it('KGRP6 the sender of an incoming group message: name card, then nick, then user ID', () => {
    expect(senderName({ nameCard: 'Card', nick: 'Nick', from: 'id' })).toBe('Card');
    expect(senderName({ nameCard: '', nick: 'Nick', from: 'id' })).toBe('Nick');
    expect(senderName({ nameCard: '', nick: '', from: 'id' })).toBe('id');
  });
});

describe('mentions (seed 000 §5)', () => {
  const list = [
    { userID: 'me', nick: 'Me' },
    { userID: 'ann01', nick: 'Annie' },
    { userID: 'bob', nick: 'Anders' },
    { userID: 'carl', nick: 'Carl' },
  ];

  it('KGRP7 the query is the text after an “@” that starts the text or follows a space', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQuery('mail a@b', 8)).toBe(null);
    expect(mentionQuery('@ann hello', 10)).toBe(null);
  });

  it('KGRP7 candidates: everyone first, then nick or user ID prefix ignoring case, never the user', () => {
    expect(mentionCandidates(list, '', 'me', 'everyone').map((c) => c.userID)).toEqual([
      AT_ALL,
      'ann01',
      'bob',
      'carl',
    ]);
    expect(mentionCandidates(list, 'AN', 'me', 'everyone').map((c) => c.userID)).toEqual(['ann01', 'bob']);
    expect(mentionCandidates(list, 'BO', 'me', 'everyone').map((c) => c.userID)).toEqual(['bob']);
    expect(mentionCandidates(list, 'ev', 'me', 'everyone').map((c) => c.userID)).toEqual([AT_ALL]);
    expect(mentionCandidates(list, 'me', 'me', 'everyone')).toEqual([]);
  });

  it('KGRP7 a pick replaces the query; only mentions still in the text are sent', () => {
    expect(applyMention('hi @an', 3, 6, 'Annie')).toEqual({ text: 'hi @Annie ', caret: 10 });
    const chosen = new Map([
      ['ann01', 'Annie'],
      [AT_ALL, 'everyone'],
    ]);
    expect(atUserListFor('hi @Annie and @everyone', chosen)).toEqual(['ann01', AT_ALL]);
    expect(atUserListFor('hi and @everyone', chosen)).toEqual([AT_ALL]);
  });

  it('KGRP7 the list shows [someone @ me] / [@ all] while the mention is unread', () => {
    const row = (atTypeArray: number[], unreadCount = 1) =>
      conversation('GROUPg1', { unreadCount, groupAtInfoList: [{ atTypeArray }] });
    expect(mentionMark(row([1]), tEn)).toBe('[someone @ me]');
    expect(mentionMark(row([2]), tEn)).toBe('[@ all]');
    expect(mentionMark(row([3]), tEn)).toBe('[someone @ me][@ all]');
    expect(mentionMark(row([1], 0), tEn)).toBe('');
    expect(mentionMark(conversation('GROUPg1', { unreadCount: 2 }), tEn)).toBe('');
    expect(mentionMark(row([1]), tZh)).toBe('[有人@我]');
  });
});

describe('group read state (seed 000 §4)', () => {
  it('KGRP8 All read when nobody is unread, Unread when nobody read, else N read', () => {
    const text = (read: number, unread: number) => {
      const label = groupReadLabel(read, unread);
      if (!label) return '';
      return tEn(label.key, label.count === undefined ? undefined : { count: label.count });
    };
    expect(text(5, 0)).toBe('All read');
    expect(text(0, 5)).toBe('Unread');
    expect(text(2, 3)).toBe('2 read');
    expect(tZh(groupReadLabel(2, 3)?.key ?? '', { count: 2 })).toBe('2人已读');
  });
});
