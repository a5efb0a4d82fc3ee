import { Store } from '../../core/store.ts';

/** Desktop notification settings (decision 0015): allow and previews on by default; a title and an icon of one's own. */
export interface NotifySettings {
  allow: boolean;
  previews: boolean;
  title: string;
  icon: string;
}

export interface ChatSettings {
  notify: NotifySettings;
  /** The 9 quick replies, or null for the defaults of the language showing (decision 0015). */
  quickReplies: string[] | null;
}

export const QUICK_REPLY_COUNT = 9;
export const QUICK_REPLY_MAX = 200;

export const DEFAULT_SETTINGS: ChatSettings = {
  notify: { allow: true, previews: true, title: '', icon: '' },
  quickReplies: null,
};

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'parley.chat.settings.';

const text = (v: unknown, max: number, fallback: string) => (typeof v === 'string' ? v.slice(0, max) : fallback);

/** Stored settings read back; anything malformed takes its default, never a crash. */
export function readSettings(raw: string | null): ChatSettings {
  let v: { notify?: Partial<Record<keyof NotifySettings, unknown>>; quickReplies?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) v = parsed as typeof v;
  } catch {
    // defaults
  }
  const d = DEFAULT_SETTINGS.notify;
  const n = typeof v.notify === 'object' && v.notify !== null ? v.notify : {};
  const quick = Array.isArray(v.quickReplies) ? v.quickReplies : null;
  return {
    notify: {
      allow: typeof n.allow === 'boolean' ? n.allow : d.allow,
      previews: typeof n.previews === 'boolean' ? n.previews : d.previews,
      title: text(n.title, 60, d.title),
      icon: text(n.icon, 500, d.icon),
    },
    quickReplies:
      quick?.length === QUICK_REPLY_COUNT && quick.every((q) => typeof q === 'string')
        ? quick.map((q: string) => q.slice(0, QUICK_REPLY_MAX))
        : null,
  };
}

/** The chat settings of the signed-in user, kept per user in the browser's storage (rule KACT19). */
export class SettingsStore extends Store<ChatSettings> {
  readonly #user: () => string;
  readonly #storage: () => KeyValue | null;
  #loadedFor = '';

  constructor(user: () => string, storage: () => KeyValue | null = defaultStorage) {
    super(DEFAULT_SETTINGS);
    this.#user = user;
    this.#storage = storage;
  }

  /** Reads the current user's settings (after login, or when the user changed). */
  load(): void {
    const user = this.#user();
    if (user === this.#loadedFor) return;
    this.#loadedFor = user;
    this.set(user ? readSettings(this.#storage()?.getItem(KEY + user) ?? null) : DEFAULT_SETTINGS);
  }

  save(next: ChatSettings): void {
    const user = this.#user();
    const clean = readSettings(JSON.stringify(next));
    this.set(clean);
    if (!user) return;
    try {
      this.#storage()?.setItem(KEY + user, JSON.stringify(clean));
    } catch {
      // Storage full or blocked: the settings hold for this page.
    }
  }
}

function defaultStorage(): KeyValue | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
