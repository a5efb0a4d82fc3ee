import type { ReportReason, ReportStatus } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { Storage } from '../domain/ports.ts';
import type { ReportRow, ReportStore } from '../domain/reports/ports.ts';
import type { Database } from './schema.ts';

/** The table migration 0038 adds (decision 0055), typed here: only this store reads or writes it. */
interface ReportsTable {
  id?: number;
  reporter: string;
  conversation_key: string;
  message_id: string;
  sender: string;
  reason: string;
  note: string;
  snapshot: string;
  context: string;
  status: string;
  created_at: number;
  resolved_at?: number;
  resolved_by?: string;
}
type ReportsDatabase = Database & { message_reports: ReportsTable };
type Row = Required<ReportsTable>;

const toRow = (r: Row): ReportRow => ({
  id: Number(r.id),
  reporter: r.reporter,
  conversationKey: r.conversation_key,
  messageID: r.message_id,
  sender: r.sender,
  reason: r.reason as ReportReason,
  note: r.note,
  snapshot: r.snapshot,
  context: r.context,
  status: r.status as ReportStatus,
  createdAt: Number(r.created_at),
  resolvedAt: Number(r.resolved_at),
  resolvedBy: r.resolved_by,
});

/** The report store of a storage opened by `openStorage`; undefined for other Storage implementations. */
export function reportStoreFor(storage: Storage): ReportStore | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return createStore(s.db as unknown as Kysely<ReportsDatabase>);
}

function createStore(db: Kysely<ReportsDatabase>): ReportStore {
  const reports = () => db.selectFrom('message_reports').selectAll();
  return {
    async openReport(reporter, conversationKey, messageID) {
      const r = await reports()
        .where('reporter', '=', reporter)
        .where('conversation_key', '=', conversationKey)
        .where('message_id', '=', messageID)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return r && toRow(r as Row);
    },
    async insert(report) {
      try {
        const r = await db
          .insertInto('message_reports')
          .values({
            reporter: report.reporter,
            conversation_key: report.conversationKey,
            message_id: report.messageID,
            sender: report.sender,
            reason: report.reason,
            note: report.note,
            snapshot: report.snapshot,
            context: report.context,
            status: 'open',
            created_at: report.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(r.id);
      } catch (err) {
        // RPT4: the partial unique index refused a second open report; the caller reads the one that won.
        if (/unique|duplicate/i.test(String((err as Error).message))) return undefined;
        throw err;
      }
    },
    async get(id) {
      const r = await reports().where('id', '=', id).executeTakeFirst();
      return r && toRow(r as Row);
    },
    async listOpen(before, limit) {
      let q = reports().where('status', '=', 'open');
      if (before !== undefined) q = q.where('id', '<', before);
      const rows = await q.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => toRow(r as Row));
    },
    async resolveMessage(conversationKey, messageID, status, by, at) {
      const rows = await db
        .updateTable('message_reports')
        .set({ status, resolved_at: at, resolved_by: by })
        .where('conversation_key', '=', conversationKey)
        .where('message_id', '=', messageID)
        .where('status', '=', 'open')
        .returning('reporter')
        .execute();
      return rows.map((r) => r.reporter);
    },
    async resolveOne(id, status, by, at) {
      const r = await db
        .updateTable('message_reports')
        .set({ status, resolved_at: at, resolved_by: by })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
