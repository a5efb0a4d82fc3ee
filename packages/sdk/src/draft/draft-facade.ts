/** Conversation drafts kept on the server (decision 0041): setConversationDraft, declared for the registry (0029). */
import { conversationPath, DRAFT_LIMITS, DRAFT_ROUTES, type WireConversation } from '@parley/protocol';
import { ChatError, type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { isConversationID } from '../message/message-module.ts';
import { type Conversation, toConversation } from '../conversation/conversation.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface DraftOptions {
  conversationID: string;
  draftText: string;
}

export class DraftModule {
  readonly #host: SdkHost;

  constructor(host: SdkHost) {
    this.#host = host;
  }

  /** TIM's setConversationDraft: '' clears (DRF1); the answer is the conversation with the draft (reference §4). */
  setConversationDraft(options: DraftOptions): Response<{ conversation: Conversation }> {
    const api = 'setConversationDraft';
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    const { conversationID, draftText } = options;
    assertParams(typeof conversationID === 'string' && conversationID !== '', api, 'conversationID');
    assertParams(typeof draftText === 'string', api, 'draftText must be a string');
    assertParams(draftText.length <= DRAFT_LIMITS.textChars, api, `draftText ≤ ${DRAFT_LIMITS.textChars} characters`);
    if (!isConversationID(conversationID)) return Promise.reject(ChatError.from('INVALID_CONV_ID'));
    return this.#put(conversationID, draftText);
  }

  /**
   * DRF7: a message sent in a conversation clears its draft for every device. Only a conversation that has one costs
   * a request, so the send path pays nothing otherwise; a failure only leaves the draft (logged).
   */
  clearAfterSend(conversationID: string): void {
    if (!this.#host.live.conversations.get(conversationID)?.draftText) return;
    this.#put(conversationID, '').catch((err: unknown) => this.#host.logger.warn('draft: not cleared after send', err));
  }

  async #put(conversationID: string, draftText: string): Response<{ conversation: Conversation }> {
    const { live, http, me } = this.#host;
    const path = conversationPath(DRAFT_ROUTES.draft, conversationID);
    const { conversation } = await http.request<{ conversation: WireConversation }>('PUT', path, {
      body: { draftText },
    });
    return live.queue.run(() => {
      const known = live.conversations.has(conversationID);
      if (known) live.conversations.patch(conversationID, { draftText, draftTime: conversation.draftTime ?? 0 });
      else live.sync.requestResync(); // a draft to a peer never messaged creates the conversation (DRF4)
      const view = live.conversations.get(conversationID) ?? toConversation(conversation, me());
      return ok({ conversation: view });
    });
  }
}

/** Drafts (reference §4 setConversationDraft; decision 0041). Other devices learn through `conversation.changed`. */
export const draftsFeature = defineFeature({
  name: 'drafts',
  create: (host: SdkHost) => ({ host, drafts: new DraftModule(host) }),
  methods: {
    setConversationDraft(options: DraftOptions): Response<{ conversation: Conversation }> {
      return this.host.guarded('setConversationDraft', () => this.drafts.setConversationDraft(options));
    },
  },
});
