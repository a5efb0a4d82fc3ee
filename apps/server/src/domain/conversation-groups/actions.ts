import { CONVERSATION_GROUP_LIMITS as L, type ConversationListResult, ParleyError } from '@parley/protocol';
import { commit, type Domain, type Emit, nowSeconds, userTopic } from '../context.ts';
import { changed, ensureMember } from '../conversations/actions.ts';
import { parseConversationID } from '../conversations/ids.ts';
import type { MemberRow, Repos } from '../ports.ts';

/**
 * Conversation groups (decision 0049): my named folders of conversations, kept on the server so every device of mine
 * has them (CGRP1). The names are one table; the groups holding a conversation are in my member row, so a change
 * reaches my devices as `conversation.changed`, like a pin or a mark (CGRP9). Every call is one transaction.
 */

/** CGRP2: 1–32 UTF-8 bytes (51011), filtered like text. */
function checkName(d: Domain, name: string): void {
  if (Buffer.byteLength(name, 'utf8') > L.nameBytes) throw ParleyError.of('CONV_GROUP_NAME_TOO_LONG');
  if (d.contentFilter.blocks(name)) throw ParleyError.of('PROHIBITED_CONTENT');
}

function groupsChanged(emit: Emit, userID: string, groupList: string[]): void {
  emit(userTopic(userID), { type: 'conversation.groups-changed', groupList });
}

async function requireGroup(tx: Repos, userID: string, name: string): Promise<string[]> {
  const names = await tx.conversations.groupNames(userID);
  if (!names.includes(name)) throw ParleyError.of('CONV_GROUP_NOT_EXIST', `there is no conversation group "${name}"`);
  return names;
}

/**
 * CGRP5: a conversation I may put in a group: not the system one; a group only while I am its member; a one-to-one
 * conversation with a peer never messaged is created, as a pin or a mark does (the peer must exist).
 */
export async function memberFor(d: Domain, tx: Repos, userID: string, conversationID: string): Promise<MemberRow> {
  const parsed = parseConversationID(conversationID);
  if (parsed.type === '@TIM#SYSTEM') throw ParleyError.of('INVALID_PARAMS', 'the system conversation takes no group');
  if (parsed.type === 'GROUP' && !(await tx.conversations.getMember(userID, conversationID)))
    throw ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
  return ensureMember(d, tx, userID, conversationID);
}

/** Runs `one` for each distinct conversation; a refusal (a ParleyError) fails that conversation alone (CGRP5). */
export async function eachConversation(
  ids: readonly string[],
  one: (conversationID: string) => Promise<void>,
): Promise<ConversationListResult> {
  const result: ConversationListResult = { successConversationIDList: [], failureConversationIDList: [] };
  for (const conversationID of new Set(ids)) {
    try {
      await one(conversationID);
      result.successConversationIDList.push(conversationID);
    } catch (err) {
      if (!(err instanceof ParleyError)) throw err;
      result.failureConversationIDList.push({ conversationID, code: err.code, message: err.message });
    }
  }
  return result;
}

/** Writes a row's groups (in the order the groups were made) and tells my devices; no change, no write (CGRP6). */
async function setGroups(tx: Repos, emit: Emit, member: MemberRow, names: string[], order: string[]): Promise<void> {
  const next = order.filter((n) => names.includes(n));
  if (JSON.stringify(next) === JSON.stringify(member.groupNames)) return;
  await tx.conversations.updateMember(member.userID, member.viewID, { groupNames: next });
  await changed(tx, emit, member.userID, member.viewID);
}

async function countIn(tx: Repos, userID: string, name: string): Promise<number> {
  return (await tx.conversations.groupedMembers(userID)).filter((m) => m.groupNames.includes(name)).length;
}

