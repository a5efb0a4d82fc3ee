import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_TYPE,
  type GroupSystemNoticePayload,
  type GroupTipPayload,
  MESSAGE_TYPE,
  SYSTEM_CONVERSATION_ID,
} from '@parley/protocol';
import { type Emit, userTopic } from '../context.ts';
import { toWire } from '../messages/wire.ts';
import type { MessageRow, Repos } from '../ports.ts';
import { groupKey, groupTopic, groupViewID } from './access.ts';
import type { GroupRow } from './ports.ts';
import type { GroupChurn } from './tip-coalescer.ts';

/** What every group write carries through its transaction. */
export interface GroupTx {
  tx: Repos;
  emit: Emit;
  /** Seconds. */
  now: number;
  /** The deployment's group churn limits (ABU22, ABU26). */
  churn: GroupChurn;
}

const serverMessageID = (kind: string) => `${kind}-${randomUUID()}`;

export const systemKey = (userID: string) => `system:${userID}`;

async function append(
  g: GroupTx,
  m: { conversationID: string; sender: string; receiver: string; type: string; payload: unknown; kind: string },
  who: { nick: string; avatar: string },
): Promise<MessageRow> {
  const { message } = await g.tx.messages.append({
    conversationID: m.conversationID,
    id: serverMessageID(m.kind),
    sender: m.sender,
    receiver: m.receiver,
    type: m.type,
    payload: JSON.stringify(m.payload),
    cloudCustomData: '',
    time: g.now,
    clientTime: g.now,
    nick: who.nick,
    nameCard: '',
    avatar: who.avatar,
    priority: 'Normal',
    needReadReceipt: false,
    atUserList: '[]',
  });
  return message;
}

export type TipInput = Pick<GroupTipPayload, 'operationType'> &
  Partial<Pick<GroupTipPayload, 'userIDList' | 'newGroupProfile'>> & { muteTime?: number };

/**
 * Writes a group tip as a message of the group's own stream, in the caller's transaction (rule GRP8): every
 * member sees the same tips in the same order, after reconnect too. Published after the commit to the group.
 */
export async function writeTip(g: GroupTx, group: GroupRow, operatorID: string, tip: TipInput): Promise<void> {
  const userIDList = tip.userIDList ?? [];
  const profiles = await g.tx.profiles.getMany([operatorID, ...userIDList]);
  const profileOf = (id: string) => profiles.find((p) => p.userID === id);
  const operator = { nick: profileOf(operatorID)?.nick ?? '', avatar: profileOf(operatorID)?.avatar ?? '' };
  const payload: GroupTipPayload = {
    operationType: tip.operationType,
    operatorID,
    userIDList,
    groupProfile: { from: operatorID, groupID: group.groupID, groupName: group.name, to: group.groupID },
    operatorInfo: { userID: operatorID, ...operator },
    memberList: userIDList.map((userID) => ({
      userID,
      nick: profileOf(userID)?.nick ?? '',
      avatar: profileOf(userID)?.avatar ?? '',
      ...(tip.muteTime === undefined ? {} : { muteTime: tip.muteTime }),
    })),
    newGroupProfile: tip.newGroupProfile ?? {},
    memberNum: group.memberCount,
    memberCount: group.memberCount,
  };
  const key = groupKey(group.groupID);
  const row = await append(
    g,
    {
      conversationID: key,
      sender: operatorID,
      receiver: group.groupID,
      type: MESSAGE_TYPE.GROUP_TIP,
      payload,
      kind: 'tip',
    },
    operator,
  );
  // The operator's own tip is not unread for it (unread counts subtract, rule RD2).
  await g.tx.conversations.updateMember(operatorID, groupViewID(group.groupID), { readSeq: row.seq });
  g.emit(groupTopic(group.groupID), { type: 'message.new', message: toWire(row) });
}

/**
 * Delivers a group system notice to one user's `@TIM#SYSTEM` conversation (rule GRP9): stored, counted unread,
 * synced like any conversation, pushed after the commit.
 */
export async function writeNotice(
  g: GroupTx,
  userID: string,
  group: GroupRow,
  operatorID: string,
  notice: Pick<GroupSystemNoticePayload, 'operationType'> &
    Partial<Pick<GroupSystemNoticePayload, 'handleMessage' | 'applicant' | 'applyMessage' | 'userDefinedField'>>,
): Promise<void> {
  const key = systemKey(userID);
  await g.tx.conversations.ensure(key, CONVERSATION_TYPE.SYSTEM, g.now);
  await g.tx.conversations.ensureMember({
    conversationID: key,
    userID,
    viewID: SYSTEM_CONVERSATION_ID,
    peerID: null,
  });
  const payload: GroupSystemNoticePayload = {
    operationType: notice.operationType,
    operatorID,
    groupProfile: { from: operatorID, groupID: group.groupID, name: group.name, to: userID, groupType: group.type },
    handleMessage: notice.handleMessage ?? '',
    userDefinedField: notice.userDefinedField ?? '',
    ...(notice.applicant === undefined ? {} : { applicant: notice.applicant }),
    ...(notice.applyMessage === undefined ? {} : { applyMessage: notice.applyMessage }),
  };
  const row = await append(
    g,
    {
      conversationID: key,
      sender: SYSTEM_CONVERSATION_ID,
      receiver: userID,
      type: MESSAGE_TYPE.GROUP_SYSTEM_NOTICE,
      payload,
      kind: 'notice',
    },
    { nick: '', avatar: '' },
  );
  const syncVersion = await g.tx.conversations.touch(userID, SYSTEM_CONVERSATION_ID, { hidden: false });
  g.emit(userTopic(userID), { type: 'message.new', message: toWire(row) });
  g.emit(userTopic(userID), { type: 'conversation.changed', conversationID: SYSTEM_CONVERSATION_ID, syncVersion });
}

/** My membership or the group's profile changed: the SDK refreshes the group (and its list). */
export function emitChanged(g: GroupTx, userID: string, groupID: string, isMember: boolean): void {
  g.emit(userTopic(userID), { type: 'group.changed', groupID, isMember });
}

/** The group's profile changed for every member. */
export function emitGroupChanged(g: GroupTx, groupID: string): void {
  g.emit(groupTopic(groupID), { type: 'group.changed', groupID, isMember: true });
}
