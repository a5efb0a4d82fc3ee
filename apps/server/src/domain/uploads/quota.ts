import { ParleyError } from '@parley/protocol';
import { RateLimiter } from '../limits/rate-limiter.ts';
import type { Clock } from '../ports.ts';
import type { FileStore, LedgerFile, UploadLedger } from './ports.ts';

/** Per-user upload limits (ABU5, ABU6, ABU9; docs/SECURITY.md). */
export interface UploadQuota {
  /** Bytes one user may keep stored; 0: no quota. */
  bytesPerUser: number;
  /** Uploads one user may start per minute, in a burst of as many; 0: no limit. */
  perMinute: number;
  /** An upload no message refers to is deleted once this old (ms); 0: never. */
  sweepAfterMs: number;
}

/** Room a running upload holds, so parallel uploads cannot pass the quota together; released when it ends. */
export interface Room {
  maxBytes: number;
  /** True when the quota, not the kind's size limit, bounds this upload. */
  byQuota: boolean;
  release(): void;
}

export const quotaExceeded = (): ParleyError => ParleyError.of('UPLOAD_QUOTA_EXCEEDED');

/**
 * The upload quota of one node (decision 0024): a rate of uploads started per user, and the bytes each user keeps
 * stored, counted in the ledger plus what this node is receiving for them right now.
 */
export class UploadAdmission {
  readonly #rate: RateLimiter;
  readonly #receiving = new Map<string, number>();
  constructor(
    readonly ledger: UploadLedger | undefined,
    readonly quota: UploadQuota,
    clock: Clock,
  ) {
    this.#rate = new RateLimiter(quota.perMinute / 60, quota.perMinute, clock);
  }

  /**
   * Before a byte of the body is read (ABU5, ABU6): one upload of the user's rate, and a declared length that cannot
   * fit in what is left of the quota is refused (`slack`: the multipart framing around the file).
   */
  async admit(owner: string, declaredBytes: number, slack: number): Promise<void> {
    const waitMs = this.#rate.take(owner);
    if (waitMs > 0) {
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      throw ParleyError.of('RATE_LIMITED', `Too many uploads, please retry in ${retryAfter} s`, {
        retryAfter,
        action: 'upload',
      });
    }
    if (declaredBytes > (await this.#left(owner)) + slack) throw quotaExceeded();
  }

  /** The bytes this upload may bring: the kind's limit or what is left of the quota, whichever is smaller. */
  async room(owner: string, kindLimit: number): Promise<Room> {
    const left = await this.#left(owner);
    if (left <= 0) throw quotaExceeded();
    const maxBytes = Math.min(kindLimit, left);
    this.#receiving.set(owner, (this.#receiving.get(owner) ?? 0) + maxBytes);
    let released = false;
    return {
      maxBytes,
      byQuota: maxBytes < kindLimit,
      release: () => {
        if (released) return;
        released = true;
        const rest = (this.#receiving.get(owner) ?? 0) - maxBytes;
        if (rest > 0) this.#receiving.set(owner, rest);
        else this.#receiving.delete(owner);
      },
    };
  }

  async #left(owner: string): Promise<number> {
    if (!this.ledger || this.quota.bytesPerUser <= 0) return Number.POSITIVE_INFINITY;
    const used = await this.ledger.usedBytes(owner);
    return this.quota.bytesPerUser - used - (this.#receiving.get(owner) ?? 0);
  }
}

/**
 * Removes an upload's files: ledger rows first (the quota is free at once), then records, then each object no
 * other file names (the same bytes uploaded twice are stored once, UPL2).
 */
export async function removeFiles(ledger: UploadLedger, store: FileStore, files: readonly LedgerFile[]): Promise<void> {
  await ledger.remove(files.map((f) => f.fileID));
  for (const f of files) await store.deleteRecord(f.fileID);
  for (const key of new Set(files.map((f) => f.objectKey))) {
    if (!(await ledger.objectInUse(key))) await store.deleteObject(key);
  }
}

/** Rule ABU7: the owner deletes an upload no message refers to; it is gone for everyone, its room freed. */
export async function deleteUpload(
  ledger: UploadLedger | undefined,
  store: FileStore,
  owner: string,
  fileID: string,
): Promise<void> {
  const files = ledger ? await ledger.uploadOf(fileID) : [];
  if (!ledger || files.length === 0 || files.some((f) => f.owner !== owner)) {
    throw ParleyError.of('NOT_FOUND', 'You have no upload with this file ID');
  }
  if (files.some((f) => f.referenced)) throw ParleyError.of('UPLOAD_IN_USE');
  await removeFiles(ledger, store, files);
}

/** Rule ABU9: uploads no message referred to, older than the sweep age, are deleted; a bounded batch per run. */
export async function sweepUploads(
  ledger: UploadLedger,
  store: FileStore,
  quota: UploadQuota,
  now: number,
  batch = 200,
): Promise<number> {
  if (quota.sweepAfterMs <= 0) return 0;
  let swept = 0;
  for (const uploadID of await ledger.unreferencedBefore(now - quota.sweepAfterMs, batch)) {
    const files = await ledger.uploadOf(uploadID);
    // Referenced since the list was read: kept.
    if (files.length === 0 || files.some((f) => f.referenced)) continue;
    await removeFiles(ledger, store, files);
    swept += 1;
  }
  return swept;
}

/**
 * Files stored before the ledger existed are entered once, when it is empty (decision 0024): counted in their
 * owner's quota and marked referenced, since no one knows which messages show them.
 */
export async function fillLedger(ledger: UploadLedger, store: FileStore): Promise<number> {
  if (!(await ledger.isEmpty())) return 0;
  let batch: LedgerFile[] = [];
  let filled = 0;
  for await (const r of store.allRecords()) {
    batch.push({
      fileID: r.id,
      uploadID: r.id,
      owner: r.owner,
      objectKey: r.key,
      bytes: r.size,
      createdAt: r.createdAt,
      referenced: true,
    });
    if (batch.length >= 500) {
      await ledger.add(batch);
      filled += batch.length;
      batch = [];
    }
  }
  await ledger.add(batch);
  return filled + batch.length;
}
