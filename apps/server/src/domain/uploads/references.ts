import { API_PREFIX } from '@parley/protocol';
import type { Domain } from '../context.ts';

const MARK = `${API_PREFIX}/files/`;
const FILE_IDS = new RegExp(`${MARK.replace(/\//g, '\\/')}([A-Za-z0-9_-]{22})`, 'g');

/** The file IDs a stored text names by path (absolute URLs on the server's origin included). */
export function fileIDsIn(text: string): string[] {
  if (!text.includes(MARK)) return [];
  return [...new Set(Array.from(text.matchAll(FILE_IDS), (m) => m[1] ?? ''))];
}

/**
 * Rule ABU8: every upload a message's payload or cloudCustomData names becomes referenced (never deleted by its
 * owner nor swept). Marked before the message is stored, so a send that fails afterwards only keeps a file longer,
 * never loses one a stored message shows. Undefined (no wait) when the message names no file.
 */
export function referenceUploads(d: Domain, payload: unknown, cloudCustomData = ''): Promise<void> | undefined {
  if (!d.uploadRefs) return undefined;
  const ids = [...fileIDsIn(JSON.stringify(payload) ?? ''), ...fileIDsIn(cloudCustomData)];
  return ids.length > 0 ? d.uploadRefs.markReferenced(ids) : undefined;
}
