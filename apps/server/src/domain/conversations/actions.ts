import {
  type ConversationList,
  LIMITS,
  MARK_BIT,
  ParleyError,
  REMIND_TYPE,
  type WireConversation,
  emptyConversation,
} from '@parley/protocol';
import { commit, type Domain, type Emit, nowSeconds, userTopic } from '../context.ts';
import { isBlockedBy } from '../contacts/block-cache.ts';
import { c2cKey, c2cViewID } from '../messages/c2c.ts';
import type { MemberRow, Repos } from '../ports.ts';
import { toProfile } from '../profiles/profile-view.ts';
import { notifyReads } from '../groups/receipts.ts';
import { withBit } from '../marks/mask.ts';
import { parseConversationID, peerOf } from './ids.ts';
import { conversationView } from './view.ts';

/** One page of the conversation list: at most LIMITS.listPage rows, never the whole list at once (ABU24). */
export interface ConversationPage {
  /** The last conversation ID of the previous page ('' for the first). */
  cursor?: string | undefined;
  count?: number | undefined;
}

/**
 * My conversations, one page by conversation ID. With `since` = 0 the visible ones; with a cursor every row changed
 * after it, deleted ones included (hidden: true), so a client that was away converges (rule SYNC1). `syncVersion`
 * is read before the rows: the first page's covers the whole walk (a row changed meanwhile is listed again later).
 */
export async function listConversations(
  d: Domain,
  userID: string,
  since: number,
  page: ConversationPage = {},
): Promise<ConversationList> {
  const syncVersion = await d.storage.conversations.syncVersion(userID);
  const limit = Math.min(page.count ?? LIMITS.listPage, LIMITS.listPage);
  // A group message moves no member row but the sender's (GRP13), so a sync `since` a version lists every group
  // conversation again: the client compares their last sequences with its own.
  const members = await d.storage.conversations.listMembersPage(userID, {
    since,
    after: page.cursor ?? '',
    limit,
    withGroups: since > 0,
    visibleOnly: since === 0,
  });
  const conversationList = await mapLimited(members, LIST_CONCURRENCY, (m) => conversationView(d.storage, m));
  const last = members.length === limit ? members[members.length - 1]?.viewID : undefined;
  return { conversationList, syncVersion, isSyncCompleted: last === undefined, nextCursor: last ?? '' };
}

/**
 * Views built a few at a time: all at once queued thousands of reads on the storage's connections (SQLite has one,
 * and every waiter was woken at each release), which made a 10,000-conversation list take seconds (GRW3).
 */
const LIST_CONCURRENCY = 8;

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

async function requirePeer(repos: Repos, peer: string): Promise<void> {
  if ((await repos.accounts.existing([peer])).size === 0) throw ParleyError.of('ACCOUNT_NOT_FOUND');
}

/** A conversation profile; for a peer never messaged, an empty conversation (TIM creates it locally). */
export async function getConversation(d: Domain, userID: string, conversationID: string): Promise<WireConversation> {
  const parsed = parseConversationID(conversationID);
  const member = await d.storage.conversations.getMember(userID, conversationID);
  if (member) return conversationView(d.storage, member);
  if (parsed.type === 'GROUP') throw ParleyError.of('GROUP_NO_PERMISSION', 'You are not a member of this group');
  if (parsed.type !== 'C2C') return emptyConversation(conversationID, parsed.type);
  const peer = parsed.peer;
  await requirePeer(d.storage, peer);
  const profile = await d.storage.profiles.get(peer);
  return { ...emptyConversation(conversationID, 'C2C'), ...(profile ? { userProfile: toProfile(profile) } : {}) };
}

/** The member row, created (with the conversation) on first use, e.g. pinning a peer never messaged. */
export async function ensureMember(d: Domain, tx: Repos, userID: string, conversationID: string): Promise<MemberRow> {
  const existing = await tx.conversations.getMember(userID, conversationID);
  if (existing) return existing;
  const peer = peerOf(conversationID);
  await requirePeer(tx, peer);
  const key = c2cKey(userID, peer);
  await tx.conversations.ensure(key, 'C2C', nowSeconds(d));
  await tx.conversations.ensureMember({ conversationID: key, userID: peer, viewID: c2cViewID(userID), peerID: userID });
  return tx.conversations.ensureMember({ conversationID: key, userID, viewID: conversationID, peerID: peer });
}

export async function changed(tx: Repos, emit: Emit, userID: string, conversationID: string): Promise<void> {
  const syncVersion = await tx.conversations.touch(userID, conversationID);
  emit(userTopic(userID), { type: 'conversation.changed', conversationID, syncVersion });
}

/**
 * setMessageRead: my read position moves to the newest message (rule RD3). Both members' rows change
 * (mine: read position; the peer's: peerReadSequence), so both get a new sync version and a client
 * that missed the push still converges by sync. The conversation lock comes first, as for a send,
 * and user rows are then taken in userID order, so reads and sends cannot deadlock.
 */
