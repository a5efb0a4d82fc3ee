import type { Translate } from '../../i18n/translate.ts';
import { isShown } from '../../message-list/message-item.ts';
import { messageSummary } from '../../message-list/summary.ts';
import {
  type ChatConversation,
  type ChatEvent,
  type ChatMessage,
  type ChatPort,
  EVENT,
  TYPES,
} from '../../provider/chat-port.ts';
import { senderOf } from '../forward/forward.ts';
import type { NotifySettings, SettingsStore } from './settings-store.ts';

/** What the notifier needs of the browser; tests pass their own. */
export interface NotifyEnv {
  permission(): NotificationPermission | 'unsupported';
  request(): Promise<unknown>;
  show(title: string, options: { body: string; icon?: string; tag: string }, onClick: () => void): void;
  focused(): boolean;
  onFocus(listener: () => void): () => void;
  getTitle(): string;
  setTitle(title: string): void;
  /** The host page retitled itself (a language switch): the unread prefix goes back on. */
  onTitle?(listener: () => void): () => void;
}

interface Deps {
  chat: ChatPort;
  settings: SettingsStore;
  conversations: () => readonly ChatConversation[];
  current: () => string | null;
  unread: { subscribe(l: () => void): () => void; getSnapshot(): number };
  open: (conversationID: string) => void;
  t: Translate;
  env?: NotifyEnv;
}

/**
 * Whether an incoming message notifies (rule KACT19): allowed and granted; a message of someone else
 * that the list shows (no typing signal, no tip or notice); never for a muted conversation (AcceptNotNotify); never
 * while the page has the focus on that very conversation.
 */
export function shouldNotify(
  m: ChatMessage,
  s: NotifySettings,
  granted: boolean,
  muted: boolean,
  focusedOn: string | null,
): boolean {
  if (!s.allow || !granted || muted || m.flow !== 'in' || !isShown(m)) return false;
  if (m.type === TYPES.MSG_GRP_TIP || m.type === TYPES.MSG_GRP_SYS_NOTICE) return false;
  return focusedOn !== m.conversationID;
}

/** The notification's title and text: the sender and message with previews, else 'You have N new messages'. */
export function notificationText(m: ChatMessage, s: NotifySettings, unseen: number, self: string, t: Translate) {
  const title = s.title.trim() || (s.previews ? senderOf(m) : t('actions.notify.defaultTitle'));
  const body = s.previews ? messageSummary(m, self, t) : t('actions.notify.count', { count: unseen });
  return { title, body };
}

const PREFIX = /^\(\d+\+?\) /;

/** The page title with the total unread count in front: '(3) Title'; none at 0. */
export function titleWithUnread(title: string, total: number): string {
  const base = title.replace(PREFIX, '');
  return total > 0 ? `(${total > 99 ? '99+' : total}) ${base}` : base;
}

export class Notifier {
  readonly #deps: Deps;
  readonly #env: NotifyEnv | null;
  /** Messages notified since the page last had the focus: the count of the preview-less text. */
  #unseen = 0;

  constructor(deps: Deps) {
    this.#deps = deps;
    this.#env = deps.env ?? browserEnv();
  }

  attach(): () => void {
    const { chat, settings, unread } = this.#deps;
    const received = (event: ChatEvent) => {
      if (Array.isArray(event.data)) for (const m of event.data as ChatMessage[]) this.#notify(m);
    };
    const ready = () => settings.load();
    chat.on(EVENT.MESSAGE_RECEIVED, received);
    chat.on(EVENT.SDK_READY, ready);
    if (chat.isReady()) settings.load();
    const env = this.#env;
    const retitle = () => env?.setTitle(titleWithUnread(env.getTitle(), unread.getSnapshot()));
    const undo = [
      unread.subscribe(retitle),
      env?.onFocus(() => (this.#unseen = 0)) ?? (() => undefined),
      env?.onTitle?.(retitle) ?? (() => undefined),
    ];
    retitle();
    return () => {
      chat.off(EVENT.MESSAGE_RECEIVED, received);
      chat.off(EVENT.SDK_READY, ready);
      for (const fn of undo) fn();
      if (env) env.setTitle(titleWithUnread(env.getTitle(), 0));
    };
  }

  /** Asks for the permission at a moment the user acts (the first send, the settings' switch), never on load. */
  ask(): void {
    if (this.#deps.settings.getSnapshot().notify.allow && this.#env?.permission() === 'default') {
      this.#env.request().catch(() => undefined);
    }
  }

  permission(): NotificationPermission | 'unsupported' {
    return this.#env?.permission() ?? 'unsupported';
  }

  #notify(m: ChatMessage): void {
    const env = this.#env;
    if (!env) return;
    const { settings, conversations, current, chat, t, open } = this.#deps;
    const s = settings.getSnapshot().notify;
    const conversation = conversations().find((c) => c.conversationID === m.conversationID);
    const muted = conversation?.messageRemindType === TYPES.MSG_REMIND_ACPT_NOT_NOTE;
    const focusedOn = env.focused() ? current() : null;
    if (!shouldNotify(m, s, env.permission() === 'granted', muted, focusedOn)) return;
    this.#unseen += 1;
    const { title, body } = notificationText(m, s, this.#unseen, chat.getLoginUser(), t);
    env.show(title, { body, ...(s.icon ? { icon: s.icon } : {}), tag: 'parley-chat' }, () => open(m.conversationID));
  }
}

function browserEnv(): NotifyEnv | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  const api = typeof Notification === 'undefined' ? null : Notification;
  return {
    permission: () => api?.permission ?? 'unsupported',
    request: () => api?.requestPermission() ?? Promise.resolve('denied'),
    show: (title, options, onClick) => {
      if (!api) return;
      const n = new api(title, options);
      n.onclick = () => {
        window.focus();
        onClick();
        n.close();
      };
    },
    focused: () => document.hasFocus() && document.visibilityState === 'visible',
    onFocus: (listener) => {
      window.addEventListener('focus', listener);
      return () => window.removeEventListener('focus', listener);
    },
    onTitle: (listener) => {
      if (typeof MutationObserver === 'undefined') return () => undefined;
      const observer = new MutationObserver(listener);
      observer.observe(document.head, { childList: true, subtree: true, characterData: true });
      return () => observer.disconnect();
    },
    getTitle: () => document.title,
    setTitle: (title) => {
      if (document.title !== title) document.title = title;
    },
  };
}
