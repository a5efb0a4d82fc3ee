import { Store } from '../core/store.ts';
import { asFailure, type ChatMessage, type ChatPort, TYPES } from '../provider/chat-port.ts';
import type { GroupPort } from './group-port.ts';
import { GROUP_INVITATION, JOIN_APPLICATION } from './tip-text.ts';

/**
 * Parley's SDK event (not in the reference) for an application or invitation answered anywhere (by another admin,
 * on another device): the view asks the pending list again and shows 'already handled' at once (KGRP11).
 */
export const APPLICATION_HANDLED_EVENT = 'parleyGroupApplicationHandled';

/** Notices that wait for the user's answer: a join application (owner, admins) or an invitation (the invitee). */
const answerable = (operationType: number) => operationType === JOIN_APPLICATION || operationType === GROUP_INVITATION;

/** Seed 001 §9: system messages are read 15 at a time. */
const PAGE = 15;
/** Reference §13.2: the application was already handled (by another admin, or on another device). */
const ALREADY_HANDLED = 10024;

export interface SystemNotice {
  ID: string;
  time: number;
  operationType: number;
  payload: unknown;
  /** The applicant of a join application; the inviter of an invitation; else the operator. */
  from: string;
  nick: string;
  handled: boolean;
  /**
   * A plain text notice from the server (not a group notice): its text, and for a report's outcome (RPT13, decision
   * 0055) the outcome, which the view shows in the reader's language.
   */
  text?: { text: string; reportOutcome: string };
}

/** RPT13: the outcome a report notice names in its cloudCustomData, if any. */
function reportOutcomeOf(message: ChatMessage): string {
  try {
    const custom = record(JSON.parse(message.cloudCustomData || '{}'));
    const outcome = record(custom.parleyReport).outcome;
    return typeof outcome === 'string' ? outcome : '';
  } catch {
    return '';
  }
}

export interface SystemState {
  notices: readonly SystemNotice[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  isCompleted: boolean;
  nextReqMessageID: string;
  busy: ReadonlySet<string>;
}

const EMPTY: SystemState = { notices: [], status: 'idle', isCompleted: true, nextReqMessageID: '', busy: new Set() };

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** A notice answered already: the SDK's flag (seed 001 §3 isHandle) or the kit's own answer. */
function flagged(message: ChatMessage): boolean {
  const payload = record(message.payload);
  return Boolean(payload.isHandle ?? payload.handled ?? (message as unknown as Record<string, unknown>).isHandle);
}

/**
 * The system-notification view (seed 000 §2, 001 §4): group system notices of `@TIM#SYSTEM`, newest first, with
 * Accept / Reject on join applications and invitations not yet handled and 'already handled' after (KGRP9, KGRP10),
 * kept current while open when another admin or device answers (KGRP11).
 */
export class SystemStore extends Store<SystemState> {
  readonly #chat: ChatPort;
  readonly #port: GroupPort | null;
  readonly #onError: (err: unknown) => void;
  readonly #messages = new Map<string, ChatMessage>();
  readonly #handled = new Set<string>();
  /** `groupID|applicant` of the applications still waiting (getGroupApplicationList), null when unknown. */
  #pending: Set<string> | null = null;
  #open = false;

  constructor(chat: ChatPort, port: GroupPort | null, onError: (err: unknown) => void) {
    super(EMPTY);
    this.#chat = chat;
    this.#port = port;
    this.#onError = onError;
  }

  readonly #answeredElsewhere = () => {
    if (this.#open) this.#loadPending();
  };

