import type { i18n as I18n } from 'i18next';
import { Announcer } from '../a11y/announcer.ts';
import { CurrentStore } from '../chat/current-store.ts';
import { ConversationStore } from '../conversation-list/conversation-store.ts';
import { DeleteRequestStore } from '../conversation-list/delete-request.ts';
import { UnreadStore } from '../conversation-list/unread-store.ts';
import { chatTranslator } from '../i18n/index.ts';
import type { Translate } from '../i18n/translate.ts';
import { isShown } from '../message-list/message-item.ts';
import { MessageStore } from '../message-list/message-store.ts';
import { messageSummary } from '../message-list/summary.ts';
import { NetStore } from '../network/net-store.ts';
import { errorText } from '../toast/error-text.ts';
import { ToastStore } from '../toast/toast-store.ts';
import { GroupActions } from '../group/group-actions.ts';
import { GroupListStore } from '../group/group-list-store.ts';
import { type GroupPort, groupPortOf } from '../group/group-port.ts';
import { GroupStore } from '../group/group-store.ts';
import { ReadMembersStore } from '../group/read-members-store.ts';
import { ReadReceipts } from '../group/read-receipts.ts';
import { SystemStore } from '../group/system-store.ts';
// Message actions (issue 9)
import { actionPortOf } from '../actions/action-port.ts';
import { failOrLog, MessageActionsKit } from '../actions/message-actions-kit.ts';
import { MessageFeatures } from '../actions/message-features.ts';
import { Notifier } from '../actions/notifier.ts';
import { SettingsStore } from '../actions/settings-store.ts';
import { TypingStore } from '../actions/typing-store.ts';
// Contacts, profiles and presence (issue 10)
import { ContactsKit } from '../contacts/contacts-kit.ts';
import {
  asFailure,
  type ChatConversation,
  type ChatEvent,
  type ChatMessage,
  type ChatPort,
  EVENT,
  peerOf,
  TYPES,
} from './chat-port.ts';

export type StartChatResult = { ok: true } | { ok: false; code: number; text: string };

/**
 * Everything the kit knows, as external stores over one SDK instance, and the actions the UI may take. Components
 * subscribe to the stores and call these actions; only the stores talk to the SDK (GUIDE §5.6).
 */
export class ChatKit {
  readonly chat: ChatPort;
  readonly i18n: I18n;
  readonly toasts = new ToastStore();
  readonly announcer = new Announcer();
  readonly conversations: ConversationStore;
  readonly unread: UnreadStore;
  readonly net: NetStore;
  readonly current: CurrentStore;
  readonly messages: MessageStore;
  /** A deletion waiting for the user's confirmation (UI1). */
  readonly deleteRequest = new DeleteRequestStore();
  /** The SDK's group methods, or null when the SDK has none (then group actions say so). */
  readonly groupPort: GroupPort | null;
  /** The open group: profile, own role and mute, members (issue 7 §12, §15). */
  readonly group: GroupStore;
  readonly groupIDs: GroupListStore;
  readonly groupActions: GroupActions;
  readonly system: SystemStore;
  readonly receipts: ReadReceipts;
  readonly readMembers: ReadMembersStore;
  /** Message actions and the open conversation's reactions (issue 9). */
  readonly actions: MessageActionsKit;
  /** Typing in the open one-to-one chat (issue 9 §6). */
  readonly typing: TypingStore;
  /** Friends, groups, blocklist, own profile, online dots, the home tab and the profile card (issue 10). */
  readonly contacts: ContactsKit;
  /** Multi-select, forward, quote and reply, merged records (issue 9 §8–§11). */
  readonly features: MessageFeatures;
  /** Per-user chat settings and desktop notifications (issue 9 §14, §15). */
  readonly settings: SettingsStore;
  readonly notifier: Notifier;

