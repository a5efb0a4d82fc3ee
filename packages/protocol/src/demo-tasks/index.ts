/**
 * Demo ("official") mode's tasks (decision 0054, rules DEMO1–DEMO20): a newcomer's checklist kept on the server per
 * user. The seed's task counters (seed 000 §9, seed 001 §4): send 0, revoke 1, mute 4, dismiss 5, call 6; the profile
 * task (a nickname changed, seed 001 §1) has no number there, so the wire names every task by its key.
 */
import { type Static, Type } from 'typebox';
import { API_PREFIX } from '../routes.ts';
import { Strict } from '../schemas/common.ts';

/** The tasks in the order a newcomer is shown them; `counter` is the seed's number, null where it gives none. */
export const DEMO_TASKS = [
  { task: 'send', counter: 0 },
  { task: 'revoke', counter: 1 },
  { task: 'mute', counter: 4 },
  { task: 'dismiss', counter: 5 },
  { task: 'call', counter: 6 },
  { task: 'nickname', counter: null },
] as const;

export type DemoTask = (typeof DEMO_TASKS)[number]['task'];
export const DEMO_TASK_KEYS: readonly DemoTask[] = DEMO_TASKS.map((t) => t.task);

export const DEMO_ROUTES = {
  /** GET: my progress; POST: commit one task (DEMO2, DEMO3). */
  tasks: `${API_PREFIX}/demo/tasks`,
} as const;

export const DemoTaskKey = Type.Union([
  Type.Literal('send'),
  Type.Literal('revoke'),
  Type.Literal('mute'),
  Type.Literal('dismiss'),
  Type.Literal('call'),
  Type.Literal('nickname'),
]);

export const CommitDemoTaskSchema = Type.Object({ task: DemoTaskKey }, Strict);
export type CommitDemoTask = Static<typeof CommitDemoTaskSchema>;

export const DemoTaskStateSchema = Type.Object({
  task: DemoTaskKey,
  counter: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Server seconds when it was first done; 0 while not done. */
  doneAt: Type.Integer({ minimum: 0 }),
});
export type DemoTaskState = Static<typeof DemoTaskStateSchema>;

export const DemoTasksSchema = Type.Object({
  /** Whether the server runs in demo mode (PARLEY_DEMO_MODE=1); when false `tasks` is empty. */
  enabled: Type.Boolean(),
  tasks: Type.Array(DemoTaskStateSchema),
});
export type DemoTasks = Static<typeof DemoTasksSchema>;

/** Compiles only while the schema's literals and DEMO_TASKS name the same tasks. */
export const DEMO_TASK_SCHEMA_MATCHES: [DemoTask] extends [Static<typeof DemoTaskKey>]
  ? [Static<typeof DemoTaskKey>] extends [DemoTask]
    ? true
    : false
  : false = true;
