import { describe, expect, it } from 'vitest';
import { legacyReacts } from '../src/actions/commands/legacy-reactions.ts';
import { actionsFor, REACTION_LABEL_CHARS, reactionLabel } from '../src/actions/menu/menu-rules.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, flush, history } from './fake-chat.ts';

const CONV = 'C2Cpeer';

async function openKit() {
  const chat = new FakeChat();
  const list = history(CONV, 3);
  chat.history.set(CONV, list);
  chat.conversations = [conversation(CONV)];
  const kit = new ChatKit(chat, createChatI18n('en'));
  const detach = kit.attach();
  await flush();
  kit.open(CONV);
  await flush();
  return { chat, kit, detach, list, items: () => kit.messages.getSnapshot().items };
}

describe('message actions in the kit (decision 0015)', () => {
  it('KACT13 MESSAGE_REVOKED turns the message into its recall line in place', async () => {
    const { chat, items, detach, list } = await openKit();
    const [, second] = list;
    chat.emit('onMessageRevoked', [{ ...second, isRevoked: true, payload: {} }]);
    expect(items().map((m) => [m.ID, m.isRevoked])).toEqual([
      ['m1', false],
      ['m2', true],
      ['m3', false],
    ]);
    detach();
  });

  it('KACT13 a message deleted on another device (MESSAGE_MODIFIED, isDeleted) leaves the list; others of other conversations are ignored', async () => {
    const { chat, items, detach, list } = await openKit();
    const [first] = list;
    chat.emit('onMessageModified', [{ ...first, isDeleted: true }]);
    chat.emit('onMessageModified', [{ ...first, ID: 'm3', conversationID: 'C2Cother', isDeleted: true }]);
    expect(items().map((m) => m.ID)).toEqual(['m2', 'm3']);
    detach();
    // Detached: events no longer reach the list.
    chat.emit('onMessageRevoked', [{ ...(list[2] as object), isRevoked: true }]);
    expect(items().find((m) => m.ID === 'm3')?.isRevoked).toBe(false);
  });
});

class ActionChat extends FakeChat {
  readonly log: string[] = [];
  reactions = new Map<string, { reactionID: string; users: Set<string> }[]>();
  async revokeMessage(m: ChatMessage) {
    this.log.push(`revoke ${m.ID}`);
    Object.assign(m, { isRevoked: true });
    return { code: 0, data: { message: m } };
  }
  async deleteMessage(list: ChatMessage[]) {
    this.log.push(`delete ${list.map((m) => m.ID).join(',')}`);
    return { code: 0, data: { messageList: list } };
  }
  async addMessageReaction(m: ChatMessage, id: string) {
    this.log.push(`add ${m.ID} ${id}`);
    const list = this.reactions.get(m.ID) ?? [];
    const entry = list.find((r) => r.reactionID === id) ?? { reactionID: id, users: new Set<string>() };
    entry.users.add('me');
    if (!list.includes(entry)) list.push(entry);
    this.reactions.set(m.ID, list);
    return { code: 0, data: {} };
  }
  async removeMessageReaction(m: ChatMessage, id: string) {
    this.log.push(`remove ${m.ID} ${id}`);
    for (const r of this.reactions.get(m.ID) ?? []) if (r.reactionID === id) r.users.delete('me');
    const list = (this.reactions.get(m.ID) ?? []).filter((r) => r.users.size > 0);
    this.reactions.set(m.ID, list);
    return { code: 0, data: {} };
  }
  async getMessageReactions({ messageList }: { messageList: ChatMessage[] }) {
    return {
      code: 0 as const,
      data: {
        resultList: messageList.map((m) => ({
          messageID: m.ID,
          reactionList: (this.reactions.get(m.ID) ?? []).map((r) => ({
            reactionID: r.reactionID,
            totalUserCount: r.users.size,
            partialUserList: [...r.users].map((u) => ({ userID: u, nick: u, avatar: '' })),
            reactedByMyself: r.users.has('me'),
          })),
        })),
      },
    };
  }
}