  constructor(chat: ChatPort, i18n: I18n) {
    this.chat = chat;
    this.i18n = i18n;
    const report = (err: unknown) => this.reportError(err);
    this.conversations = new ConversationStore(chat);
    this.unread = new UnreadStore(chat);
    this.net = new NetStore(chat);
    this.current = new CurrentStore(chat, report);
    this.messages = new MessageStore(chat, report);
    const port = groupPortOf(chat);
    this.groupPort = port;
    this.group = new GroupStore(port, () => chat.getLoginUser(), report);
    this.groupIDs = new GroupListStore(port);
    this.system = new SystemStore(chat, port, report);
    this.receipts = new ReadReceipts(port, this.messages);
    this.readMembers = new ReadMembersStore(port);
    this.actions = new MessageActionsKit({ chat, port: actionPortOf(chat), messages: this.messages, report });
    this.typing = new TypingStore(chat, this.messages);
    this.contacts = new ContactsKit({
      chat,
      groupPort: port,
      groups: this.groupIDs.roster,
      t: (key, options) => this.t(key, options),
      toast: (text) => this.toasts.error(text),
      openConversation: (id) => this.open(id),
      openSystem: () => this.system.open(),
    });
    this.features = new MessageFeatures({
      chat,
      messages: this.messages,
      conversations: this.conversations,
      toasts: this.toasts,
      fail: (err) => failOrLog(err, report),
      remove: (IDs) => this.actions.removeAll(IDs),
      t: (key, options) => this.t(key, options),
    });
    this.settings = new SettingsStore(() => (chat.isReady() ? chat.getLoginUser() : ''));
    this.notifier = new Notifier({
      chat,
      settings: this.settings,
      conversations: () => this.conversations.getSnapshot().list,
      current: () => this.current.getSnapshot().conversationID,
      unread: this.unread,
      open: (id) => this.open(id),
      t: (key, options) => this.t(key, options),
    });
    this.groupActions = new GroupActions({
      port,
      store: this.group,
      report,
      openConversation: (id) => this.open(id),
      leave: (groupID) => {
        if (this.current.getSnapshot().conversationID === `${TYPES.CONV_GROUP}${groupID}`) this.close();
      },
      noModule: () => Object.assign(new Error(this.t('group.errors.noModule')), { code: 0 }),
    });
  }

  /** Texts in the language showing right now. */
  t: Translate = (key, options) => chatTranslator(this.i18n, null)(key, options);

  /** Subscribes to the SDK; returns the undo. Safe to call again after the undo (React StrictMode does). */
  attach(): () => void {
    const received = (event: ChatEvent) => this.#received(event.data as ChatMessage[]);
    const readByPeer = (event: ChatEvent) => this.messages.peerRead(event.data as ChatMessage[]);
    this.chat.on(EVENT.MESSAGE_RECEIVED, received);
    this.chat.on(EVENT.MESSAGE_READ_BY_PEER, readByPeer);
    // Message actions (issue 9 §13): a recalled message becomes its recall line, a deleted one leaves the list.
    const changed = (event: ChatEvent) => this.messages.receive(event.data as ChatMessage[]);
    this.chat.on(EVENT.MESSAGE_REVOKED, changed);
    this.chat.on(EVENT.MESSAGE_MODIFIED, changed);
    const undo = [
      this.actions.attach(),
      this.typing.attach(),
      this.contacts.attach(),
      // Online dots of one-to-one rows and the chat header (issue 10 §8, KCNT12).
      this.conversations.subscribe(() =>
        this.contacts.friends.watch(
          this.conversations
            .getSnapshot()
            .list.filter((c) => c.type === TYPES.CONV_C2C)
            .map((c) => peerOf(c.conversationID)),
        ),
      ),
      this.features.attach(),
      this.notifier.attach(),
      this.group.attach(this.chat),
      this.groupIDs.attach(this.chat),
      this.receipts.attach(this.chat),
      this.conversations.attach(),
      this.unread.attach(),
      this.net.attach(),
      this.conversations.subscribe(() => this.current.listChanged(this.conversations.getSnapshot().list)),
      // An AVChatRoom keeps no read receipts: its messages do not ask for them (KGRP8).
      this.group.subscribe(() => {
        this.messages.receiptsWanted = this.group.getSnapshot().group?.type !== TYPES.GRP_AVCHATROOM;
      }),
      this.current.subscribe(() => {
        const { conversationID } = this.current.getSnapshot();
        if (conversationID !== this.messages.getSnapshot().conversationID) this.messages.open(conversationID);
        this.group.open(conversationID);
      }),
      // Push is a hint (GUIDE §3.4): after a reconnect the open chat and the list converge by fetching again.
      this.net.onReconnected(() => {
        this.conversations.load();
        this.messages.catchUp();
        this.group.refresh();
      }),
      () => {
        this.chat.off(EVENT.MESSAGE_RECEIVED, received);
        this.chat.off(EVENT.MESSAGE_READ_BY_PEER, readByPeer);
        this.chat.off(EVENT.MESSAGE_REVOKED, changed);
        this.chat.off(EVENT.MESSAGE_MODIFIED, changed);
        this.toasts.dispose();
      },
    ];
    return () => {
      for (const fn of undo) fn();
    };
  }

