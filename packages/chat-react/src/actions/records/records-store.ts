import { Store } from '../../core/store.ts';
import type { ChatMessage } from '../../provider/chat-port.ts';
import type { ForwardPort, MergerRef } from '../forward/forward.ts';

/** One message of merged records (reference §12.1 SimplifiedMessage), as far as the viewer reads it. */
export interface MergedRecord {
  ID: string;
  from: string;
  nick: string;
  avatar: string;
  messageSender: string;
  time: number;
  cloudCustomData: string;
  type: string;
  payload: unknown;
}

export interface RecordsLevel {
  title: string;
  status: 'loading' | 'ready' | 'error';
  records: readonly MergedRecord[];
  /** How many records show: the viewer pages through them. */
  shown: number;
}

/** Records per page of the viewer (decision 0015). */
export const RECORDS_PAGE = 20;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A stored record as the records list carries it; anything malformed is left out, never a crash. */
export function toRecord(raw: unknown, index: number): MergedRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const body = Array.isArray(r.messageBody) ? (r.messageBody[0] as { type?: unknown; payload?: unknown }) : null;
  const type = str(body?.type) || str(r.type);
  if (!type) return null;
  return {
    ID: str(r.ID) || `record-${index}`,
    from: str(r.from),
    nick: str(r.nick),
    avatar: str(r.avatar),
    messageSender: str(r.messageSender) || str(r.nick) || str(r.from),
    time: typeof r.time === 'number' ? r.time : 0,
    cloudCustomData: str(r.cloudCustomData),
    type,
    payload: body ? body.payload : r.payload,
  };
}

const payloadOf = (m: MergerRef) => (m.payload ?? {}) as { title?: unknown; messageList?: unknown };

/**
 * The full-screen merged-records view (rule KACT17): a stack of levels, the bottom one the bubble that
 * was opened, each nested record opened in turn on top of it; each level downloads its records
 * (downloadMergerMessage) unless they came inline, and shows them a page at a time.
 */
export class RecordsStore extends Store<readonly RecordsLevel[]> {
  readonly #port: ForwardPort | null;
  readonly #fail: (err: unknown) => void;

  constructor(port: ForwardPort | null, fail: (err: unknown) => void) {
    super([]);
    this.#port = port;
    this.#fail = fail;
  }

  open(message: ChatMessage | MergerRef): void {
    const title = str(payloadOf(message).title);
    const depth = this.getSnapshot().length;
    const inline = payloadOf(message).messageList;
    if (Array.isArray(inline) && !(message.payload as { downloadKey?: unknown }).downloadKey) {
      this.set([...this.getSnapshot(), level(title, inline)]);
      return;
    }
    this.set([...this.getSnapshot(), { title, status: 'loading', records: [], shown: 0 }]);
    if (!this.#port) {
      this.#settle(depth, { title, status: 'error', records: [], shown: 0 });
      return;
    }
    this.#port
      .downloadMergerMessage(message)
      .then(({ data }) => this.#settle(depth, level(title, payloadOf(data).messageList)))
      .catch((err: unknown) => {
        this.#settle(depth, { title, status: 'error', records: [], shown: 0 });
        this.#fail(err);
      });
  }

  /** The next page of the top level. */
  more(): void {
    const stack = this.getSnapshot();
    const top = stack[stack.length - 1];
    if (!top || top.shown >= top.records.length) return;
    this.set([...stack.slice(0, -1), { ...top, shown: top.shown + RECORDS_PAGE }]);
  }

  back(): void {
    this.set(this.getSnapshot().slice(0, -1));
  }

  close(): void {
    if (this.getSnapshot().length > 0) this.set([]);
  }

  /** A download answers: it fills its own level if that is still open (the user may have gone back meanwhile). */
  #settle(depth: number, next: RecordsLevel): void {
    const stack = this.getSnapshot();
    if (stack.length <= depth || stack[depth]?.status !== 'loading') return;
    this.set(stack.map((l, i) => (i === depth ? next : l)));
  }
}

function level(title: string, list: unknown): RecordsLevel {
  const records = (Array.isArray(list) ? list : []).map(toRecord).filter((r): r is MergedRecord => r !== null);
  return { title, status: 'ready', records, shown: Math.min(RECORDS_PAGE, records.length) };
}
