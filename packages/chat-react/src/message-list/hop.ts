/** Opening the message list at a message (SRCH45): pages around a sequence through getMessageListHopping. */
import type { ChatMessage, ChatPort, ChatResponse } from '../provider/chat-port.ts';

export interface HoppingOptions {
  conversationID: string;
  sequence: number;
  direction: 0 | 1;
  count: number;
}

export interface HoppingPage {
  messageList: ChatMessage[];
  isCompleted: boolean;
  nextMessageSeq?: number;
}

export type Hopper = (options: HoppingOptions) => Promise<ChatResponse<HoppingPage>>;

/** The SDK's getMessageListHopping (reference §3.3), when it has one; the kit then cannot open at old messages. */
export function hopperOf(chat: ChatPort): Hopper | undefined {
  const port = chat as ChatPort & { getMessageListHopping?: Hopper };
  return typeof port.getMessageListHopping === 'function' ? port.getMessageListHopping.bind(port) : undefined;
}

/**
 * Where the next newer page starts: the answer's nextMessageSeq, else (an SDK that gives only a time in one-to-one
 * conversations) after the newest listed message.
 */
export function nextNewer(page: HoppingPage, previous: number): number {
  if (page.nextMessageSeq) return page.nextMessageSeq;
  const newest = page.messageList.at(-1)?.sequence;
  return newest ? newest + 1 : previous;
}

/**
 * The message at `sequence` with a page above (it included) and a page below, oldest first, and the list's cursors:
 * older pages go on with getMessageList before the oldest listed message, newer ones with hopping (SRCH46).
 */
export async function hopAround(hop: Hopper, conversationID: string, sequence: number, count: number) {
  const [older, newer] = await Promise.all([
    hop({ conversationID, sequence, direction: 0, count }),
    hop({ conversationID, sequence: sequence + 1, direction: 1, count }),
  ]);
  const seen = new Set<string>();
  const messages = [...older.data.messageList, ...newer.data.messageList].filter((m) => {
    if (seen.has(m.ID)) return false;
    seen.add(m.ID);
    return true;
  });
  return {
    messages,
    cursors: {
      nextReqMessageID: older.data.messageList[0]?.ID ?? '',
      isCompleted: older.data.isCompleted || older.data.messageList.length === 0,
      hasNewer: !newer.data.isCompleted,
      newerSeq: nextNewer(newer.data, sequence + 1),
    },
  };
}
