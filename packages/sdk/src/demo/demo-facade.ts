/**
 * Demo ("official") mode's tasks (decision 0054): a Parley extension, not in the reference API. The seed's client
 * commits a task after the action it stands for; the server keeps the list per user (DEMO2), so it is read again at
 * every start and after a commit, never kept here.
 */
import { DEMO_ROUTES, DEMO_TASK_KEYS, type DemoTask, type DemoTasks } from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';

export type { DemoTask, DemoTasks };

/** getDemoTasks and commitDemoTask (DEMO5): `{code: 0, data: {enabled, tasks}}`. */
export const demoFeature = defineFeature({
  name: 'demo',
  create: (host: SdkHost) => ({ host }),
  methods: {
    getDemoTasks(): Promise<ChatResponse<DemoTasks>> {
      return this.host.guarded('getDemoTasks', async () => ok(await this.host.http.get<DemoTasks>(DEMO_ROUTES.tasks)));
    },
    commitDemoTask(task: DemoTask): Promise<ChatResponse<DemoTasks>> {
      return this.host.guarded('commitDemoTask', async () => {
        assertParams(
          DEMO_TASK_KEYS.includes(task),
          'commitDemoTask',
          `task must be one of ${DEMO_TASK_KEYS.join(', ')}`,
        );
        return ok(await this.host.http.post<DemoTasks>(DEMO_ROUTES.tasks, { task }));
      });
    },
  },
});
