import type { ReactionEntry } from './action-port.ts';

/**
 * Reactions in the older form (seed 000 §3): `cloudCustomData.messageReact.reacts`, an emoji key mapped to the IDs of
 * the users who chose it, written by clients that reacted through `modifyMessage`. Anything malformed reads as none.
 */
export function legacyReacts(cloudCustomData: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!cloudCustomData) return out;
  let reacts: unknown;
  try {
    reacts = (JSON.parse(cloudCustomData) as { messageReact?: { reacts?: unknown } } | null)?.messageReact?.reacts;
  } catch {
    return out;
  }
  if (typeof reacts !== 'object' || reacts === null || Array.isArray(reacts)) return out;
  for (const [key, users] of Object.entries(reacts)) {
    if (!Array.isArray(users)) continue;
    const ids = [...new Set(users.filter((u): u is string => typeof u === 'string' && u !== ''))];
    if (key !== '' && ids.length > 0) out.set(key, ids);
  }
  return out;
}

/**
 * One list from both forms (rule KACT14): each reaction of the reaction API, with the older form's users of the same
 * key added once, then the keys only the older form has. The older form is shown, never written: toggling changes
 * only the user's reaction through the reaction API.
 */
export function mergeReactions(
  api: readonly ReactionEntry[],
  legacy: ReadonlyMap<string, readonly string[]>,
  me: string,
): ReactionEntry[] {
  const merged = api.map((r) => {
    const extra = (legacy.get(r.reactionID) ?? []).filter((u) => !r.partialUserList.some((p) => p.userID === u));
    if (extra.length === 0) return r;
    return {
      ...r,
      totalUserCount: r.totalUserCount + extra.length,
      partialUserList: [...r.partialUserList, ...extra.map((userID) => ({ userID, nick: '', avatar: '' }))],
      reactedByMyself: r.reactedByMyself || extra.includes(me),
    };
  });
  for (const [reactionID, users] of legacy) {
    if (api.some((r) => r.reactionID === reactionID)) continue;
    merged.push({
      reactionID,
      totalUserCount: users.length,
      partialUserList: users.map((userID) => ({ userID, nick: '', avatar: '' })),
      reactedByMyself: users.includes(me),
    });
  }
  return merged.filter((r) => r.totalUserCount > 0);
}
