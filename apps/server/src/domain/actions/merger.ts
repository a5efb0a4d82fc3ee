import { randomBytes } from 'node:crypto';
import {
  ACTION_LIMITS,
  type CreateMerger,
  MESSAGE_TYPE,
  ParleyError,
  payloadProblem,
  type SimplifiedMessage,
} from '@parley/protocol';
import type { Domain } from '../context.ts';

type Store = Pick<Domain['storage'], 'actions'>;

/**
 * How deep a list of records nests, itself counting 1. A nested record is either inline (its `messageList`) or
 * stored (its `downloadKey`, whose depth was computed when it was stored). The walk stops past the limit, so a
 * hostile 50-deep document costs at most `mergerDepth` levels.
 */
async function depthOf(store: Store, list: readonly SimplifiedMessage[], level: number): Promise<number> {
  if (level > ACTION_LIMITS.mergerDepth) throw ParleyError.of('MERGER_TOO_DEEP');
  let depth = level;
  for (const m of list) {
    const body = m.messageBody[0];
    if (body?.type !== MESSAGE_TYPE.MERGER) continue;
    const p = body.payload as { messageList?: unknown; downloadKey?: unknown };
    if (Array.isArray(p.messageList)) {
      depth = Math.max(depth, await depthOf(store, p.messageList as SimplifiedMessage[], level + 1));
    } else if (typeof p.downloadKey === 'string') {
      const nested = await store.actions.getMerger(p.downloadKey);
      if (!nested) throw ParleyError.of('MSG_MERGER_KEY_INVALID');
      depth = Math.max(depth, level + nested.depth);
    }
    if (depth > ACTION_LIMITS.mergerDepth) throw ParleyError.of('MERGER_TOO_DEEP');
  }
  return depth;
}

/**
 * Stores merged records (rule ACT12) and returns their download key: 144 random bits, so the key is the capability
 * a merger message hands to its recipients (decision 0015). Whoever holds a message carrying it may read the
 * records, even without access to the conversations they came from; nested records are checked to exist and to
 * nest at most 10 deep. The number of records (300) and the body size (1 MB) are bounded by the schema and the
 * server's body limit.
 */
export async function storeMerger(d: Domain, userID: string, input: CreateMerger): Promise<string> {
  const depth = await depthOf(d.storage, input.messageList, 1);
  checkBodies(input.messageList, 'messageList');
  const downloadKey = randomBytes(18).toString('base64url');
  await d.storage.actions.putMerger({
    downloadKey,
    owner: userID,
    content: JSON.stringify({ title: input.title, abstractList: input.abstractList, messageList: input.messageList }),
    depth,
    createdAt: d.clock.now(),
  });
  return downloadKey;
}

/**
 * Each record's body is a message payload, checked as a sent one is (no NUL, safe URLs, the type's shape); a nested
 * record given inline (`messageList` instead of a `downloadKey`) is checked the same way, level by level (its depth
 * was bounded first).
 */
function checkBodies(list: readonly SimplifiedMessage[], where: string): void {
  list.forEach((m, i) => {
    const bodies: unknown = m?.messageBody;
    if (!Array.isArray(bodies) || bodies.some((x) => typeof x?.type !== 'string' || typeof x?.payload !== 'object'))
      throw ParleyError.of('INVALID_PARAMS', `${where}[${i}]: messageBody must be [{type, payload}]`);
    for (const body of bodies as SimplifiedMessage['messageBody']) {
      const inline = (body.payload as { messageList?: unknown }).messageList;
      if (body.type === MESSAGE_TYPE.MERGER && Array.isArray(inline)) {
        checkBodies(inline as SimplifiedMessage[], `${where}[${i}].messageList`);
        continue;
      }
      const problem = payloadProblem(body.type, body.payload);
      if (problem) throw ParleyError.of('INVALID_PARAMS', `${where}[${i}]: ${problem}`);
    }
  });
}

/** downloadMergerMessage: the records behind a key (2451 when there are none). */
export async function loadMerger(d: Domain, downloadKey: string) {
  const row = await d.storage.actions.getMerger(downloadKey);
  if (!row) throw ParleyError.of('MSG_MERGER_KEY_INVALID');
  return JSON.parse(row.content) as { title: string; abstractList: string[]; messageList: SimplifiedMessage[] };
}
