import { describe, expect, it } from 'vitest';
import { type ForwardPort, forwardTargets, forwardTo, mergerPayload } from '../src/actions/forward/forward.ts';
import { RECORDS_PAGE, RecordsStore, toRecord } from '../src/actions/records/records-store.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, flush, history, incoming } from './fake-chat.ts';

const CONV = 'C2Cpeer';

class ForwardChat extends FakeChat {
  readonly sent: { to: string; type: string; payload: unknown }[] = [];
  failTo = '';
  downloads = new Map<string, unknown[]>();
  deleted: string[][] = [];
  createForwardMessage(o: { to: string; conversationType: string; payload: ChatMessage }): ChatMessage {
    return { ...o.payload, ID: `fw-${this.sent.length}-${o.payload.ID}`, to: o.to, conversationID: `C2C${o.to}` };
  }
  createMergerMessage(o: { to: string; conversationType: string; payload: { title: string } }): ChatMessage {
    return { ...incoming(`C2C${o.to}`, `mg-${o.to}`, '', 0), type: 'TIMRelayElem', payload: o.payload, to: o.to };
  }
  async downloadMergerMessage(m: { type: string; payload: unknown }) {
    const key = (m.payload as { downloadKey: string }).downloadKey;
    const list = this.downloads.get(key);
    if (!list) throw Object.assign(new Error('Invalid merged-record download key'), { code: 2451 });
    return { code: 0, data: { ...m, payload: { ...(m.payload as object), messageList: list } } as ChatMessage };
  }
  override async sendMessage(message: ChatMessage) {
    if (message.to === this.failTo) throw Object.assign(new Error('refused'), { code: 80001, data: { message } });
    this.sent.push({ to: message.to, type: message.type, payload: message.payload });
    return { code: 0, data: { message: { ...message, status: 'success' } } };
  }
  async revokeMessage() {
    return {};
  }
  async deleteMessage(list: ChatMessage[]) {
    this.deleted.push(list.map((m) => m.ID));
    return { code: 0, data: { messageList: list } };
  }
  async addMessageReaction() {
    return {};
  }
  async removeMessageReaction() {
    return {};
  }
  async getMessageReactions() {
    return { code: 0, data: { resultList: [] } };
  }
}

const t = createChatI18n('en').getFixedT('en', 'parleyChat') as unknown as (k: string, o?: object) => string;

describe('forward (decision 0015)', () => {
  it('KACT16 the dialog lists one-to-one and group conversations most recent first, searchable by name or ID', () => {
    const at = (lastTime: number) => ({
      lastTime,
      fromAccount: '',
      type: 'TIMTextElem',
      payload: {},
      messageForShow: '',
      isRevoked: false,
    });
    const list = [
      conversation('C2Cann', { lastMessage: at(10), userProfile: { userID: 'ann', nick: 'Ann Lee', avatar: '' } }),
      conversation('@TIM#SYSTEM', { lastMessage: at(99) }),
      conversation('GROUPg1', { lastMessage: at(30), groupProfile: { groupID: 'g1', name: 'Hiring' } as never }),
      conversation('C2Cbob', { lastMessage: at(20) }),
    ];
    expect(forwardTargets(list, '').map((c) => c.conversationID)).toEqual(['GROUPg1', 'C2Cbob', 'C2Cann']);
    expect(forwardTargets(list, ' LEE ').map((c) => c.conversationID)).toEqual(['C2Cann']);
    expect(forwardTargets(list, 'g1').map((c) => c.conversationID)).toEqual(['GROUPg1']);
    expect(forwardTargets(list, 'nobody')).toEqual([]);
  });

  it('KACT16 one by one sends copies in time order to every target; a refused target never stops the others', async () => {
    const chat = new ForwardChat();
    const [m1, m2] = history(CONV, 2) as [ChatMessage, ChatMessage];
    chat.failTo = 'bad';
    const merged = () => mergerPayload([m1, m2], 'peer', 'me', t);
    const each = await forwardTo(
      chat as unknown as ForwardPort,
      { mode: 'each', messages: [m2, m1] },
      ['C2Cann', 'C2Cbad', 'GROUPg1'],
      merged,
    );
    expect(chat.sent.map((s) => `${s.to}:${(s.payload as { text: string }).text}`)).toEqual([
      'ann:text 1',
      'ann:text 2',
      'g1:text 1',
      'g1:text 2',
    ]);
    expect(each.errors).toHaveLength(2);
    chat.sent.length = 0;
    const one = await forwardTo(
      chat as unknown as ForwardPort,
      { mode: 'merged', messages: [m1, m2] },
      ['C2Cann'],
      merged,
    );
    expect(one.errors).toEqual([]);
    expect(chat.sent).toEqual([
      {
        to: 'ann',
        type: 'TIMRelayElem',
        payload: {
          messageList: [m1, m2],
          title: 'Chat history of me and peer',
          abstractList: ['peer: text 1', 'peer: text 2'],
          compatibleText: '[Chat Record]',
        },
      },
    ]);
  });

  it('KACT15 KACT16 multi-select forwards merged with a success toast, deletes for me, and ends on leaving', async () => {
    const chat = new ForwardChat();
    chat.history.set(CONV, history(CONV, 3));
    chat.conversations = [conversation(CONV), conversation('C2Cann')];
    const kit = new ChatKit(chat, createChatI18n('en'));
    const detach = kit.attach();
    await flush();
    kit.open(CONV);
    await flush();
    const { selection } = kit.features;
    selection.start('m1');
    selection.toggle('m3');
    selection.toggle('m1');
    selection.toggle('m2');
    expect(selection.getSnapshot()).toEqual({ active: true, ids: ['m3', 'm2'] });
    kit.features.forwardSelected('merged');
    expect(kit.features.forwardRequest.getSnapshot()?.messages.map((m) => m.ID)).toEqual(['m2', 'm3']);
    await kit.features.confirmForward(['C2Cann', CONV]);
    // Oldest first in the records; the copy into the open conversation shows at once.
    expect((chat.sent[0]?.payload as { abstractList?: string[] } | undefined)?.abstractList).toEqual([
      'peer: text 2',
      'peer: text 3',
    ]);
    expect(kit.messages.getSnapshot().items.map((m) => m.ID)).toContain(`mg-peer`);
    expect(kit.toasts.getSnapshot().map((x) => [x.type, x.text])).toEqual([['success', 'Forwarded']]);
    expect(selection.getSnapshot().active).toBe(false);

    chat.failTo = 'ann';
    kit.features.forward('m1');
    await kit.features.confirmForward(['C2Cann']);
    expect(kit.toasts.getSnapshot().at(-1)?.text).toBe('Forward failed (1)');

    selection.start('m1');
    selection.toggle('m2');
    kit.features.deleteSelected();
    await flush();
    expect(chat.deleted).toEqual([['m1', 'm2']]);
    expect(kit.messages.getSnapshot().items.map((m) => m.ID)).not.toContain('m1');
    selection.start('m3');
    kit.open('C2Cann');
    await flush();
    expect(selection.getSnapshot().active).toBe(false);
    detach();
  });
});

