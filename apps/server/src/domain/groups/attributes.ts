import { GROUP_LIMITS, ParleyError, utf8Length } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { callerIn, groupTopic, liveGroup, requireManager } from './access.ts';
import { groupCommit } from './members.ts';

type Attributes = Record<string, string>;

function parse(json: string): Attributes {
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Attributes) : {};
  } catch {
    return {};
  }
}

/** Reference §5 limits, in UTF-8 bytes: ≤16 keys, key ≤32 B, value ≤4 KB, all together ≤16 KB. */
function checkLimits(all: Attributes): void {
  const entries = Object.entries(all);
  if (entries.length > GROUP_LIMITS.attributeKeys)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', `At most ${GROUP_LIMITS.attributeKeys} group attributes`);
  let total = 0;
  for (const [k, v] of entries) {
    if (utf8Length(k) > GROUP_LIMITS.attributeKeyBytes || utf8Length(v) > GROUP_LIMITS.attributeValueBytes)
      throw ParleyError.of('GROUP_INVALID_PARAMETER', 'A group attribute key or value is too long');
    total += utf8Length(k) + utf8Length(v);
  }
  if (total > GROUP_LIMITS.attributesTotalBytes)
    throw ParleyError.of('GROUP_INVALID_PARAMETER', 'Group attributes exceed 16 KB together');
}

/**
 * Group attributes (GRP10), for every group type: any member reads them, the owner and admins write them; every
 * change is pushed to the members (GROUP_ATTRIBUTES_UPDATED). `init` replaces all, `set` merges, `delete` removes
 * the named keys ([] = all; a key that is not there is 10050).
 */
async function change(
  d: Domain,
  userID: string,
  groupID: string,
  next: (current: Attributes) => { all: Attributes; updated: string[]; deleted: string[] },
): Promise<Attributes> {
  return groupCommit(d, async (g) => {
    const group = await liveGroup(g.tx, groupID);
    requireManager(await callerIn(g.tx, group, userID), 'change group attributes');
    const { all, updated, deleted } = next(parse(group.attributes));
    checkLimits(all);
    await g.tx.groups.update(groupID, { attributes: JSON.stringify(all) });
    g.emit(groupTopic(groupID), {
      type: 'group.attributes',
      groupID,
      groupAttributes: all,
      updatedKeyList: updated,
      deletedKeyList: deleted,
    });
    return all;
  });
}

export function initAttributes(d: Domain, userID: string, groupID: string, attrs: Attributes) {
  return change(d, userID, groupID, (current) => ({
    all: { ...attrs },
    updated: Object.keys(attrs),
    deleted: Object.keys(current).filter((k) => !(k in attrs)),
  }));
}

export function setAttributes(d: Domain, userID: string, groupID: string, attrs: Attributes) {
  return change(d, userID, groupID, (current) => ({
    all: { ...current, ...attrs },
    updated: Object.keys(attrs),
    deleted: [],
  }));
}

export async function deleteAttributes(d: Domain, userID: string, groupID: string, keyList: string[]) {
  let deleted: string[] = [];
  await change(d, userID, groupID, (current) => {
    deleted = keyList.length === 0 ? Object.keys(current) : [...new Set(keyList)];
    const missing = deleted.find((k) => !(k in current));
    if (missing) throw ParleyError.of('GROUP_ATTRIBUTE_MISSING', undefined, { key: missing });
    const all = { ...current };
    for (const k of deleted) delete all[k];
    return { all, updated: [], deleted };
  });
  return { keyList: deleted };
}

export async function getAttributes(d: Domain, userID: string, groupID: string): Promise<Attributes> {
  const group = await liveGroup(d.storage, groupID, false);
  await callerIn(d.storage, group, userID);
  return parse(group.attributes);
}
