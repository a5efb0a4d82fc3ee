import {
  SEARCH_LIMITS,
  type SearchGroupMembers,
  type SearchGroups,
  type SearchListResult,
  type SearchUsers,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { isWork } from '../groups/access.ts';
import { groupView } from '../groups/queries.ts';
import { toGroupMember } from '../groups/view.ts';
import { toProfile } from '../profiles/profile-view.ts';
import { checked, page } from './search-messages.ts';

const matchOf = (m: 'or' | 'and' | undefined) => m ?? 'or';

/** searchCloudUsers (SRCH30): users whose ID or nick holds a keyword (any substring, CJK included). */
export async function searchUsers(d: Domain, body: unknown): Promise<SearchListResult> {
  const q = checked<SearchUsers>('users', body);
  const ids = await d.storage.search.users({
    keywords: q.keywordList,
    match: matchOf(q.keywordListMatchType),
    ...(q.gender ? { gender: q.gender } : {}),
    ...(q.miniBirthday !== undefined ? { minBirthday: q.miniBirthday } : {}),
    ...(q.maxBirthday !== undefined ? { maxBirthday: q.maxBirthday } : {}),
  });
  const { items, cursor } = page(ids, q.cursor, q.count ?? SEARCH_LIMITS.defaultCount);
  const rows = await d.storage.profiles.getMany(items);
  const byID = new Map(rows.map((r) => [r.userID, r]));
  const searchResultList = items.flatMap((id) => {
    const row = byID.get(id);
    return row ? [toProfile(row) as unknown as Record<string, unknown>] : [];
  });
  return { searchResultList, cursor, totalCount: ids.length };
}

/**
 * searchCloudGroups (SRCH31): groups whose ID or name holds a keyword. Work groups are found only by their members,
 * as searchGroupByID finds them (GRP3).
 */
export async function searchGroups(d: Domain, userID: string, body: unknown): Promise<SearchListResult> {
  const q = checked<SearchGroups>('groups', body);
  const ids = await d.storage.search.groups({
    keywords: q.keywordList,
    match: matchOf(q.keywordListMatchType),
    ...(q.groupTypeList?.length ? { groupTypes: q.groupTypeList } : {}),
  });
  const visible: string[] = [];
  for (const id of ids) {
    const group = await d.storage.groups.get(id);
    if (group && (!isWork(group) || (await d.storage.groups.getMember(id, userID)))) visible.push(id);
  }
  const { items, cursor } = page(visible, q.cursor, q.count ?? SEARCH_LIMITS.defaultCount);
  const searchResultList: Record<string, unknown>[] = [];
  for (const id of items) {
    const group = await d.storage.groups.get(id);
    if (group) searchResultList.push((await groupView(d.storage, group, userID)) as unknown as Record<string, unknown>);
  }
  return { searchResultList, cursor, totalCount: visible.length };
}

/**
 * searchCloudGroupMembers (SRCH32): members whose ID, nick or name card holds a keyword, in the caller's own groups
 * only (membership is what shows a member list); one result per group: `{groupID, memberList}`.
 */
export async function searchGroupMembers(d: Domain, userID: string, body: unknown): Promise<SearchListResult> {
  const q = checked<SearchGroupMembers>('groupMembers', body);
  const found = await d.storage.search.groupMembers({
    userID,
    keywords: q.keywordList,
    match: matchOf(q.keywordListMatchType),
    ...(q.groupIDList?.length ? { groupIDs: q.groupIDList } : {}),
    ...(q.groupTypeList?.length ? { groupTypes: q.groupTypeList } : {}),
  });
  const byGroup = new Map<string, string[]>();
  for (const f of found) byGroup.set(f.groupID, [...(byGroup.get(f.groupID) ?? []), f.userID]);
  const all = [...byGroup.entries()];
  const { items, cursor } = page(all, q.cursor, q.count ?? SEARCH_LIMITS.defaultCount);
  const searchResultList: Record<string, unknown>[] = [];
  for (const [groupID, userIDs] of items) {
    const rows = await d.storage.groups.membersByID(groupID, userIDs);
    const profiles = new Map((await d.storage.profiles.getMany(userIDs)).map((p) => [p.userID, p]));
    const memberList = rows.map((r) => toGroupMember(r, profiles.get(r.userID)));
    searchResultList.push({ groupID, memberList });
  }
  return { searchResultList, cursor, totalCount: all.length };
}
