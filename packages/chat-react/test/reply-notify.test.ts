import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type NotifyEnv,
  Notifier,
  notificationText,
  shouldNotify,
  titleWithUnread,
} from '../src/actions/settings/notifier.ts';
import { evaluationPayload, quickReplies } from '../src/actions/plugins/plugin-rules.ts';
import { buildReply, replyOf, repliesOf, threadsOf, withReply } from '../src/actions/replies/reply.ts';
import { DEFAULT_SETTINGS, readSettings, SettingsStore } from '../src/actions/settings/settings-store.ts';
import { MESSAGE_FEATURE } from '../src/actions/typing/typing.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, flush, history, incoming } from './fake-chat.ts';

const CONV = 'C2Cpeer';
const tr = (lng: 'zh' | 'en') =>
  createChatI18n(lng).getFixedT(lng, 'parleyChat') as unknown as (k: string, o?: object) => string;
const t = tr('en');

afterEach(() => {
  vi.useRealTimers();
});

/** Keeps cloudCustomData on created texts and answers modifyMessage with a conflict first. */
class ReplyChat extends FakeChat {
  modifies: string[] = [];
  conflicts = 1;
  override createTextMessage(
    o: Parameters<FakeChat['createTextMessage']>[0] & { cloudCustomData?: string | undefined },
  ) {
    return { ...super.createTextMessage(o), cloudCustomData: o.cloudCustomData ?? '' };
  }
  async modifyMessage(m: ChatMessage) {
    this.modifies.push(m.cloudCustomData ?? '');
    if (this.conflicts-- > 0) {
      // Someone else added their reply first: the latest message carries it.
      const other = { messageAbstract: 'theirs', messageSender: 'zed', messageID: 'x1' };
      const latest = { ...m, cloudCustomData: JSON.stringify({ messageReplies: { replies: [other], version: 1 } }) };
      throw Object.assign(new Error('conflict'), { code: 2480, data: { message: latest } });
    }
    return { code: 0, data: { message: m } };
  }
}

