import type { MessageRow, Repos } from '../ports.ts';

function parseObject(json: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A root's `messageReplies.replies` entries, when it has such a list (decision 0015). */
function repliesOf(cloudCustomData: string): { custom: Record<string, unknown>; replies: unknown[] } | undefined {
  if (!cloudCustomData.includes('messageReplies')) return undefined;
  const custom = parseObject(cloudCustomData);
  const list = (custom?.messageReplies as { replies?: unknown } | undefined)?.replies;
  return custom && Array.isArray(list) ? { custom, replies: list } : undefined;
}

const idOf = (entry: unknown) => {
  const id = (entry as { messageID?: unknown } | null)?.messageID;
  return typeof id === 'string' ? id : undefined;
};

/** Of the replies these roots list, the ones the reader deleted: one indexed read, none when no root lists any. */
export async function hiddenReplies(
  repos: Pick<Repos, 'actions'>,
  userID: string,
  conversationKey: string,
  customs: readonly string[],
): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const custom of customs) {
    for (const entry of repliesOf(custom)?.replies ?? []) {
      const id = idOf(entry);
      if (id !== undefined) ids.add(id);
    }
  }
  return ids.size === 0 ? ids : repos.actions.hiddenIDsAmong(userID, conversationKey, [...ids]);
}

/** The root's `cloudCustomData` without the hidden replies; the same string when it loses none. */
export function pruneReplies(cloudCustomData: string, hidden: ReadonlySet<string>): string {
  const root = hidden.size === 0 ? undefined : repliesOf(cloudCustomData);
  if (!root) return cloudCustomData;
  const kept = root.replies.filter((entry) => !hidden.has(idOf(entry) ?? ''));
  if (kept.length === root.replies.length) return cloudCustomData;
  const messageReplies = { ...(root.custom.messageReplies as object), replies: kept };
  return JSON.stringify({ ...root.custom, messageReplies });
}

/**
 * KACT33: the roots as one reader sees them, without the replies that reader deleted (ACT7). The root's stored list
 * keeps them for everyone else; without this a reply deleted in an earlier session counted again in 'N replies' after
 * a reload, since only that session had seen the delete.
 */
export async function withoutHiddenReplies<T extends MessageRow>(
  repos: Pick<Repos, 'actions'>,
  userID: string,
  conversationKey: string,
  rows: T[],
): Promise<T[]> {
  const hidden = await hiddenReplies(
    repos,
    userID,
    conversationKey,
    rows.map((r) => r.cloudCustomData),
  );
  if (hidden.size === 0) return rows;
  return rows.map((row) => {
    const cloudCustomData = pruneReplies(row.cloudCustomData, hidden);
    return cloudCustomData === row.cloudCustomData ? row : { ...row, cloudCustomData };
  });
}