describe('merged records (decision 0015)', () => {
  const record = (i: number, extra: object = {}) => ({
    ID: `r${i}`,
    from: 'ann',
    nick: 'Ann',
    avatar: '',
    messageSender: 'Ann',
    time: 100 + i,
    cloudCustomData: '',
    messageBody: [{ type: 'TIMTextElem', payload: { text: `record ${i}` } }],
    ...extra,
  });

  it('KACT17 records show a page at a time; a nested record opens on top and back returns; bad records are skipped', async () => {
    const chat = new ForwardChat();
    const nested = { type: 'TIMRelayElem', payload: { downloadKey: 'k2', title: 'inner' } };
    chat.downloads.set('k1', [
      ...Array.from({ length: 24 }, (_, i) => record(i)),
      record(24, { messageBody: [nested] }),
      null,
      { messageBody: [] },
    ]);
    chat.downloads.set('k2', [record(99)]);
    const failures: unknown[] = [];
    const store = new RecordsStore(chat as unknown as ForwardPort, (e) => failures.push(e));
    store.open({ type: 'TIMRelayElem', payload: { downloadKey: 'k1', title: 'outer' } });
    expect(store.getSnapshot()).toEqual([{ title: 'outer', status: 'loading', records: [], shown: 0 }]);
    await flush();
    const [outer] = store.getSnapshot();
    expect(outer?.records).toHaveLength(25);
    expect(outer?.shown).toBe(RECORDS_PAGE);
    store.more();
    expect(store.getSnapshot()[0]?.shown).toBeGreaterThanOrEqual(25);
    const last = outer?.records[24];
    expect(last?.type).toBe('TIMRelayElem');
    store.open({ type: last?.type ?? '', payload: last?.payload });
    await flush();
    expect(store.getSnapshot().map((l) => [l.title, l.records.map((r) => r.ID)])).toEqual([
      ['outer', outer?.records.map((r) => r.ID)],
      ['inner', ['r99']],
    ]);
    store.back();
    expect(store.getSnapshot()).toHaveLength(1);
    // A download answering after its level was left changes nothing; a refused key is an error level and a toast.
    store.open({ type: 'TIMRelayElem', payload: { downloadKey: 'k2', title: 'late' } });
    store.back();
    await flush();
    expect(store.getSnapshot()).toHaveLength(1);
    store.open({ type: 'TIMRelayElem', payload: { downloadKey: 'nope', title: 'bad' } });
    await flush();
    expect(store.getSnapshot()[1]?.status).toBe('error');
    expect(failures).toMatchObject([{ code: 2451 }]);
    store.close();
    expect(store.getSnapshot()).toEqual([]);
    // Inline records without a key need no download.
    store.open({ type: 'TIMRelayElem', payload: { title: 'inline', messageList: [record(1)] } });
    expect(store.getSnapshot()[0]).toMatchObject({ status: 'ready', shown: 1 });
    expect(toRecord('x', 0)).toBeNull();
  });
});
