import type { MessageItem } from './message-item.ts';

/**
 * A root's `messageReplies` without the replies the user deleted on this device or another (KACT22): the delete is
 * the user's own (ACT7), so the root's stored list keeps them for everyone else, and only this view drops them.
 * Items without such a reply come back as the same objects, so nothing re-renders for nothing.
 */
export function withoutDeletedReplies(
  items: readonly MessageItem[],
  deleted: ReadonlySet<string>,
): readonly MessageItem[] {
  if (deleted.size === 0) return items;
  let changed = false;
  const next = items.map((item) => {
    const pruned = pruneReplies(item.cloudCustomData, deleted);
    if (pruned === item.cloudCustomData) return item;
    changed = true;
    return Object.freeze({ ...item, cloudCustomData: pruned });
  });
  return changed ? next : items;
}

function pruneReplies(cloudCustomData: string, deleted: ReadonlySet<string>): string {
  if (!cloudCustomData.includes('messageReplies')) return cloudCustomData;
  try {
    const data = JSON.parse(cloudCustomData) as { messageReplies?: { replies?: unknown } };
    const replies = data.messageReplies?.replies;
    if (!Array.isArray(replies)) return cloudCustomData;
    const kept = replies.filter((r) => !deleted.has((r as { messageID?: string } | null)?.messageID ?? ''));
    if (kept.length === replies.length) return cloudCustomData;
    return JSON.stringify({ ...data, messageReplies: { ...data.messageReplies, replies: kept } });
  } catch {
    return cloudCustomData;
  }
}
