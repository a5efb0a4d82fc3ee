import { CommitDemoTaskSchema, DEMO_ROUTES, DemoTasksSchema } from '@parley/protocol';
import type { Domain } from '../../../domain/context.ts';
import { commitDemoTask, demoTasks } from '../../../domain/demo-tasks/actions.ts';
import { USER_ACTION, type UserLimits } from '../../../domain/limits/user-limits.ts';
import type { App } from '../app-type.ts';
import { requireUser } from '../auth.ts';
import { limitUser } from '../rate-limit.ts';

const tags = ['demo'];

/**
 * Demo mode's tasks (decision 0054). Reading is open to every signed-in user and says whether the mode is on (DEMO1);
 * committing exists only in demo mode (60008 otherwise) and counts against the profile-edit budget (DEMO3).
 */
export function demoTaskRoutes(app: App, d: Domain, limits: UserLimits, enabled: boolean): void {
  app.get(
    DEMO_ROUTES.tasks,
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: "Demo mode: whether it is on and the user's tasks",
        response: { 200: DemoTasksSchema },
      },
      preHandler: [requireUser(d)],
    },
    async (request) => demoTasks(d, request.userID, enabled),
  );
  if (!enabled) return;
  app.post(
    DEMO_ROUTES.tasks,
    {
      schema: {
        tags,
        security: [{ userSig: [] }],
        summary: 'Demo mode: commit one task as done',
        body: CommitDemoTaskSchema,
        response: { 200: DemoTasksSchema },
      },
      preHandler: [requireUser(d), limitUser(limits, USER_ACTION.PROFILE_EDIT)],
    },
    async (request) => commitDemoTask(d, request.userID, request.body.task),
  );
}
