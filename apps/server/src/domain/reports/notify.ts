import { randomUUID } from 'node:crypto';
import { CONVERSATION_TYPE, MESSAGE_TYPE, type ReportStatus, SYSTEM_CONVERSATION_ID } from '@parley/protocol';
import { commit, type Domain, nowSeconds, userTopic } from '../context.ts';
import { systemKey } from '../groups/events.ts';
import { toWire } from '../messages/wire.ts';

/** RPT13: what the reporter reads, in both languages (the server does not know the reader's). */
const OUTCOME_TEXT: Record<Exclude<ReportStatus, 'open'>, string> = {
  removed: '你举报的消息已被管理员移除。\nThe message you reported was removed by a moderator.',
  muted: '你举报的消息已处理：发送者在该群中被禁言。\nThe sender of the message you reported was muted in that group.',
  disabled: '你举报的消息已处理：发送者的账号已被停用。\nThe account that sent the message you reported was disabled.',
  dismissed: '你的举报已查看，未发现违规。\nYour report was reviewed; no rule was found broken.',
};

/**
 * RPT13: the outcome reaches each reporter as a text message in their `@TIM#SYSTEM` conversation, written the way group
 * system notices are (GRP9): stored, counted unread, synced, pushed after the commit. `cloudCustomData.parleyReport`
 * carries the report and its outcome for a client that wants to show its own words.
 */
export async function notifyReporters(
  d: Domain,
  reporters: readonly string[],
  reportID: number,
  outcome: Exclude<ReportStatus, 'open'>,
): Promise<void> {
  const now = nowSeconds(d);
  await commit(d, async (tx, emit) => {
    for (const userID of new Set(reporters)) {
      const key = systemKey(userID);
      await tx.conversations.ensure(key, CONVERSATION_TYPE.SYSTEM, now);
      await tx.conversations.ensureMember({
        conversationID: key,
        userID,
        viewID: SYSTEM_CONVERSATION_ID,
        peerID: null,
      });
      const { message } = await tx.messages.append({
        conversationID: key,
        id: `report-${randomUUID()}`,
        sender: SYSTEM_CONVERSATION_ID,
        receiver: userID,
        type: MESSAGE_TYPE.TEXT,
        payload: JSON.stringify({ text: OUTCOME_TEXT[outcome] }),
        cloudCustomData: JSON.stringify({ parleyReport: { reportID, outcome } }),
        time: now,
        clientTime: now,
        nick: '',
        nameCard: '',
        avatar: '',
        priority: 'Normal',
        needReadReceipt: false,
        atUserList: '[]',
      });
      const syncVersion = await tx.conversations.touch(userID, SYSTEM_CONVERSATION_ID, { hidden: false });
      emit(userTopic(userID), { type: 'message.new', message: toWire(message) });
      emit(userTopic(userID), { type: 'conversation.changed', conversationID: SYSTEM_CONVERSATION_ID, syncVersion });
    }
  });
}
