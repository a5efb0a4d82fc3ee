import { randomBytes } from 'node:crypto';
import {
  ACTION_LIMITS,
  type CreateMerger,
  MESSAGE_TYPE,
  ParleyError,
  mergerInlineProblem,
  mergerRecordProblem,
  payloadProblem,
  type SimplifiedMessage,
} from '@parley/protocol';
import type { Domain } from '../context.ts';
import { storedText } from '../messages/content-filter.ts';

type Store = Pick<Domain['storage'], 'actions'>;
type Body = SimplifiedMessage['messageBody'][number];
/** One list of records still to check, and where it is in the request (for the error message). */
interface Pending {
  list: readonly unknown[];
  where: string;
}

const invalid = (where: string, problem: string) => ParleyError.of('INVALID_PARAMS', `${where}: ${problem}`);

/**
 * Checks merged records level by level (rules ACT12, ABU30-ABU32) and returns how deep they nest, the top level
 * counting 1. Every record of every level is checked against the record schema, and every element of its body: a
 * nested merger given inline (`messageList`) is a list for the next level, one given by `downloadKey` counts the depth
 * stored with it, anything else is checked as a sent payload is. The walk is a loop over levels, not a recursion, and
 * it stops at the first level past the limit, so a hostile 5,000-deep document costs at most `mergerDepth` levels and
 * never the stack.
 */
async function checkRecords(store: Store, top: readonly SimplifiedMessage[]): Promise<number> {
  let depth = 1;
  let level: Pending[] = [{ list: top, where: 'messageList' }];
  for (let n = 1; level.length > 0; n += 1) {
    if (n > ACTION_LIMITS.mergerDepth) throw ParleyError.of('MERGER_TOO_DEEP');
    depth = Math.max(depth, n);
    const next: Pending[] = [];
    for (const { list, where } of level) {
      for (const [i, record] of list.entries()) {
        const at = `${where}[${i}]`;
        const problem = mergerRecordProblem(record);
        if (problem) throw invalid(at, problem);
        for (const body of (record as SimplifiedMessage).messageBody) {
          const stored = await checkBody(store, body, at, next);
          depth = Math.max(depth, n + stored);
          if (depth > ACTION_LIMITS.mergerDepth) throw ParleyError.of('MERGER_TOO_DEEP');
        }
      }
    }
    level = next;
  }
  return depth;
}

/** One body element: an inline merger adds its records to `next`; returns the depth a stored merger adds (or 0). */
async function checkBody(store: Store, body: Body, at: string, next: Pending[]): Promise<number> {
  const payload = body.payload as { messageList?: unknown; downloadKey?: unknown };
  if (body.type === MESSAGE_TYPE.MERGER && payload.messageList !== undefined) {
    const problem = mergerInlineProblem(payload);
    if (problem) throw invalid(at, problem);
    next.push({ list: payload.messageList as unknown[], where: `${at}.messageList` });
    return 0;
  }
  const problem = payloadProblem(body.type, payload);
  if (problem) throw invalid(at, problem);
  if (body.type !== MESSAGE_TYPE.MERGER) return 0;
  const nested = await store.actions.getMerger(payload.downloadKey as string);
  if (!nested) throw ParleyError.of('MSG_MERGER_KEY_INVALID');
  return nested.depth;
}

/**
 * Stores merged records (rule ACT12) and returns their download key: 144 random bits, so the key is the capability
 * a merger message hands to its recipients (decision 0015). Whoever holds a message carrying it may read the
 * records, even without access to the conversations they came from; every level is checked (checkRecords) and
 * nests at most 10 deep. The number of records per list (300) and the body size (1 MB) are bounded by the schemas
 * and the server's body limit.
 */
export async function storeMerger(d: Domain, userID: string, input: CreateMerger): Promise<string> {
  const depth = await checkRecords(d.storage, input.messageList);
  // The records are the client's copy, not the stored messages: their texts are filtered like a send's (ABU16).
  const { title, abstractList, messageList } = input;
  if (d.contentFilter.blocks(storedText({ title, abstractList, messageList })))
    throw ParleyError.of('PROHIBITED_CONTENT');
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

/** downloadMergerMessage: the records behind a key (2451 when there are none). */
export async function loadMerger(d: Domain, downloadKey: string) {
  const row = await d.storage.actions.getMerger(downloadKey);
  if (!row) throw ParleyError.of('MSG_MERGER_KEY_INVALID');
  return JSON.parse(row.content) as { title: string; abstractList: string[]; messageList: SimplifiedMessage[] };
}
