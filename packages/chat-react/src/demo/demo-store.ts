/**
 * Demo ("official") mode in the kit (decision 0054): the newcomer's task list read from the server (so a reload or
 * another device shows the same progress, DEMO2), ticked when the user completes the action a task stands for (the
 * kit's Deeds, DEMO6), and the mutual-friend check that gates a member profile's 'send message' (DEMO9).
 */
import { Store } from '../core/store.ts';
import type { Deed } from '../core/deeds.ts';

export interface DemoTaskView {
  readonly task: Deed;
  readonly done: boolean;
}

export interface DemoState {
  /** Whether the server runs in demo mode; false until it said so (and with an SDK without the methods). */
  readonly enabled: boolean;
  /** In the order a newcomer is shown them (the seed's counters first, then the profile task). */
  readonly tasks: readonly DemoTaskView[];
  /** userID → whether we are friends both ways; absent while unknown. */
  readonly mutual: ReadonlyMap<string, boolean>;
}

interface Answer {
  data: { enabled: boolean; tasks: readonly { task: string; doneAt: number }[] };
}

/** The SDK's demo methods (Parley extensions) and checkFriend, written structurally like the other ports. */
export interface DemoPort {
  getDemoTasks(): Promise<Answer>;
  commitDemoTask(task: Deed): Promise<Answer>;
  checkFriend?(o: { userIDList: string[]; type?: string }): Promise<{
    data: { successUserIDList: readonly { userID: string; relation: string }[] };
  }>;
}

export function demoPortOf(chat: unknown): DemoPort | null {
  const sdk = chat as Partial<Record<keyof DemoPort, unknown>>;
  return typeof sdk.getDemoTasks === 'function' && typeof sdk.commitDemoTask === 'function' ? (chat as DemoPort) : null;
}

const OFF: DemoState = { enabled: false, tasks: [], mutual: new Map() };
const KNOWN: readonly Deed[] = ['send', 'revoke', 'mute', 'dismiss', 'call', 'nickname'];
/** TIM's values (reference: TYPES.SNS_CHECK_TYPE_BOTH, SNS_TYPE_BOTH_WAY). */
const CHECK_BOTH = 'CheckResult_Type_Both';
const BOTH_WAY = 'CheckResult_Type_BothWay';

export class DemoStore extends Store<DemoState> {
  readonly #port: DemoPort | null;
  readonly #warn: (err: unknown) => void;
  /** Tasks committed and not yet answered: a second deed of the same kind sends nothing. */
  readonly #inFlight = new Set<Deed>();
  readonly #asked = new Set<string>();
  #epoch = 0;

  constructor(port: DemoPort | null, warn: (err: unknown) => void) {
    super(OFF);
    this.#port = port;
    this.#warn = warn;
  }

  #adopt(answer: Answer): void {
    const { enabled, tasks } = answer.data;
    const list = tasks
      .filter((t): t is { task: Deed; doneAt: number } => KNOWN.includes(t.task as Deed))
      .map((t) => ({ task: t.task, done: t.doneAt > 0 }));
    this.update((s) => ({ ...s, enabled: enabled === true, tasks: enabled ? list : [] }));
  }

  /** Reads the list (at SDK_READY and after a reconnect: another device may have ticked a task). */
  async load(): Promise<void> {
    if (!this.#port) return;
    const epoch = this.#epoch;
    try {
      const answer = await this.#port.getDemoTasks();
      if (epoch === this.#epoch) this.#adopt(answer);
    } catch (err) {
      this.#warn(err);
    }
  }

  /** A deed the server accepted: its task is ticked at once and committed, unless done already (DEMO6). */
  async commit(deed: Deed): Promise<void> {
    const state = this.getSnapshot();
    const port = this.#port;
    const task = state.tasks.find((t) => t.task === deed);
    if (!port || !state.enabled || !task || task.done || this.#inFlight.has(deed)) return;
    this.#inFlight.add(deed);
    this.#tick(deed, true);
    const epoch = this.#epoch;
    try {
      const answer = await port.commitDemoTask(deed);
      if (epoch === this.#epoch) this.#adopt(answer);
    } catch (err) {
      // Not kept: the tick goes, and the next time the user does it the task is committed again.
      if (epoch === this.#epoch) this.#tick(deed, false);
      this.#warn(err);
    } finally {
      this.#inFlight.delete(deed);
    }
  }

  #tick(deed: Deed, done: boolean): void {
    this.update((s) => ({ ...s, tasks: s.tasks.map((t) => (t.task === deed ? { ...t, done } : t)) }));
  }

  /** Asks once whether `userID` and I are friends both ways (only in demo mode, where it matters; DEMO9). */
  async checkMutual(userID: string): Promise<void> {
    const check = this.#port?.checkFriend;
    if (!this.getSnapshot().enabled || !check || this.#asked.has(userID)) return;
    this.#asked.add(userID);
    const epoch = this.#epoch;
    try {
      const { data } = await check.call(this.#port, { userIDList: [userID], type: CHECK_BOTH });
      const mutual = data.successUserIDList.some((r) => r.userID === userID && r.relation === BOTH_WAY);
      if (epoch === this.#epoch) this.update((s) => ({ ...s, mutual: new Map(s.mutual).set(userID, mutual) }));
    } catch (err) {
      this.#asked.delete(userID);
      this.#warn(err);
    }
  }

  /** Friends changed: every answer may be stale. */
  forgetFriends(): void {
    this.#asked.clear();
    this.update((s) => (s.mutual.size === 0 ? s : { ...s, mutual: new Map() }));
  }

  /** Logged out: nothing of this user stays. */
  reset(): void {
    this.#epoch += 1;
    this.#asked.clear();
    this.#inFlight.clear();
    this.set(OFF);
  }
}