  open(conversationID: string): void {
    this.current.open(conversationID, this.conversations.getSnapshot().list);
  }

  close(): void {
    this.current.close();
  }

  /** The 'new chat' dialog: checks that the user exists (getConversationProfile), then opens the conversation. */
  async startC2C(userID: string): Promise<StartChatResult> {
    const conversationID = `${TYPES.CONV_C2C}${userID}`;
    try {
      const { data } = await this.chat.getConversationProfile(conversationID);
      this.current.open(conversationID, this.conversations.getSnapshot().list, data.conversation);
      return { ok: true };
    } catch (err) {
      const failure = asFailure(err);
      return { ok: false, code: failure.code, text: errorText(failure, this.t) };
    }
  }

  pin(conversation: ChatConversation): void {
    this.#act(
      this.chat.pinConversation({ conversationID: conversation.conversationID, isPinned: !conversation.isPinned }),
    );
  }

  /** Mute = AcceptNotNotify: messages arrive, nothing notifies, the total unread leaves the conversation out. */
  mute(conversation: ChatConversation): void {
    const muted = conversation.messageRemindType === TYPES.MSG_REMIND_ACPT_NOT_NOTE;
    const messageRemindType = muted ? TYPES.MSG_REMIND_ACPT_AND_NOTE : TYPES.MSG_REMIND_ACPT_NOT_NOTE;
    const peer = peerOf(conversation.conversationID);
    const target = conversation.conversationID.startsWith(TYPES.CONV_GROUP)
      ? { groupID: peer }
      : { userIDList: [peer] };
    this.#act(this.chat.setMessageRemindType({ ...target, messageRemindType }));
  }

  /** The menus' 'Delete': asks for confirmation first (UI1). */
  askRemove(conversation: ChatConversation): void {
    this.deleteRequest.ask(conversation);
  }

  /** The confirmation dialog's 'Delete'. */
  confirmRemove(): void {
    const conversation = this.deleteRequest.take();
    if (conversation) this.remove(conversation);
  }

  remove(conversation: ChatConversation): void {
    if (this.current.getSnapshot().conversationID === conversation.conversationID) this.close();
    this.#act(this.chat.deleteConversation(conversation.conversationID));
  }

  /** Seed 000 §8: errors go to the one shared toast, with the product's text for known codes. */
  reportError(err: unknown): void {
    this.toasts.error(errorText(asFailure(err), this.t));
  }

  #act(promise: Promise<unknown>): void {
    promise.catch((err: unknown) => this.reportError(err));
  }

  #received(messages: readonly ChatMessage[]): void {
    if (!Array.isArray(messages)) return;
    this.messages.receive(messages);
    this.group.received(messages);
    this.system.received(messages);
    const self = this.chat.getLoginUser();
    for (const message of messages) {
      if (message.flow !== 'in' || !isShown(message)) continue;
      const text = messageSummary(message, self, this.t);
      // A tip or a system notice is its own sentence; a message is announced with its sender's name.
      if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) {
        this.announcer.announce(text);
        continue;
      }
      const name = message.nameCard || message.nick || message.from;
      this.announcer.announce(this.t('message.announce', { name, text }));
    }
  }
}
