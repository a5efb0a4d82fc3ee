// Test harness, not part of any kit: the bundle resolves `@tencentcloud/lite-chat` (and `@tencentcloud/chat`) to this
// module (decision 0044). It is Parley's SDK, whose `create()` instance records every method a kit calls on it and
// how the call answered, in `window.__parleyCalls`, so the spec can list them and check that none answered 2998.
import TencentCloudChat from '@parley/chat';

export interface RecordedCall {
  method: string;
  /** The first argument's shape (its keys, or its type), never its values: enough to tell the calls apart. */
  args: string;
  /** `sync`, `resolved`, or `rejected <code>`. */
  answer: string;
  /** The resolved code or the rejection's message, cut short. */
  detail: string;
  /** A rejection's `data` (e.g. the transport's reason, an HTTP status), so a failure names its cause. */
  data?: string;
  /** How long a promise took to settle, in ms: a timeout (2801) reads next to it. Recorded, never asserted. */
  ms?: number;
}

const calls: RecordedCall[] = [];
(globalThis as { __parleyCalls?: RecordedCall[] }).__parleyCalls = calls;

function shape(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return /^[\w-]{1,40}$/.test(value) ? `'${value}'` : 'string';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return `[${value.length}]`;
  return `{${Object.keys(value).sort().join(',')}}`;
}

function describe(data: unknown): string {
  try {
    return JSON.stringify(data).slice(0, 300);
  } catch {
    return String(data).slice(0, 300);
  }
}

function record(method: string, args: unknown[], answer: unknown): unknown {
  const entry: RecordedCall = { method, args: args.map(shape).join(', '), answer: 'sync', detail: '' };
  calls.push(entry);
  if (answer instanceof Promise) {
    entry.answer = 'pending';
    const started = performance.now();
    const settled = () => {
      entry.ms = Math.round(performance.now() - started);
    };
    answer.then(
      (r: { code?: number; data?: { enabled?: boolean } } | undefined) => {
        settled();
        entry.answer = 'resolved';
        const enabled = typeof r?.data?.enabled === 'boolean' ? `, enabled ${r.data.enabled}` : '';
        entry.detail = `code ${r?.code ?? '-'}${enabled}`;
      },
      (e: { code?: number; message?: string; data?: unknown }) => {
        settled();
        entry.answer = `rejected ${e?.code ?? '?'}`;
        entry.detail = String(e?.message ?? e).slice(0, 160);
        if (e?.data !== undefined) entry.data = describe(e.data);
      },
    );
  } else entry.detail = shape(answer);
  return answer;
}

const wrapped = new WeakSet<object>();

function instrument<T extends object>(chat: T): T {
  if (wrapped.has(chat)) return chat;
  wrapped.add(chat);
  const seen = new Set<string>();
  for (let o: object | null = chat; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      const fn = (chat as Record<string, unknown>)[name];
      if (name === 'constructor' || name.startsWith('_') || seen.has(name) || typeof fn !== 'function') continue;
      seen.add(name);
      Object.defineProperty(chat, name, {
        configurable: true,
        writable: true,
        value: (...args: unknown[]) => record(name, args, (fn as (...a: unknown[]) => unknown).apply(chat, args)),
      });
    }
  }
  return chat;
}

const create = TencentCloudChat.create;
const Recording = {
  ...TencentCloudChat,
  create: (options: Parameters<typeof create>[0]) => {
    const chat = create(options);
    return chat ? instrument(chat) : chat;
  },
};

export default Recording;
