import type { DemoTask } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DemoTaskRow, DemoTasksRepo } from '../../domain/demo-tasks/ports.ts';
import type { Database } from '../schema.ts';

/** The table migration 0037 adds, typed here: only this repo reads or writes it. */
interface DemoTasksTable {
  user_id: string;
  task: string;
  done_at: number;
}
type DemoDatabase = Database & { demo_tasks: DemoTasksTable };

export function demoTasksRepo(database: Kysely<Database>): DemoTasksRepo {
  const db = database as unknown as Kysely<DemoDatabase>;
  return {
    async markDone(userID, task, at) {
      await db
        .insertInto('demo_tasks')
        .values({ user_id: userID, task, done_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'task']).doNothing())
        .execute();
    },
    async list(userID) {
      const rows = await db.selectFrom('demo_tasks').selectAll().where('user_id', '=', userID).execute();
      return rows.map((r): DemoTaskRow => ({ task: r.task as DemoTask, doneAt: Number(r.done_at) }));
    },
  };
}
