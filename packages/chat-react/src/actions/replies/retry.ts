/** Seed 000 §4 and §9: a modification refused with 2480 is retried after these delays, from the latest message. */
export const MODIFY_RETRY_MS = [500, 1000, 3000] as const;

/** The MSG_MODIFY_CONFLICT code (reference §13.1). */
const CONFLICT = 2480;

export interface Modifiable {
  cloudCustomData: string;
}

interface ConflictError {
  code?: unknown;
  data?: { message?: unknown };
}

/**
 * Applies `change` to a message and saves it with `modify` (the SDK's modifyMessage); on 2480 waits the next delay
 * and applies the same change to the latest message the refusal carries, so two people editing one message (a
 * reply list, an older reaction map) both end up in it (rule KACT11). Other errors, and a fourth conflict, reject.
 */
export async function modifyWithRetry<M extends Modifiable>(
  message: M,
  change: (m: M) => void,
  modify: (m: M) => Promise<{ data: { message: M } }>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<M> {
  let target = message;
  for (let attempt = 0; ; attempt += 1) {
    change(target);
    try {
      return (await modify(target)).data.message;
    } catch (err) {
      const e = err as ConflictError;
      const delay = MODIFY_RETRY_MS[attempt];
      if (e?.code !== CONFLICT || delay === undefined || !e.data?.message) throw err;
      await sleep(delay);
      target = e.data.message as M;
    }
  }
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json || '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface ReplyEntry {
  messageAbstract: string;
  messageSender: string;
  messageID: string;
}

/** The change a reply makes to its root: itself added to `messageReplies.replies` once (decision 0015). */
export function addReplyTo(entry: ReplyEntry): (root: Modifiable) => void {
  return (root) => {
    const custom = parseObject(root.cloudCustomData);
    const current = custom.messageReplies as { replies?: unknown } | undefined;
    const replies = Array.isArray(current?.replies) ? (current.replies as ReplyEntry[]) : [];
    if (replies.some((r) => r?.messageID === entry.messageID)) return;
    root.cloudCustomData = JSON.stringify({ ...custom, messageReplies: { replies: [...replies, entry], version: 1 } });
  };
}
