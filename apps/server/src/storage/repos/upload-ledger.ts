import type { Kysely } from 'kysely';
import type { Storage } from '../../domain/ports.ts';
import type { LedgerFile, UploadLedger } from '../../domain/uploads/ports.ts';
import type { Database } from '../schema.ts';

/** IDs per statement: PostgreSQL and SQLite both take far more parameters, and a message names few files. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

type Row = Database['upload_files'];
const fromRow = (r: Row): LedgerFile => ({
  fileID: r.file_id,
  uploadID: r.upload_id,
  owner: r.owner,
  objectKey: r.object_key,
  bytes: Number(r.bytes),
  createdAt: Number(r.created_at),
  referenced: Number(r.referenced) === 1,
});

/** The upload ledger over the server's database (migration 0021, decision 0024). */
export function uploadLedgerRepo(db: Kysely<Database>): UploadLedger {
  return {
    async usedBytes(owner) {
      const r = await db
        .selectFrom('upload_files')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('n'))
        .where('owner', '=', owner)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async add(files) {
      if (files.length === 0) return;
      const rows = files.map((f) => ({
        file_id: f.fileID,
        upload_id: f.uploadID,
        owner: f.owner,
        object_key: f.objectKey,
        bytes: f.bytes,
        created_at: f.createdAt,
        referenced: f.referenced ? 1 : 0,
      }));
      for (const part of chunks(rows)) {
        await db
          .insertInto('upload_files')
          .values(part)
          .onConflict((oc) => oc.column('file_id').doNothing())
          .execute();
      }
    },
    async markReferenced(fileIDs) {
      for (const part of chunks(fileIDs)) {
        await db
          .updateTable('upload_files')
          .set({ referenced: 1 })
          .where('referenced', '=', 0)
          .where('upload_id', 'in', (eb) =>
            eb.selectFrom('upload_files').select('upload_id').where('file_id', 'in', part),
          )
          .execute();
      }
    },
    async uploadOf(fileID) {
      const rows = await db
        .selectFrom('upload_files')
        .selectAll()
        .where('upload_id', 'in', (eb) =>
          eb.selectFrom('upload_files').select('upload_id').where('file_id', '=', fileID),
        )
        .execute();
      return rows.map(fromRow);
    },
    async remove(fileIDs) {
      for (const part of chunks(fileIDs)) await db.deleteFrom('upload_files').where('file_id', 'in', part).execute();
    },
    async filesOf(owner) {
      const rows = await db
        .selectFrom('upload_files')
        .selectAll()
        .where('owner', '=', owner)
        .orderBy('created_at')
        .execute();
      return rows.map(fromRow);
    },
    async objectInUse(objectKey) {
      const r = await db
        .selectFrom('upload_files')
        .select('file_id')
        .where('object_key', '=', objectKey)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
    async unreferencedBefore(before, limit) {
      const rows = await db
        .selectFrom('upload_files')
        .select('upload_id')
        .where('referenced', '=', 0)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return [...new Set(rows.map((r) => r.upload_id))];
    },
    async isEmpty() {
      return (await db.selectFrom('upload_files').select('file_id').limit(1).executeTakeFirst()) === undefined;
    },
  };
}

/** The ledger of a storage opened by `openStorage`; undefined for other Storage implementations (as housekeeping). */
export function uploadLedgerFor(storage: Storage): UploadLedger | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return uploadLedgerRepo(s.db);
}