/** Puts conversations in an existing group; past 1000 in the group the rest fail with 51008 (CGRP3). */
async function addTo(
  d: Domain,
  tx: Repos,
  emit: Emit,
  userID: string,
  name: string,
  ids: readonly string[],
  order: string[],
): Promise<ConversationListResult> {
  let count = await countIn(tx, userID, name);
  return eachConversation(ids, async (conversationID) => {
    const member = await memberFor(d, tx, userID, conversationID);
    if (member.groupNames.includes(name)) return;
    if (count >= L.conversationsPerGroup) throw ParleyError.of('CONV_GROUP_TOTAL_EXCEEDED');
    await setGroups(tx, emit, member, [...member.groupNames, name], order);
    count += 1;
  });
}

/** getConversationGroupList (CGRP1): my group names in the order made. */
export async function getConversationGroups(d: Domain, userID: string): Promise<string[]> {
  return d.storage.conversations.groupNames(userID);
}

/** createConversationGroup (CGRP4): a new name (at most 20, 51010) with the conversations of the list I may have. */
export async function createConversationGroup(
  d: Domain,
  userID: string,
  name: string,
  ids: readonly string[],
): Promise<ConversationListResult> {
  checkName(d, name);
  return commit(d, async (tx, emit) => {
    const names = await tx.conversations.groupNames(userID);
    if (names.includes(name)) throw ParleyError.of('INVALID_PARAMS', `a conversation group "${name}" exists already`);
    if (names.length >= L.groupsPerUser) throw ParleyError.of('CONV_GROUP_LIMIT');
    await tx.conversations.createGroup(userID, name, nowSeconds(d));
    const order = [...names, name];
    groupsChanged(emit, userID, order);
    return addTo(d, tx, emit, userID, name, ids, order);
  });
}

/** addConversationsToGroup / deleteConversationsFromGroup (CGRP5): each conversation answered on its own. */
export async function changeConversationGroup(
  d: Domain,
  userID: string,
  name: string,
  ids: readonly string[],
  add: boolean,
): Promise<ConversationListResult> {
  return commit(d, async (tx, emit) => {
    const order = await requireGroup(tx, userID, name);
    if (add) return addTo(d, tx, emit, userID, name, ids, order);
    return eachConversation(ids, async (conversationID) => {
      parseConversationID(conversationID);
      const member = await tx.conversations.getMember(userID, conversationID);
      if (!member?.groupNames.includes(name))
        throw ParleyError.of('INVALID_PARAMS', `the conversation is not in the group "${name}"`);
      await setGroups(
        tx,
        emit,
        member,
        member.groupNames.filter((n) => n !== name),
        order,
      );
    });
  });
}

/** deleteConversationGroup (CGRP8): the group goes; its conversations stay, in their other groups. */
export async function deleteConversationGroup(d: Domain, userID: string, name: string): Promise<void> {
  await commit(d, async (tx, emit) => {
    const order = (await requireGroup(tx, userID, name)).filter((n) => n !== name);
    for (const member of await tx.conversations.groupedMembers(userID))
      if (member.groupNames.includes(name)) await setGroups(tx, emit, member, member.groupNames, order);
    await tx.conversations.deleteGroup(userID, name);
    groupsChanged(emit, userID, order);
  });
}

/** renameConversationGroup (CGRP7): to a name not taken; the group keeps its place and its conversations. */
export async function renameConversationGroup(
  d: Domain,
  userID: string,
  oldName: string,
  newName: string,
): Promise<void> {
  checkName(d, newName);
  await commit(d, async (tx, emit) => {
    const names = await requireGroup(tx, userID, oldName);
    if (oldName === newName) return;
    if (names.includes(newName))
      throw ParleyError.of('INVALID_PARAMS', `a conversation group "${newName}" exists already`);
    await tx.conversations.renameGroup(userID, oldName, newName);
    const order = names.map((n) => (n === oldName ? newName : n));
    for (const member of await tx.conversations.groupedMembers(userID))
      if (member.groupNames.includes(oldName))
        await setGroups(
          tx,
          emit,
          member,
          member.groupNames.map((n) => (n === oldName ? newName : n)),
          order,
        );
    groupsChanged(emit, userID, order);
  });
}
