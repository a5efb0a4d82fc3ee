import { GROUP_AT_TYPE, type Group, type GroupAtInfo, MSG_AT_ALL } from '@parley/protocol';
import type { MemberRow, Repos } from '../ports.ts';
import { groupView } from './queries.ts';

/** Mentions are looked for among the newest unread messages only, so a view costs the same after a long absence. */
const MENTION_SCAN = 200;

function atTypeOf(atUserList: readonly string[], userID: string): number | undefined {
  const all = atUserList.includes(MSG_AT_ALL);
  const me = atUserList.includes(userID);
  if (all && me) return GROUP_AT_TYPE.AT_ALL_AT_ME;
  if (all) return GROUP_AT_TYPE.AT_ALL;
  return me ? GROUP_AT_TYPE.AT_ME : undefined;
}

/**
 * `groupAtInfoList` (GRP12): the unread messages that mention me or everyone, derived from my read position, so
 * reading the conversation clears them; nothing is written per mention.
 */
async function atInfo(repos: Repos, member: MemberRow, groupID: string, lastSeq: number): Promise<GroupAtInfo[]> {
  const from = Math.max(member.readSeq, member.clearedSeq, lastSeq - MENTION_SCAN);
  if (from >= lastSeq) return [];
  const rows = await repos.messages.pageAfter(member.conversationID, from, MENTION_SCAN);
  const list: GroupAtInfo[] = [];
  for (const row of rows) {
    if (row.atUserList === '[]' || row.sender === member.userID) continue;
    let users: string[] = [];
    try {
      users = JSON.parse(row.atUserList) as string[];
    } catch {
      continue;
    }
    const atType = atTypeOf(users, member.userID);
    if (atType !== undefined)
      list.push({ from: row.sender, groupID, topicID: '', messageSequence: row.seq, atTypeArray: [atType] });
  }
  return list;
}

/** What a group conversation adds to the wire shape: the group with my selfInfo, and my unread mentions. */
export async function groupExtras(
  repos: Repos,
  member: MemberRow,
  lastSeq: number,
): Promise<{ groupProfile?: Group; groupAtInfoList: GroupAtInfo[] }> {
  const groupID = member.viewID.slice('GROUP'.length);
  const group = await repos.groups.get(groupID);
  const groupAtInfoList = await atInfo(repos, member, groupID, lastSeq);
  if (!group) return { groupAtInfoList };
  return { groupProfile: await groupView(repos, group, member.userID), groupAtInfoList };
}
