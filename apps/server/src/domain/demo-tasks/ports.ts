/** What demo mode stores (decision 0054): one row per task a user has done. */
import type { DemoTask } from '@parley/protocol';

export interface DemoTaskRow {
  task: DemoTask;
  /** Server seconds when it was first done. */
  doneAt: number;
}

export interface DemoTasksRepo {
  /** Records a task as done; done again keeps the first time (DEMO3). */
  markDone(userID: string, task: DemoTask, at: number): Promise<void>;
  /** The tasks the user has done. */
  list(userID: string): Promise<DemoTaskRow[]>;
}