describe('actions menu (decision 0015)', () => {
  const item = (over: Partial<Parameters<typeof actionsFor>[0]> = {}) => ({
    type: 'TIMTextElem',
    flow: 'out',
    status: 'success',
    time: 1000,
    isRevoked: false,
    payload: { text: 'hi' },
    ...over,
  });

  it('KACT7 KACT15 copy for texts; recall only own stored non-custom messages within 120 s; nothing on recalled ones', () => {
    expect(actionsFor(item(), 1000 + 120, true)).toEqual([
      ...['copy', 'forward', 'quote', 'reply', 'select'],
      'revoke',
      'delete',
      'react',
    ]);
    const stored = ['forward', 'quote', 'reply', 'select', 'delete', 'react'];
    expect(actionsFor(item(), 1000 + 121, true)).toEqual(['copy', ...stored]);
    expect(actionsFor(item({ flow: 'in' }), 1000, true)).toEqual(['copy', ...stored]);
    expect(actionsFor(item({ type: 'TIMCustomElem', payload: { data: 'x' } }), 1000, true)).toEqual(stored);
    expect(actionsFor(item({ status: 'fail' }), 1000, true)).toEqual(['copy']);
    expect(actionsFor(item({ isRevoked: true }), 1000, true)).toEqual([]);
    expect(actionsFor(item(), 1000, false)).toEqual(['copy']);
    // Open for files, videos and images with a safe address, on desktop only.
    const file = item({ type: 'TIMFileElem', payload: { fileUrl: '/uploads/f/cv.pdf' } });
    expect(actionsFor(file, 1000, true)[0]).toBe('open');
    expect(actionsFor(file, 1000, true, true)).not.toContain('open');
    const image = item({ type: 'TIMImageElem', payload: { imageInfoArray: [{ url: 'javascript:alert(1)' }] } });
    expect(actionsFor(image, 1000, true)).not.toContain('open');
  });

  it('KACT12 reactions toggle the user’s own through the reaction API and disappear when empty', async () => {
    const chat = new ActionChat();
    chat.history.set(CONV, history(CONV, 2));
    chat.conversations = [conversation(CONV)];
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    kit.actions.toggleReaction('m1', '👍');
    await flush();
    expect(
      kit.actions
        .getSnapshot()
        .get('m1')
        ?.map((r) => [r.reactionID, r.totalUserCount, r.reactedByMyself]),
    ).toEqual([['👍', 1, true]]);
    // Another user's reaction arrives by event: the count grows, the user's own state is kept.
    chat.emit('onMessageReactionsUpdated', {
      messageID: 'm1',
      reactionList: [{ reactionID: '👍', totalUserCount: 2, partialUserList: [], reactedByMyself: true }],
    });
    expect(kit.actions.getSnapshot().get('m1')?.[0]?.totalUserCount).toBe(2);
    chat.reactions.get('m1')?.[0]?.users.add('bob');
    kit.actions.toggleReaction('m1', '👍');
    await flush();
    expect(chat.log).toEqual(['add m1 👍', 'remove m1 👍']);
    expect(
      kit.actions
        .getSnapshot()
        .get('m1')
        ?.map((r) => [r.totalUserCount, r.reactedByMyself]),
    ).toEqual([[1, false]]);
    chat.emit('onMessageReactionsUpdated', { messageID: 'm1', reactionList: [] });
    expect(kit.actions.getSnapshot().has('m1')).toBe(false);
    kit.actions.revoke('m2');
    kit.actions.remove('m1');
    await flush();
    expect(chat.log.slice(2)).toEqual(['revoke m2', 'delete m1']);
    expect(kit.messages.getSnapshot().items.map((m) => [m.ID, m.isRevoked])).toEqual([['m2', true]]);
    detach();
  });
});

describe('reactions in the older cloudCustomData.messageReact form (decision 0014)', () => {
  it('KACT14 legacyReacts reads emoji → user IDs and ignores anything malformed', () => {
    const data = (reacts: unknown) => JSON.stringify({ messageReact: { reacts, version: 1 } });
    expect([...legacyReacts(data({ '[微笑]': ['amy', 'bob', 'amy'], '👍': [] }))]).toEqual([
      ['[微笑]', ['amy', 'bob']],
    ]);
    expect(legacyReacts('not json').size).toBe(0);
    expect(legacyReacts(data(['x'])).size).toBe(0);
    expect(legacyReacts(data({ ok: 'amy', n: [1, null, 'cat'] })).get('n')).toEqual(['cat']);
    expect(legacyReacts(undefined).size).toBe(0);
  });

  it('KACT14 a message with older-form reactions shows them merged with the API’s; a toggle goes through the API only', async () => {
    const chat = new ActionChat();
    const list = history(CONV, 1);
    const [first] = list as [ChatMessage];
    first.cloudCustomData = JSON.stringify({
      messageReact: { reacts: { '👍': ['bob', 'me'], '🎉': ['cat'] }, version: 1 },
    });
    chat.history.set(CONV, list);
    chat.conversations = [conversation(CONV)];
    chat.reactions.set('m1', [{ reactionID: '👍', users: new Set(['bob', 'dan']) }]);
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    const shown = () =>
      kit.actions
        .getSnapshot()
        .get('m1')
        ?.map((r) => [r.reactionID, r.totalUserCount, r.reactedByMyself]);
    // bob is in both forms and counts once; 'me' comes from the older form only.
    expect(shown()).toEqual([
      ['👍', 3, true],
      ['🎉', 1, false],
    ]);
    // The API says the user has no 👍 of its own yet: the toggle adds one there (shown once still).
    kit.actions.toggleReaction('m1', '👍');
    await flush();
    expect(chat.log).toEqual(['add m1 👍']);
    expect(shown()?.[0]).toEqual(['👍', 3, true]);
    // An API update with no reactions leaves the older form's on show.
    chat.emit('onMessageReactionsUpdated', { messageID: 'm1', reactionList: [] });
    expect(shown()).toEqual([
      ['👍', 2, true],
      ['🎉', 1, false],
    ]);
    detach();
  });
});

describe('reaction chips (ACT21)', () => {
  it('KACT46 an application’s own IDs show as text, long ones cut to whole characters with an ellipsis', () => {
    expect(reactionLabel('👍')).toBe('👍');
    expect(reactionLabel('emoji_like')).toBe('emoji_like');
    expect(reactionLabel('<b>x</b>')).toBe('<b>x</b>');
    const long = reactionLabel('x'.repeat(100));
    expect(Array.from(long)).toHaveLength(REACTION_LABEL_CHARS);
    expect(long.endsWith('…')).toBe(true);
    // Twelve emoji of two UTF-16 units each: cut between emoji, never inside one.
    const emoji = reactionLabel('😀'.repeat(20));
    expect(emoji).toBe(`${'😀'.repeat(REACTION_LABEL_CHARS - 1)}…`);
  });
});