describe('quote and reply (decision 0015)', () => {
  it('KACT18 messageReply carries abstract, sender, ID, type, time, sequence and version; a reply names its root', () => {
    const root = { ...incoming(CONV, 'r1', 'the root', 7), nick: 'Peer' };
    const quote = buildReply('quote', root, 'me', t);
    expect(quote).toEqual({
      messageAbstract: 'the root',
      messageSender: 'Peer',
      messageID: 'r1',
      messageType: 1,
      messageTime: root.time,
      messageSequence: 7,
      version: 1,
    });
    expect(buildReply('reply', root, 'me', t).messageRootID).toBe('r1');
    // A reply to a reply belongs to the same root.
    const child = {
      ...incoming(CONV, 'c1', 'a reply', 8),
      cloudCustomData: withReply('', buildReply('reply', root, 'me', t)),
    };
    expect(buildReply('reply', child, 'me', t).messageRootID).toBe('r1');
    // The typing feature of one-to-one texts stays beside it; malformed data reads as none.
    const custom = JSON.parse(withReply(JSON.stringify(MESSAGE_FEATURE), quote));
    expect(custom).toEqual({ ...MESSAGE_FEATURE, messageReply: quote });
    expect(replyOf('{bad')).toBeNull();
    expect(repliesOf(JSON.stringify({ messageReplies: { replies: [null, { messageID: 'a' }] } }))).toEqual([
      { messageID: 'a' },
    ]);
  });

  it('KACT18 KACT11 a reply is sent with messageReply and joins its root’s replies after a 2480 retry (500 ms)', async () => {
    vi.useFakeTimers();
    const chat = new ReplyChat();
    chat.history.set(CONV, history(CONV, 2));
    chat.conversations = [conversation(CONV)];
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    await vi.runOnlyPendingTimersAsync();
    kit.open(CONV);
    await vi.runOnlyPendingTimersAsync();
    kit.features.startReply('reply', 'm1');
    expect(kit.features.pending.getSnapshot()?.reply).toMatchObject({ messageID: 'm1', messageRootID: 'm1' });
    kit.messages.sendText(
      'my answer',
      kit.features.decorate(
        (base: { to: string; conversationType: string; needReadReceipt: boolean; cloudCustomData?: string }) =>
          chat.createTextMessage({ ...base, payload: { text: 'my answer' } }),
      ),
    );
    // Sent once with the reply; the pending reply is gone.
    expect(kit.features.pending.getSnapshot()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    const sent = kit.messages.getSnapshot().items.at(-1);
    expect(replyOf(sent?.cloudCustomData)?.messageID).toBe('m1');
    expect(chat.modifies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(chat.modifies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chat.modifies).toHaveLength(2);
    const root = kit.messages.getSnapshot().items.find((m) => m.ID === 'm1');
    expect(repliesOf(root?.cloudCustomData).map((r) => r.messageID)).toEqual(['x1', sent?.ID]);
    // A quote of a message not loaded toasts; a loaded one jumps.
    kit.features.jumpTo('m2');
    expect(kit.features.jumps.getSnapshot()?.ID).toBe('m2');
    kit.features.jumpTo('gone');
    expect(kit.toasts.getSnapshot().map((x) => x.text)).toEqual(['Unable to navigate to the original message']);
    kit.features.startReply('quote', 'm2');
    kit.open('C2Cother');
    expect(kit.features.pending.getSnapshot()).toBeNull();
    detach();
  });

  it('KACT21 the header’s replies entry shows every loaded thread, newest root first, and closes on a conversation change', async () => {
    const root = (ID: string, replies: unknown[]) => ({
      ID,
      cloudCustomData: JSON.stringify({ messageReplies: { replies, version: 1 } }),
    });
    const entry = (ID: string) => ({ messageID: ID, messageAbstract: 'ok', messageSender: 'Bob' });
    const items = [
      root('a', [entry('a1')]),
      { ID: 'plain', cloudCustomData: '' },
      root('empty', []),
      root('broken', [null, 7]),
      { ID: 'bad', cloudCustomData: '{bad' },
      root('b', [entry('b1'), entry('b2')]),
    ];
    // Only roots with a well-formed reply count; none means no entry in the header.
    expect(threadsOf(items)).toEqual(['b', 'a']);
    expect(threadsOf(items.slice(1, 5))).toEqual([]);
    expect(tr('en')('actions.replyBar.threads', { count: 2 })).toBe('Replies in this chat (2)');
    expect(tr('zh')('actions.replyBar.threads', { count: 2 })).toBe('本会话的回复（2）');

    const chat = new FakeChat();
    chat.history.set(CONV, history(CONV, 2));
    chat.conversations = [conversation(CONV), conversation('C2Cother')];
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    // The header opens every thread; a bubble's link only its own root.
    kit.features.repliesOf.openAll();
    expect(kit.features.repliesOf.getSnapshot()).toBe('all');
    kit.features.repliesOf.open('m1');
    expect(kit.features.repliesOf.getSnapshot()).toEqual({ rootID: 'm1' });
    kit.features.repliesOf.openAll();
    kit.open('C2Cother');
    await flush();
    expect(kit.features.repliesOf.getSnapshot()).toBeNull();
    detach();
  });
});

function fakeEnv(over: Partial<NotifyEnv> = {}) {
  const shown: { title: string; body: string; icon?: string }[] = [];
  const env: NotifyEnv & { title: string; requested: number; focus: () => void } = {
    title: 'Parley',
    requested: 0,
    focus: () => undefined,
    permission: () => 'granted',
    request: async () => {
      env.requested += 1;
    },
    show: (title, o) => shown.push({ title, body: o.body, ...(o.icon ? { icon: o.icon } : {}) }),
    focused: () => false,
    onFocus: (l) => {
      env.focus = l;
      return () => undefined;
    },
    getTitle: () => env.title,
    setTitle: (title) => {
      env.title = title;
    },
    ...over,
  };
  return { env, shown };
}

describe('desktop notifications (decision 0015)', () => {
  const m = { ...incoming(CONV, 'n1', 'hello', 1), nick: 'Peer' };

  it('KACT19 who notifies: allowed and granted, others’ shown messages, not muted, not the focused conversation', () => {
    const s = DEFAULT_SETTINGS.notify;
    expect(shouldNotify(m, s, true, false, null)).toBe(true);
    expect(shouldNotify(m, s, true, false, 'C2Cother')).toBe(true);
    expect(shouldNotify(m, s, true, false, CONV)).toBe(false);
    expect(shouldNotify(m, s, true, true, null)).toBe(false);
    expect(shouldNotify(m, s, false, false, null)).toBe(false);
    expect(shouldNotify(m, { ...s, allow: false }, true, false, null)).toBe(false);
    expect(shouldNotify({ ...m, flow: 'out' }, s, true, false, null)).toBe(false);
    const typing = { type: 'TIMCustomElem', payload: { data: '{"businessID":"user_typing_status","typingStatus":1}' } };
    expect(shouldNotify({ ...m, ...typing }, s, true, false, null)).toBe(false);
    expect(notificationText(m, s, 3, 'me', t)).toEqual({ title: 'Peer', body: 'hello' });
    expect(notificationText(m, { ...s, previews: false }, 3, 'me', t)).toEqual({
      title: 'New message',
      body: 'You have 3 new messages',
    });
    expect(notificationText(m, { ...s, previews: false, title: 'Jobs' }, 1, 'me', tr('zh'))).toEqual({
      title: 'Jobs',
      body: '你有 1 条新消息',
    });
    expect(titleWithUnread('Parley', 3)).toBe('(3) Parley');
    expect(titleWithUnread('(3) Parley', 120)).toBe('(99+) Parley');
    expect(titleWithUnread('(99+) Parley', 0)).toBe('Parley');
  });

  it('KACT19 the notifier counts unseen messages, skips muted conversations, asks only when the user acts', async () => {
    const chat = new FakeChat();
    chat.conversations = [conversation(CONV), conversation('C2Cquiet', { messageRemindType: 'AcceptNotNotify' })];
    const kit = new ChatKit(chat, createChatI18n('en'));
    const { env, shown } = fakeEnv({ permission: () => 'default' });
    const notifier = new Notifier({
      chat,
      settings: kit.settings,
      conversations: () => chat.conversations,
      current: () => null,
      unread: { subscribe: () => () => undefined, getSnapshot: () => 4 },
      open: () => undefined,
      t,
      env,
    });
    const detach = notifier.attach();
    expect(env.title).toBe('(4) Parley');
    expect(env.requested).toBe(0);
    chat.emit('onMessageReceived', [m]);
    expect(shown).toEqual([]);
    notifier.ask();
    expect(env.requested).toBe(1);
    env.permission = () => 'granted';
    kit.settings.save({ ...DEFAULT_SETTINGS, notify: { ...DEFAULT_SETTINGS.notify, previews: false } });
    chat.emit('onMessageReceived', [m, { ...m, ID: 'n2', conversationID: 'C2Cquiet' }, { ...m, ID: 'n3' }]);
    expect(shown.map((s) => s.body)).toEqual(['You have 1 new messages', 'You have 2 new messages']);
    env.focus();
    chat.emit('onMessageReceived', [{ ...m, ID: 'n4' }]);
    expect(shown.at(-1)?.body).toBe('You have 1 new messages');
    notifier.ask();
    expect(env.requested).toBe(1);
    detach();
    expect(env.title).toBe('Parley');
    await flush();
  });

  it('KACT19 settings are kept per user; malformed ones read as the defaults', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
    let user = 'ann';
    const store = new SettingsStore(
      () => user,
      () => storage,
    );
    store.load();
    const quick = Array.from({ length: 9 }, (_, i) => `q${i}`);
    store.save({ notify: { allow: false, previews: true, title: 'T', icon: '' }, quickReplies: quick });
    user = 'bob';
    store.load();
    expect(store.getSnapshot()).toEqual(DEFAULT_SETTINGS);
    user = 'ann';
    store.load();
    expect(store.getSnapshot()).toEqual({
      notify: { allow: false, previews: true, title: 'T', icon: '' },
      quickReplies: quick,
    });
    expect(readSettings('{"notify":{"allow":"yes","title":5},"quickReplies":["only one"]}')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('not json')).toEqual(DEFAULT_SETTINGS);
  });
});

describe('quick replies and rating (decision 0015)', () => {
  it('KACT20 nine recruitment defaults in each language, replaced by the user’s own', () => {
    for (const lng of ['zh', 'en'] as const) {
      const list = quickReplies(null, tr(lng));
      expect(list).toHaveLength(9);
      expect(new Set(list).size).toBe(9);
      for (const q of list) expect(q).not.toMatch(/^actions\./);
    }
    expect(quickReplies(['a', 'b'], t)).toEqual(['a', 'b']);
  });

  it('KACT20 the evaluation message: score 1–5 as a string, comment, description and extension', () => {
    const p = evaluationPayload(4, 'good');
    expect(JSON.parse(p.data)).toEqual({ businessID: 'evaluation', version: 1, score: '4', comment: 'good' });
    expect(p.description).toBe('evaluation of this service');
    expect(p.extension).toBe('evaluation of this service');
    expect(JSON.parse(evaluationPayload(0, '').data).score).toBe('1');
    expect(JSON.parse(evaluationPayload(9, '').data).score).toBe('5');
    expect(JSON.parse(evaluationPayload(Number.NaN, 'x'.repeat(900)).data).comment).toHaveLength(500);
  });
});
