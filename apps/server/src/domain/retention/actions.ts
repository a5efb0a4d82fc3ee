import { type GroupRetentionResult, ParleyError } from '@parley/protocol';
import type { SendPath } from '../messages/send-path.ts';
import type { FileStore, UploadLedger } from '../uploads/ports.ts';
import { removeFiles } from '../uploads/quota.ts';
import type { RetentionStep, RetentionStore } from './ports.ts';

/** RET3: an admin sets a group's own retention (days, 0 = forever) or hands it back to the default (null). */
export async function setGroupRetention(
  store: RetentionStore,
  defaultDays: number,
  groupID: string,
  days: number | null,
): Promise<GroupRetentionResult> {
  if (!(await store.setGroupDays(groupID, days))) throw ParleyError.of('GROUP_NOT_FOUND');
  return { groupID, days, effectiveDays: days ?? defaultDays };
}

export interface RetentionFiles {
  ledger: UploadLedger;
  store: FileStore;
}

/**
 * One retention step (decision 0047): the database part (RET4, RET5), then what this node holds beside it: cached
 * history pages reaching below what is left (RET7) and the uploads no stored message names any more (RET8).
 */
export async function retentionStep(
  sendPath: SendPath,
  store: RetentionStore,
  files: RetentionFiles | undefined,
  nowSeconds: number,
  defaultDays: number,
  maxRows: number,
): Promise<RetentionStep> {
  const step = await store.step(nowSeconds, defaultDays, maxRows);
  for (const v of step.visited) sendPath.pages.dropBelow(v.conversationID, v.lowestSeq);
  if (files) await removeUnnamed(store, files, [...new Set(step.fileIDs)]);
  return step;
}

/** RET8: an upload goes once none of its files (an image's sizes are one upload) is named by a stored message. */
async function removeUnnamed(store: RetentionStore, files: RetentionFiles, fileIDs: string[]): Promise<void> {
  const seen = new Set<string>();
  for (const fileID of fileIDs) {
    const upload = await files.ledger.uploadOf(fileID);
    const uploadID = upload[0]?.uploadID;
    if (uploadID === undefined || seen.has(uploadID)) continue;
    seen.add(uploadID);
    let named = false;
    for (const f of upload) if (!named && (await store.fileNamed(f.fileID))) named = true;
    if (!named) await removeFiles(files.ledger, files.store, upload);
  }
}