  /** Opening the view loads the notices and marks the system conversation read (seed 001 §4). */
  open(): void {
    if (!this.#open) this.#chat.on(APPLICATION_HANDLED_EVENT, this.#answeredElsewhere);
    this.#open = true;
    this.set({ ...EMPTY, status: 'loading', isCompleted: false });
    this.#fetch('');
    this.#loadPending();
    this.#markRead();
  }

  close(): void {
    if (this.#open) this.#chat.off(APPLICATION_HANDLED_EVENT, this.#answeredElsewhere);
    this.#open = false;
  }

  loadMore(): void {
    const state = this.getSnapshot();
    if (state.status === 'ready' && !state.isCompleted) this.#fetch(state.nextReqMessageID);
  }

  received(messages: readonly ChatMessage[]): void {
    const fresh = messages.filter((m) => m.conversationID === TYPES.CONV_SYSTEM);
    if (!this.#open || fresh.length === 0) return;
    this.#merge(fresh);
    this.#loadPending();
    this.#markRead();
  }

  async handle(ID: string, action: 'Agree' | 'Reject'): Promise<void> {
    const message = this.#messages.get(ID);
    const state = this.getSnapshot();
    if (!message || state.busy.has(ID) || this.#handled.has(ID)) return;
    this.set({ ...state, busy: new Set([...state.busy, ID]) });
    try {
      if (!this.#port) throw new Error('Please register the group module first');
      if (record(message.payload).operationType === GROUP_INVITATION) await this.#answerInvitation(message, action);
      else await this.#port.handleGroupApplication({ handleAction: action, message });
      this.#handled.add(ID);
    } catch (err) {
      if (asFailure(err).code === ALREADY_HANDLED) this.#handled.add(ID);
      this.#onError(err);
    } finally {
      const busy = new Set(this.getSnapshot().busy);
      busy.delete(ID);
      this.set({ ...this.getSnapshot(), busy, notices: this.getSnapshot().notices.map((n) => this.#view(n.ID)) });
    }
  }

  /** The reference reaches handleGroupInvitation only through callExperimentalAPI (§9; SGRP21). */
  async #answerInvitation(message: ChatMessage, handleAction: 'Agree' | 'Reject'): Promise<void> {
    const experimental = (this.#chat as Partial<Pick<GroupPort, 'callExperimentalAPI'>>).callExperimentalAPI;
    if (!experimental) throw new Error('Please register the group module first');
    await experimental.call(this.#chat, 'handleGroupInvitation', { handleAction, message });
  }

  #loadPending(): void {
    const list = this.#port?.getGroupApplicationList;
    if (!list) return;
    list.call(this.#port).then(
      ({ data }) => {
        this.#pending = new Set(data.applicationList.map((a) => `${a.groupID}|${a.applicant}`));
        this.set({ ...this.getSnapshot(), notices: this.getSnapshot().notices.map((n) => this.#view(n.ID)) });
      },
      (err: unknown) => console.warn('[parley-chat] getGroupApplicationList failed', err),
    );
  }

  #fetch(nextReqMessageID: string): void {
    this.#chat
      .getMessageList({
        conversationID: TYPES.CONV_SYSTEM,
        count: PAGE,
        ...(nextReqMessageID ? { nextReqMessageID } : {}),
      })
      .then(({ data }) => {
        this.#merge(data.messageList);
        this.set({
          ...this.getSnapshot(),
          status: 'ready',
          isCompleted: data.isCompleted,
          nextReqMessageID: data.nextReqMessageID,
        });
      })
      .catch((err: unknown) => {
        this.set({ ...this.getSnapshot(), status: 'error' });
        this.#onError(err);
      });
  }

  #merge(messages: readonly ChatMessage[]): void {
    // Group notices, and the server's plain text notices (a report's outcome, RPT13).
    for (const m of messages)
      if (m.type === TYPES.MSG_GRP_SYS_NOTICE || m.type === TYPES.MSG_TEXT) this.#messages.set(m.ID, m);
    const notices = [...this.#messages.values()]
      .sort((a, b) => b.time - a.time || b.sequence - a.sequence)
      .map((m) => this.#view(m.ID));
    this.set({ ...this.getSnapshot(), notices });
  }

  #view(ID: string): SystemNotice {
    const m = this.#messages.get(ID) as ChatMessage;
    const payload = record(m.payload);
    const operationType = typeof payload.operationType === 'number' ? payload.operationType : 0;
    const applicant =
      typeof payload.applicant === 'string' && payload.applicant
        ? payload.applicant
        : typeof payload.operatorID === 'string'
          ? payload.operatorID
          : m.from;
    const groupID = String(record(payload.groupProfile).groupID ?? '');
    const answered = this.#pending !== null && !this.#pending.has(`${groupID}|${applicant}`);
    return {
      ID,
      time: m.time,
      operationType,
      payload: m.payload,
      from: applicant,
      nick: applicant === m.from ? m.nick : '',
      handled: answerable(operationType) && (this.#handled.has(ID) || flagged(m) || answered),
      ...(m.type === TYPES.MSG_TEXT
        ? { text: { text: typeof payload.text === 'string' ? payload.text : '', reportOutcome: reportOutcomeOf(m) } }
        : {}),
    };
  }

  #markRead(): void {
    this.#chat
      .setMessageRead({ conversationID: TYPES.CONV_SYSTEM })
      .catch((err: unknown) => console.warn('[parley-chat] setMessageRead failed', err));
  }
}
