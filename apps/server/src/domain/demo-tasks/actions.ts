import { DEMO_TASKS, type DemoTask, type DemoTasks } from '@parley/protocol';
import { type Domain, nowSeconds } from '../context.ts';

/**
 * Demo mode's checklist (decision 0054). The kit commits a task after the SDK resolved the action it stands for, as
 * the seed's client does; the server keeps it per user so every device and a reload see it (DEMO2). Progress is the
 * user's own: a forged commit only ticks one's own list, so it is not checked against the action (DEMO4).
 */
export async function demoTasks(d: Domain, userID: string, enabled: boolean): Promise<DemoTasks> {
  if (!enabled) return { enabled: false, tasks: [] };
  const done = new Map((await d.storage.demoTasks.list(userID)).map((r) => [r.task, r.doneAt]));
  return {
    enabled: true,
    tasks: DEMO_TASKS.map(({ task, counter }) => ({ task, counter, doneAt: done.get(task) ?? 0 })),
  };
}

export async function commitDemoTask(d: Domain, userID: string, task: DemoTask): Promise<DemoTasks> {
  await d.storage.demoTasks.markDone(userID, task, nowSeconds(d));
  return demoTasks(d, userID, true);
}