export async function markRead(d: Domain, userID: string, conversationID: string): Promise<number> {
  const parsed = parseConversationID(conversationID);
  // A peer who blocked me hears nothing of my reading (ABU11): no push, and their row does not move.
  const quiet = parsed.type === 'C2C' && (await isBlockedBy(d, parsed.peer, userID));
  let before = 0;
  const after = await commit(d, async (tx, emit) => {
    const member = await tx.conversations.getMember(userID, conversationID);
    if (!member) return 0;
    await tx.conversations.lock(member.conversationID);
    const lastSeq = (await tx.conversations.get(member.conversationID))?.lastSeq ?? 0;
    before = member.readSeq;
    // MARK7: reading clears the unread mark, with or without unread messages (it is how a marked one is opened).
    const markMask = withBit(member.markMask, MARK_BIT.UNREAD, false);
    const unmarked = markMask !== member.markMask;
    if (member.readSeq >= lastSeq) {
      if (unmarked) {
        await tx.conversations.updateMember(userID, conversationID, { markMask });
        await changed(tx, emit, userID, conversationID);
      }
      return member.readSeq;
    }
    await tx.conversations.updateMember(userID, conversationID, {
      readSeq: lastSeq,
      ...(unmarked ? { markMask } : {}),
    });
    const told = member.peerID && member.peerID !== userID && !quiet ? member.peerID : undefined;
    const views = [{ userID, viewID: conversationID }];
    if (told) views.push({ userID: told, viewID: c2cViewID(userID) });
    views.sort((a, b) => (a.userID < b.userID ? -1 : 1));
    for (const v of views) await changed(tx, emit, v.userID, v.viewID);
    if (told) {
      emit(userTopic(told), {
        type: 'message.peer-read',
        conversationID: c2cViewID(userID),
        peerReadSequence: lastSeq,
      });
    }
    return lastSeq;
  });
  // Group read receipts follow read positions (GRP14).
  if (parsed.type === 'GROUP' && after > before) await notifyReads(d, parsed.groupID, userID, before, after);
  return after;
}

/** deleteConversation: gone from my list with its history, until a new message arrives (rule CONV2). */
export async function deleteConversation(d: Domain, userID: string, conversationID: string): Promise<void> {
  parseConversationID(conversationID);
  await commit(d, async (tx, emit) => {
    const member = await tx.conversations.getMember(userID, conversationID);
    if (!member) throw ParleyError.of('CONV_NOT_FOUND');
    const lastSeq = (await tx.conversations.get(member.conversationID))?.lastSeq ?? 0;
    await tx.conversations.updateMember(userID, conversationID, {
      hidden: true,
      clearedSeq: lastSeq,
      readSeq: lastSeq,
      isPinned: false,
      // DRF5: a deleted conversation takes its draft with it; MARK8: and its marks; CGRP8: its groups and custom data.
      draftText: '',
      draftTime: 0,
      markMask: 0n,
      groupNames: [],
      customData: '',
    });
    await changed(tx, emit, userID, conversationID);
  });
}

/**
 * clearHistoryMessage (CMP35): my history of the conversation is gone, on all my devices, and nothing in it is unread;
 * the conversation stays in my list with no last message, pinned, muted, marked and drafted as it was. The other
 * members keep theirs. New messages show as usual.
 */
export async function clearHistory(d: Domain, userID: string, conversationID: string): Promise<void> {
  parseConversationID(conversationID);
  await commit(d, async (tx, emit) => {
    const member = await tx.conversations.getMember(userID, conversationID);
    if (!member) throw ParleyError.of('CONV_NOT_FOUND');
    const lastSeq = (await tx.conversations.get(member.conversationID))?.lastSeq ?? 0;
    await tx.conversations.updateMember(userID, conversationID, {
      clearedSeq: Math.max(member.clearedSeq, lastSeq),
      readSeq: Math.max(member.readSeq, lastSeq),
    });
    await changed(tx, emit, userID, conversationID);
  });
}

export async function pinConversation(
  d: Domain,
  userID: string,
  conversationID: string,
  isPinned: boolean,
): Promise<void> {
  await commit(d, async (tx, emit) => {
    await ensureMember(d, tx, userID, conversationID);
    await tx.conversations.updateMember(userID, conversationID, { isPinned, pinnedAt: isPinned ? nowSeconds(d) : 0 });
    await changed(tx, emit, userID, conversationID);
  });
}

export async function setRemindType(
  d: Domain,
  userID: string,
  userIDList: readonly string[],
  remindType: string,
): Promise<{
  successUserIDList: { userID: string }[];
  failureUserIDList: { userID: string; code: number; message: string }[];
}> {
  const successUserIDList: { userID: string }[] = [];
  const failureUserIDList: { userID: string; code: number; message: string }[] = [];
  for (const peer of new Set(userIDList)) {
    try {
      await commit(d, async (tx, emit) => {
        const id = c2cViewID(peer);
        await ensureMember(d, tx, userID, id);
        await tx.conversations.updateMember(userID, id, { remindType });
        await changed(tx, emit, userID, id);
      });
      successUserIDList.push({ userID: peer });
    } catch (err) {
      if (!(err instanceof ParleyError)) throw err;
      failureUserIDList.push({ userID: peer, code: err.code, message: err.message });
    }
  }
  return { successUserIDList, failureUserIDList };
}

/** Unread over visible conversations that notify (TIM excludes AcceptNotNotify ones), summed page by page. */
export async function totalUnread(d: Domain, userID: string): Promise<number> {
  let sum = 0;
  let cursor = '';
  do {
    const page = await listConversations(d, userID, 0, { cursor });
    for (const c of page.conversationList)
      if (c.messageRemindType === REMIND_TYPE.ACCEPT_AND_NOTIFY) sum += c.unreadCount;
    cursor = page.nextCursor ?? '';
  } while (cursor !== '');
  return sum;
}
