import type { ChatGroup, ChatGroupMember, GroupPort, ReadMemberPage } from '../src/group/group-port.ts';
import type { ChatMessage, ChatResponse } from '../src/provider/chat-port.ts';
import { FakeChat } from './fake-chat.ts';

type R<T> = Promise<ChatResponse<T>>;
const ok = <T>(data: T) => Promise.resolve({ code: 0, data });

/** A group SDK double: one group, its members, read lists; records the writes it receives. */
export class FakeGroupChat extends FakeChat implements GroupPort {
  group: ChatGroup = { groupID: 'g1', name: 'Team', type: 'Public', memberCount: 3, muteAllMembers: false };
  members: ChatGroupMember[] = [
    { userID: 'me', nick: 'Me', role: 'Member', muteUntil: 0 },
    { userID: 'boss', nick: 'Boss', role: 'Owner' },
    { userID: 'ann', nick: 'Ann', role: 'Member' },
  ];
  readUserIDs: string[] = [];
  unreadUserIDs: string[] = [];
  readListFailure: { code: number; message: string } | null = null;
  handleFailure: { code: number; message: string } | null = null;
  pending: { applicant: string; groupID: string }[] | null = null;

  getGroupList(): R<{ groupList: ChatGroup[] }> {
    return ok({ groupList: [this.group] });
  }
  getGroupProfile(): R<{ group: ChatGroup }> {
    this.calls.push('getGroupProfile');
    return ok({ group: { ...this.group } });
  }
  createGroup(o: { name: string; type: string }): R<{ group: ChatGroup }> {
    this.calls.push(`createGroup ${o.type} ${o.name}`);
    return ok({ group: { groupID: 'new1', name: o.name, type: o.type } });
  }
  dismissGroup(groupID: string): R<{ groupID: string }> {
    this.calls.push(`dismiss ${groupID}`);
    return ok({ groupID });
  }
  quitGroup(groupID: string): R<{ groupID: string }> {
    this.calls.push(`quit ${groupID}`);
    return ok({ groupID });
  }
  joinGroup(o: { groupID: string; applyMessage?: string }): R<{ status: string }> {
    this.calls.push(`join ${o.groupID} ${o.applyMessage ?? ''}`);
    return ok({ status: this.group.joinOption === 'NeedPermission' ? 'WaitAdminApproval' : 'JoinedSuccess' });
  }
  searchGroupByID(groupID: string): R<{ group: ChatGroup }> {
    if (groupID !== this.group.groupID)
      return Promise.reject(Object.assign(new Error('The group does not exist'), { code: 10010 }));
    return ok({ group: this.group });
  }
  updateGroupProfile(o: { groupID: string; name?: string; notification?: string; muteAllMembers?: boolean }) {
    this.calls.push(`update ${JSON.stringify({ ...o, groupID: undefined })}`);
    Object.assign(this.group, o);
    return ok({ group: this.group });
  }
  changeGroupOwner(o: { groupID: string; newOwnerID: string }): R<{ group: ChatGroup }> {
    this.calls.push(`owner ${o.newOwnerID}`);
    return ok({ group: this.group });
  }
  handleGroupApplication(o: { handleAction: string; message: ChatMessage }): R<unknown> {
    this.calls.push(`handle ${o.handleAction} ${o.message.ID}`);
    if (this.handleFailure)
      return Promise.reject(Object.assign(new Error(this.handleFailure.message), this.handleFailure));
    return ok({});
  }
  callExperimentalAPI(key: string, o: { handleAction: string; message: ChatMessage }): R<unknown> {
    this.calls.push(`${key} ${o.handleAction} ${o.message.ID}`);
    if (this.handleFailure)
      return Promise.reject(Object.assign(new Error(this.handleFailure.message), this.handleFailure));
    return ok({});
  }
  getGroupApplicationList(): R<{ applicationList: { applicant: string; groupID: string }[] }> {
    return ok({ applicationList: this.pending ?? [] });
  }
  getGroupMemberList(o: { count: number; offset: number }): R<{ memberList: ChatGroupMember[]; offset: number }> {
    this.calls.push(`members ${o.offset}`);
    const page = this.members.slice(o.offset, o.offset + o.count).map((m) => ({ ...m }));
    const next = o.offset + page.length;
    return ok({ memberList: page, offset: next < this.members.length ? next : 0 });
  }
  getGroupMemberProfile(o: { userIDList: string[] }): R<{ memberList: ChatGroupMember[] }> {
    return ok({ memberList: this.members.filter((m) => o.userIDList.includes(m.userID)).map((m) => ({ ...m })) });
  }
  addGroupMember(o: { userIDList: string[] }): R<{ successUserIDList: string[] }> {
    this.calls.push(`add ${o.userIDList.join(',')}`);
    return ok({ successUserIDList: o.userIDList });
  }
  deleteGroupMember(o: { userIDList: string[] }): R<unknown> {
    this.calls.push(`remove ${o.userIDList.join(',')}`);
    return ok({});
  }
  setGroupMemberMuteTime(o: { userID: string; muteTime: number }): R<unknown> {
    this.calls.push(`mute ${o.userID} ${o.muteTime}`);
    return ok({});
  }
  setGroupMemberRole(o: { userID: string; role: string }): R<unknown> {
    this.calls.push(`role ${o.userID} ${o.role}`);
    return ok({});
  }
  createTextAtMessage(o: {
    to: string;
    conversationType: string;
    payload: { text: string; atUserList: string[] };
    needReadReceipt?: boolean;
  }): ChatMessage {
    const message = this.createTextMessage(o);
    return { ...message, conversationID: `GROUP${o.to}`, atUserList: o.payload.atUserList };
  }
  sendMessageReadReceipt(list: ChatMessage[]): R<unknown> {
    this.calls.push(`receipt ${list.map((m) => m.ID).join(',')}`);
    return ok({});
  }
  getMessageReadReceiptList(list: ChatMessage[]): R<{ messageList: ChatMessage[] }> {
    this.calls.push(`receiptList ${list.map((m) => m.ID).join(',')}`);
    return ok({ messageList: list.map((m) => ({ ...m, readReceiptInfo: { readCount: 1, unreadCount: 2 } })) });
  }
  getGroupMessageReadMemberList(o: { filter: 0 | 1; cursor: string; count: number }): R<ReadMemberPage> {
    this.calls.push(`readList ${o.filter} ${o.cursor}`);
    if (this.readListFailure)
      return Promise.reject(Object.assign(new Error(this.readListFailure.message), this.readListFailure));
    const all = o.filter === 0 ? this.readUserIDs : this.unreadUserIDs;
    const start = Number(o.cursor || '0');
    const page = all.slice(start, start + o.count);
    const end = start + page.length;
    const key = o.filter === 0 ? 'readUserIDList' : 'unreadUserIDList';
    return ok({ [key]: page, cursor: String(end), isCompleted: end >= all.length });
  }
}

export function groupMessage(ID: string, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    ID,
    type: 'TIMTextElem',
    payload: { text: ID },
    conversationID: 'GROUPg1',
    conversationType: 'GROUP',
    to: 'g1',
    from: 'ann',
    flow: 'in',
    time: 1_700_000_000,
    status: 'success',
    sequence: 1,
    nick: 'Ann',
    avatar: '',
    isPeerRead: false,
    isRevoked: false,
    ...over,
  };
}
