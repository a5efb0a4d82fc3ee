// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ResendDialog } from '../src/chat/resend-dialog.tsx';
import { PresenceDot, PresenceText } from '../src/contacts/presence-dot.tsx';
import { ValueStore } from '../src/contacts/value-store.ts';
import { useStore } from '../src/hooks/use-store.ts';
import { SendStatus } from '../src/message-list/message-row.tsx';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { conversation, FakeChat, history } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

const CONV = 'C2Cpeer';

/** An SDK double whose sends wait until the test settles them, with the action methods (deleteMessage cancels). */
class QueueingChat extends FakeChat {
  readonly pending = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  override async sendMessage(message: ChatMessage) {
    this.calls.push(`send ${message.ID}`);
    await new Promise<void>((resolve, reject) => this.pending.set(message.ID, { resolve, reject }));
    message.status = 'success';
    return { code: 0, data: { message } };
  }
  async deleteMessage(list: ChatMessage[]) {
    for (const m of list) {
      this.calls.push(`delete ${m.ID}`);
      this.pending.get(m.ID)?.reject(Object.assign(new Error('The send was cancelled'), { code: 2100 }));
    }
    return { code: 0, data: { messageList: list } };
  }
  async revokeMessage() {}
  async addMessageReaction() {}
  async removeMessageReaction() {}
  async getMessageReactions() {
    return { code: 0, data: { resultList: [] } };
  }
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** The open conversation's send marks and the resend dialog, as the chat window wires them. */
function Sending({ kit }: { kit: ChatKit }) {
  const { items } = useStore(kit.messages);
  const [resendID, setResendID] = [useStore(dialogFor), (ID: string | null) => dialogFor.put(ID)];
  return (
    <>
      {items.map((item) => (
        <SendStatus key={item.ID} item={item} onResend={setResendID} />
      ))}
      <ResendDialog ID={resendID} onClose={() => setResendID(null)} />
    </>
  );
}
const dialogFor = new ValueStore<string | null>(null);

async function openChat() {
  dialogFor.put(null);
  const chat = new QueueingChat();
  chat.history.set(CONV, history(CONV, 1));
  chat.conversations = [conversation(CONV)];
  const view = await renderKit(chat, (kit) => <Sending kit={kit} />);
  cleanups.push(view.unmount);
  await view.act(() => view.kit.open(CONV));
  await view.act(() => view.kit.messages.sendText('hello'));
  const ID = view.kit.messages.getSnapshot().items.at(-1)?.ID ?? '';
  return { chat, view, ID };
}

const net = (chat: FakeChat, state: string) => chat.emit('netStateChange', { state });

describe('decision 0032: sends while offline, presence while offline', () => {
  it("UI23 a send queued while the connection is down shows '!' at once; back online it is sending, then sent", async () => {
    const { chat, view, ID } = await openChat();
    expect(byTestId('resend-button')).toHaveLength(0);
    await view.act(() => net(chat, 'disconnected'));
    const [mark] = byTestId('resend-button');
    expect(mark?.dataset.queued).toBe('true');
    expect(mark?.getAttribute('aria-label')).toMatch(/back online/);
    await view.act(() => net(chat, 'connected'));
    expect(byTestId('resend-button')).toHaveLength(0);
    await view.act(() => chat.pending.get(ID)?.resolve());
    expect(view.kit.messages.getSnapshot().items.find((m) => m.ID === ID)?.status).toBe('success');
  });

  it("UI24 '!' of a queued send opens a dialog that offers to cancel it: the SDK drops it, the entry leaves, no toast", async () => {
    const { chat, view, ID } = await openChat();
    await view.act(() => net(chat, 'disconnected'));
    await view.act(() => byTestId('resend-button')[0]?.click());
    expect(byTestId('resend-dialog')[0]?.textContent).toMatch(/sent by itself/);
    const cancel = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel sending');
    await view.act(() => cancel?.click());
    await view.act();
    expect(chat.calls).toContain(`delete ${ID}`);
    expect(view.kit.messages.getSnapshot().items.map((m) => m.ID)).not.toContain(ID);
    expect(view.kit.toasts.getSnapshot()).toEqual([]);
    expect(byTestId('resend-dialog')).toHaveLength(0);
  });

  it("UI25 while the user's own connection is down, the header's status and the dots say unknown, not the last state", async () => {
    const chat = new FakeChat();
    const view = await renderKit(
      chat,
      () => (
        <>
          <PresenceText userID="peer" />
          <PresenceDot userID="peer" />
        </>
      ),
      {
        // The friend store as USER_STATUS_UPDATED left it: the peer online.
        prepare: (kit) =>
          Object.assign(kit.contacts, {
            showOnline: new ValueStore(true),
            friends: Object.assign(
              new ValueStore({
                friends: [],
                applications: [],
                unreadApplications: 0,
                online: new Map([['peer', true]]),
              }),
              { watch: () => undefined },
            ),
          }),
      },
    );
    cleanups.push(view.unmount);
    expect(byTestId('presence-text')[0]?.textContent).toBe('Online');
    await view.act(() => net(chat, 'disconnected'));
    expect(byTestId('presence-text')[0]?.textContent).toBe('Status unknown');
    expect(byTestId('presence-dot')[0]?.dataset.online).toBe('unknown');
    expect(byTestId('presence-dot')[0]?.getAttribute('aria-label')).toBe('Status unknown');
    await view.act(() => net(chat, 'connected'));
    expect(byTestId('presence-text')[0]?.textContent).toBe('Online');
  });
});
