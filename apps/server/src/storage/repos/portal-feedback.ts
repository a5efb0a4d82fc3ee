import type { Kysely, Selectable } from 'kysely';
import type { FeedbackRow, PortalPagesRepo } from '../../domain/portal/pages-ports.ts';
import type { Database } from '../schema.ts';

type FeedbackMethods = 'addFeedback' | 'feedback' | 'allFeedback' | 'replyFeedback';

const count = (n: { n: unknown } | undefined) => Number(n?.n ?? 0);

const toRow = (r: Selectable<Database['portal_feedback']>): FeedbackRow => ({
  id: r.id,
  userID: r.user_id,
  kind: Number(r.kind),
  content: r.content,
  contact: r.contact,
  status: Number(r.status),
  reply: r.reply,
  repliedAt: Number(r.replied_at),
  createdAt: Number(r.created_at),
});

/** Feedback (PCP5) and the operator's reply (PCP14); tables of migrations 0013 and 0019. */
export function feedbackRepo(db: Kysely<Database>): Pick<PortalPagesRepo, FeedbackMethods> {
  const page = async (filter: { userID?: string; status?: number }, offset: number, limit: number) => {
    let base = db.selectFrom('portal_feedback');
    if (filter.userID !== undefined) base = base.where('user_id', '=', filter.userID);
    if (filter.status !== undefined) base = base.where('status', '=', filter.status);
    const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows: rows.map(toRow), total: count(total) };
  };
  return {
    async addFeedback(row) {
      await db
        .insertInto('portal_feedback')
        .values({
          id: row.id,
          user_id: row.userID,
          kind: row.kind,
          content: row.content,
          contact: row.contact,
          status: row.status,
          reply: row.reply,
          replied_at: row.repliedAt,
          created_at: row.createdAt,
        })
        .execute();
    },
    feedback: (userID, offset, limit) => page({ userID }, offset, limit),
    allFeedback: (status, offset, limit) => page(status === undefined ? {} : { status }, offset, limit),
    async replyFeedback(id, reply, at) {
      const done = await db
        .updateTable('portal_feedback')
        .set({ reply, status: 1, replied_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return undefined;
      const r = await db.selectFrom('portal_feedback').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toRow(r);
    },
  };
}
