// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationSearch, ConversationSearchButton } from '../src/search/conversation-search.tsx';
import { GlobalSearch } from '../src/search/global-search.tsx';
import { Highlighted, segments } from '../src/search/highlight.tsx';
import type { ChatMessage, ChatResponse } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, history, incoming } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const PEER = 'C2Cann';

/** An SDK double with cloud search and getMessageListHopping over its histories (reference §3.3, §7). */
class SearchChat extends FakeChat {
  searchFails = false;
  messageHits: { conversationID: string; messageCount: number; messageList: ChatMessage[] }[] = [];
  users: Record<string, unknown>[] = [];
  groups: Record<string, unknown>[] = [];
  hold: Promise<void> | null = null;

  async searchCloudMessages(o: { keywordList: string[]; conversationID?: string; cursor?: string }) {
    this.calls.push(`searchMessages ${o.keywordList.join(',')} ${o.conversationID ?? '*'}`);
    await this.hold;
    if (this.searchFails) throw Object.assign(new Error('rate limited'), { code: 60018 });
    const list = o.conversationID
      ? this.messageHits.filter((r) => r.conversationID === o.conversationID)
      : this.messageHits;
    return { code: 0, data: { searchResultList: list, cursor: '', totalCount: list.length } };
  }
  async searchCloudUsers(o: { keywordList: string[] }) {
    this.calls.push(`searchUsers ${o.keywordList.join(',')}`);
    return { code: 0, data: { searchResultList: this.users, cursor: '', totalCount: this.users.length } };
  }
  async searchCloudGroups(o: { keywordList: string[] }) {
    this.calls.push(`searchGroups ${o.keywordList.join(',')}`);
    return { code: 0, data: { searchResultList: this.groups, cursor: '', totalCount: this.groups.length } };
  }
  /** From `sequence` (that message included), older or newer, oldest first; sequences are the history's. */
  async getMessageListHopping(o: {
    conversationID: string;
    sequence: number;
    direction: 0 | 1;
    count: number;
  }): Promise<ChatResponse<{ messageList: ChatMessage[]; isCompleted: boolean; nextMessageSeq: number }>> {
    this.calls.push(`hop ${o.sequence} ${o.direction}`);
    const all = this.history.get(o.conversationID) ?? [];
    const from =
      o.direction === 0 ? all.filter((m) => m.sequence <= o.sequence) : all.filter((m) => m.sequence >= o.sequence);
    const page = o.direction === 0 ? from.slice(-o.count) : from.slice(0, o.count);
    const isCompleted = page.length === from.length;
    const edge = o.direction === 0 ? page[0] : page.at(-1);
    const nextMessageSeq = isCompleted || !edge ? 0 : edge.sequence + (o.direction === 0 ? -1 : 1);
    return { code: 0, data: { messageList: page, isCompleted, nextMessageSeq } };
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

function type(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
const key = (el: Element, k: string) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

function chatWithHistory(n = 3000) {
  const chat = new SearchChat();
  chat.history.set(PEER, history(PEER, n));
  chat.conversations = [conversation(PEER, { userProfile: { userID: 'ann', nick: 'Ann', avatar: '' } })];
  return chat;
}

describe('search highlighting (SRCH49)', () => {
  it('SRCH49 marks every keyword, ignoring case, and keeps markup in a message as text', async () => {
    expect(segments('Go go GO', ['go'])).toEqual([
      { text: 'Go', match: true },
      { text: ' ', match: false },
      { text: 'go', match: true },
      { text: ' ', match: false },
      { text: 'GO', match: true },
    ]);
    const view = await renderKit(new SearchChat(), () => (
      <Highlighted text={'<img src=x onerror="alert(1)"> 下周面试 Interview'} keywords={['面试', 'interview']} />
    ));
    cleanups.push(view.unmount);
    expect([...view.host.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['面试', 'Interview']);
    expect(view.host.querySelector('img')).toBeNull();
    expect(view.host.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});

describe('the search box over every conversation (SRCH48, SRCH50)', () => {
  async function searchFor(chat: SearchChat, query: string, language: 'en' | 'zh' = 'en') {
    const view = await renderKit(chat, () => <GlobalSearch />, { language });
    cleanups.push(view.unmount);
    const input = byTestId('global-search-input')[0] as HTMLInputElement;
    await view.act(() => type(input, query));
    await view.act(() => key(input, 'Enter'));
    return { view, input };
  }

  it('SRCH48 SRCH50 messages, contacts and groups in sections; arrows and Enter open a message at its place', async () => {
    const chat = chatWithHistory();
    const early = chat.history.get(PEER)?.[41] as ChatMessage;
    early.payload = { text: 'the offer letter is ready' };
    chat.messageHits = [{ conversationID: PEER, messageCount: 3, messageList: [early] }];
    chat.users = [{ userID: 'offerbot', nick: 'Offer Bot', avatar: '' }];
    chat.groups = [
      { groupID: 'g1', name: 'Offers team', selfInfo: { role: 'Member' } },
      { groupID: 'g2', name: 'Offers elsewhere', selfInfo: {} },
    ];
    const { view, input } = await searchFor(chat, 'offer');
    expect(chat.calls).toEqual(
      expect.arrayContaining(['searchMessages offer *', 'searchUsers offer', 'searchGroups offer']),
    );
    const sections = ['search-messages', 'search-contacts', 'search-groups'].map((id) => byTestId(id)[0]);
    expect(sections.map((s) => s?.getAttribute('aria-label'))).toEqual(['Messages', 'Contacts', 'Groups']);
    // A group I am not in is not offered: its conversation would not open.
    expect(byTestId('search-option').map((o) => o.textContent)).toEqual([
      'Annthe offer letter is ready3 matching messages',
      'Offer Botofferbot',
      'Offers team',
    ]);
    expect([...view.host.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'offer',
      'Offer',
      'offer',
      'Offer',
    ]);

    await view.act(() => key(input, 'ArrowDown'));
    await view.act(() => key(input, 'ArrowDown'));
    expect(input.getAttribute('aria-activedescendant')).toBe(byTestId('search-option')[1]?.id);
    await view.act(() => key(input, 'ArrowUp'));
    expect(byTestId('search-option')[0]?.getAttribute('aria-selected')).toBe('true');
    await view.act(() => key(input, 'Enter'));
    await view.act();
    // Opened at message 42 of 3,000, with a page above and below it, and the search box cleared.
    expect(view.kit.current.getSnapshot().conversationID).toBe(PEER);
    expect(chat.calls).toEqual(expect.arrayContaining(['hop 42 0', 'hop 43 1']));
    const state = view.kit.messages.getSnapshot();
    expect(state.items.map((m) => m.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => 28 + i));
    expect(state).toMatchObject({ target: early.ID, hasNewer: true, jumped: true });
    expect(view.kit.features.jumps.getSnapshot()?.ID).toBe(early.ID);
    expect(input.value).toBe('');
  });

  it('SRCH48 loading, empty and error states; Escape clears; zh texts', async () => {
    const chat = new SearchChat();
    let release = () => {};
    chat.hold = new Promise((resolve) => {
      release = resolve;
    });
    const { view, input } = await searchFor(chat, 'nothing', 'zh');
    expect(byTestId('search-loading')[0]?.textContent).toBe('正在搜索…');
    expect(input.getAttribute('placeholder')).toBe('搜索');
    await view.act(() => release());
    expect(byTestId('search-empty')[0]?.textContent).toBe('没有找到“nothing”相关的结果');
    chat.searchFails = true;
    await view.act(() => key(input, 'Enter'));
    expect(byTestId('search-error')[0]?.textContent).toContain('搜索失败');
    chat.searchFails = false;
    chat.messageHits = [
      { conversationID: PEER, messageCount: 1, messageList: [incoming(PEER, 'x1', 'nothing here', 5)] },
    ];
    const retry = byTestId('search-error')[0]?.querySelector('button') as HTMLButtonElement;
    await view.act(() => retry.click());
    expect(byTestId('search-option')).toHaveLength(1);
    await view.act(() => key(input, 'Escape'));
    expect(input.value).toBe('');
    expect(byTestId('search-option')).toHaveLength(0);
  });
});

describe('a conversation opened at a message (SRCH45, SRCH46)', () => {
  it('SRCH46 loads older and newer pages around it; pushes wait until the live end is reached', async () => {
    const chat = chatWithHistory(40);
    const view = await renderKit(chat, () => null);
    cleanups.push(view.unmount);
    const { messages } = view.kit;
    await view.act(() => messages.openAt(PEER, 'm10', 10));
    expect(messages.getSnapshot().items.map((m) => m.sequence)).toEqual(Array.from({ length: 25 }, (_, i) => 1 + i));
    expect(messages.getSnapshot()).toMatchObject({ isCompleted: true, hasNewer: true, newerSeq: 26 });
    // A new message while newer ones are still to load is set aside.
    await view.act(() => messages.receive([incoming(PEER, 'm41', 'new', 41)]));
    expect(messages.getSnapshot().items.some((m) => m.ID === 'm41')).toBe(false);
    // The server stores m41 just after it answers the last newer page.
    const hop = chat.getMessageListHopping.bind(chat);
    chat.getMessageListHopping = async (o) => {
      const page = await hop(o);
      if (page.data.isCompleted) chat.history.get(PEER)?.push(incoming(PEER, 'm41', 'new', 41));
      return page;
    };
    await view.act(() => messages.loadNewer());
    expect(messages.getSnapshot()).toMatchObject({ hasNewer: false });
    // Reaching the end fetches the newest page, which brings what was set aside.
    expect(chat.calls.at(-1)).toBe(`list ${PEER} `);
    expect(
      messages
        .getSnapshot()
        .items.slice(-2)
        .map((m) => m.ID),
    ).toEqual(['m40', 'm41']);
  });

  it('SRCH45 older pages go on before the oldest listed message', async () => {
    const chat = chatWithHistory(3000);
    const view = await renderKit(chat, () => null);
    cleanups.push(view.unmount);
    await view.act(() => view.kit.messages.openAt(PEER, 'm100', 100));
    await view.act(() => view.kit.messages.loadMore());
    expect(chat.calls.at(-1)).toBe(`list ${PEER} m86`);
    expect(view.kit.messages.getSnapshot().items[0]?.sequence).toBe(71);
  });
});

describe('the open conversation search (SRCH51)', () => {
  it('SRCH51 the header button opens the panel; its matches open at their place', async () => {
    const chat = chatWithHistory(500);
    const hit = chat.history.get(PEER)?.[199] as ChatMessage;
    hit.payload = { text: 'salary talk' };
    chat.messageHits = [{ conversationID: PEER, messageCount: 1, messageList: [hit] }];
    const view = await renderKit(chat, () => (
      <>
        <ConversationSearchButton />
        <ConversationSearch conversationID={PEER} />
      </>
    ));
    cleanups.push(view.unmount);
    await view.act(() => view.kit.open(PEER));
    await view.act(() => (byTestId('conversation-search-toggle')[0] as HTMLButtonElement).click());
    const input = byTestId('conversation-search-input')[0] as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    await view.act(() => type(input, 'salary'));
    await view.act(() => key(input, 'Enter'));
    expect(chat.calls).toContain(`searchMessages salary ${PEER}`);
    expect([...view.host.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['salary']);
    await view.act(() => key(input, 'ArrowDown'));
    await view.act(() => key(input, 'Enter'));
    await view.act();
    expect(chat.calls).toContain('hop 200 0');
    expect(view.kit.messages.getSnapshot().target).toBe(hit.ID);
    // Escape closes the panel and gives the button its focus back.
    await view.act(() => key(input, 'Escape'));
    expect(byTestId('conversation-search')).toEqual([]);
    expect(document.activeElement).toBe(byTestId('conversation-search-toggle')[0]);
  });
});
