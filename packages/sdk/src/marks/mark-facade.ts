/** Conversation marks kept on the server (decision 0043): markConversation, declared for the registry (0029). */
import {
  CONVERSATION_ID_PATTERN,
  ERRORS,
  MARK_LIMITS,
  MARK_ROUTES,
  type MarkResult,
  markBitOf,
} from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';

type Response<T> = Promise<ChatResponse<T>>;

export interface MarkConversationOptions {
  conversationIDList: string[];
  /** One bit: TYPES.CONV_MARK_TYPE_* (1, 2, 4, 8) or a custom 2^n up to 2^63 (MARK3). */
  markType: number;
  enableMark: boolean;
}

export type { MarkResult };

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
/** IN3's pattern: an ID the server's schema would refuse fails alone here instead of failing the whole call. */
const CONVERSATION_ID = new RegExp(CONVERSATION_ID_PATTERN);
const isConversationID = (id: string) => CONVERSATION_ID.test(id);

export class MarkModule {
  readonly #host: SdkHost;

  constructor(host: SdkHost) {
    this.#host = host;
  }

  /**
   * TIM's markConversation: sets or clears one mark on up to 100 conversations (MARK2), each answered on its own
   * (MARK4). A malformed conversation ID fails alone with 2503, as TIM's list APIs answer it, not the whole call.
   */
  markConversation(options: MarkConversationOptions): Response<MarkResult> {
    const api = 'markConversation';
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    const { conversationIDList, markType, enableMark } = options;
    assertParams(
      Array.isArray(conversationIDList) && conversationIDList.length > 0 && conversationIDList.every(isString),
      api,
      'conversationIDList must be a non-empty array of strings',
    );
    assertParams(
      conversationIDList.length <= MARK_LIMITS.listSize,
      api,
      `conversationIDList ≤ ${MARK_LIMITS.listSize}`,
    );
    const markBit = markBitOf(markType);
    assertParams(markBit >= 0, api, 'markType must be one bit: 2^n, n = 0..63');
    assertParams(typeof enableMark === 'boolean', api, 'enableMark must be a boolean');
    return this.#mark(conversationIDList, markBit, enableMark);
  }

  async #mark(conversationIDList: string[], markBit: number, enableMark: boolean): Response<MarkResult> {
    const valid = [...new Set(conversationIDList)].filter(isConversationID);
    const invalid = conversationIDList.filter((id) => !isConversationID(id));
    const { code, message } = ERRORS.INVALID_CONV_ID;
    const failures = [...new Set(invalid)].map((conversationID) => ({ conversationID, code, message }));
    const answer: MarkResult =
      valid.length === 0
        ? { successConversationIDList: [], failureConversationIDList: [] }
        : await this.#host.http.post<MarkResult>(MARK_ROUTES.marks, {
            conversationIDList: valid,
            markBit,
            enableMark,
          });
    const { live } = this.#host;
    await live.queue.run(() => {
      for (const id of answer.successConversationIDList) {
        const state = live.conversations.state(id);
        if (!state) {
          live.sync.requestResync(); // marking a peer never messaged creates the conversation (MARK4)
          continue;
        }
        const others = (state.markBits ?? []).filter((b) => b !== markBit);
        live.conversations.patch(id, { markBits: enableMark ? [...others, markBit].sort((a, b) => a - b) : others });
      }
    });
    return ok({
      successConversationIDList: answer.successConversationIDList,
      failureConversationIDList: [...answer.failureConversationIDList, ...failures],
    });
  }
}

/** Marks (reference §4 markConversation; decision 0043). Other devices learn through `conversation.changed`. */
export const marksFeature = defineFeature({
  name: 'marks',
  create: (host: SdkHost) => ({ host, marks: new MarkModule(host) }),
  methods: {
    markConversation(options: MarkConversationOptions): Response<MarkResult> {
      return this.host.guarded('markConversation', () => this.marks.markConversation(options));
    },
  },
});
