import { CurrentStore } from '../chat/current-store.ts';
import type { networkPart } from '../network/network-part.ts';
import { asFailure, type ChatConversation, peerOf, TYPES } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { errorText } from '../toast/error-text.ts';
import { ConversationStore } from './conversation-store.ts';
import { DeleteRequestStore } from './delete-request.ts';
import { UnreadStore } from './unread-store.ts';

export type StartChatResult = { ok: true } | { ok: false; code: number; text: string };

type Needs = KitBase & AddsOf<typeof networkPart>;

/**
 * The conversation list, the total unread, which conversation is open, and the list's commands: open, close, the
 * 'new chat' start, pin, mute and delete (with its confirmation, UI1).
 */
export const conversationsPart = kitPart({
  name: 'conversations',
  build(kit: Needs) {
    const conversations = new ConversationStore(kit.chat);
    const current = new CurrentStore(kit.chat, (err) => kit.reportError(err));
    const deleteRequest = new DeleteRequestStore();
    const act = (promise: Promise<unknown>) => {
      promise.catch((err: unknown) => kit.reportError(err));
    };
    const open = (conversationID: string) => current.open(conversationID, conversations.getSnapshot().list);
    const close = () => current.close();
    const remove = (conversation: ChatConversation) => {
      if (current.getSnapshot().conversationID === conversation.conversationID) close();
      act(kit.chat.deleteConversation(conversation.conversationID));
    };
    return {
      conversations,
      unread: new UnreadStore(kit.chat),
      current,
      /** A deletion waiting for the user's confirmation (UI1). */
      deleteRequest,
      open,
      close,
      /** The 'new chat' dialog: checks that the user exists (getConversationProfile), then opens the conversation. */
      async startC2C(userID: string): Promise<StartChatResult> {
        const conversationID = `${TYPES.CONV_C2C}${userID}`;
        try {
          const { data } = await kit.chat.getConversationProfile(conversationID);
          current.open(conversationID, conversations.getSnapshot().list, data.conversation);
          return { ok: true };
        } catch (err) {
          const failure = asFailure(err);
          return { ok: false, code: failure.code, text: errorText(failure, kit.t) };
        }
      },
      pin(conversation: ChatConversation): void {
        const { conversationID, isPinned } = conversation;
        act(kit.chat.pinConversation({ conversationID, isPinned: !isPinned }));
      },
      /** Decision 0043 (MARK10): sets or clears one mark; an SDK without marks has no menu item to call this. */
      toggleMark(conversation: ChatConversation, markType: number): void {
        const enableMark = !(conversation.markList ?? []).includes(markType);
        const request = kit.chat.markConversation?.({
          conversationIDList: [conversation.conversationID],
          markType,
          enableMark,
        });
        if (request) act(request);
      },
      /** Mute = AcceptNotNotify: messages arrive, nothing notifies, the total unread leaves the conversation out. */
      mute(conversation: ChatConversation): void {
        const muted = conversation.messageRemindType === TYPES.MSG_REMIND_ACPT_NOT_NOTE;
        const messageRemindType = muted ? TYPES.MSG_REMIND_ACPT_AND_NOTE : TYPES.MSG_REMIND_ACPT_NOT_NOTE;
        const peer = peerOf(conversation.conversationID);
        const target = conversation.conversationID.startsWith(TYPES.CONV_GROUP)
          ? { groupID: peer }
          : { userIDList: [peer] };
        act(kit.chat.setMessageRemindType({ ...target, messageRemindType }));
      },
      /** The menus' 'Delete': asks for confirmation first (UI1). */
      askRemove(conversation: ChatConversation): void {
        deleteRequest.ask(conversation);
      },
      /** The confirmation dialog's 'Delete'. */
      confirmRemove(): void {
        const conversation = deleteRequest.take();
        if (conversation) remove(conversation);
      },
      remove,
    };
  },
  attach: (kit) => [
    kit.conversations.attach(),
    kit.unread.attach(),
    kit.conversations.subscribe(() => kit.current.listChanged(kit.conversations.getSnapshot().list)),
    // Push is a hint (GUIDE §3.4): after a reconnect the list converges by fetching again.
    kit.net.onReconnected(() => kit.conversations.load()),
  ],
});
