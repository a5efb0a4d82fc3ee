import { EDIT_LIMITS } from '@parley/protocol';
import { Store } from '../core/store.ts';
import { modifyWithRetry, type Modifiable } from '../actions/replies/retry.ts';
import {
  type ChatEvent,
  type ChatMessage,
  type ChatPort,
  type ChatResponse,
  EVENT,
  TYPES,
} from '../provider/chat-port.ts';

/** One earlier text of an edited message, as the SDK's getMessageEditHistory answers it (decision 0046). */
export interface EditVersion {
  version: number;
  payload: { text?: unknown };
  time: number;
  replacedTime: number;
}

export interface EditState {
  /** The message being edited in the input, and its text when the edit started; null when none. */
  editing: { ID: string; text: string } | null;
  /** How long after sending a text its sender may edit it (EDIT3); 0 for no limit. */
  windowSeconds: number;
}

type Editable = ChatMessage & Modifiable;
type EditPort = ChatPort & {
  modifyMessage?: (message: Editable) => Promise<ChatResponse<{ message: Editable }>>;
  getMessageEditHistory?: (message: ChatMessage) => Promise<ChatResponse<{ versionList: EditVersion[] }>>;
  callExperimentalAPI?: (key: string, options?: unknown) => unknown;
};

export interface EditDeps {
  chat: ChatPort;
  /** The SDK's own object of a message of the open conversation. */
  original: (ID: string) => ChatMessage | undefined;
  /** The saved message, as the SDK now holds it: the list shows it at once. */
  saved: (message: ChatMessage) => void;
  fail: (err: unknown) => void;
}

const windowOf = (config: unknown): number | null => {
  const value = (config as { editWindowSeconds?: unknown } | undefined)?.editWindowSeconds;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
};

/**
 * Edited messages in the kit (decision 0046): which own text is being edited in the input (EDIT13), the edit window
 * the server announced (EDIT3, through getServerConfig and SERVER_CONFIG_UPDATED; the protocol's default until then),
 * saving through modifyMessage with the KACT11 retries, and the sender's earlier versions (EDIT14).
 */
export class EditStore extends Store<EditState> {
  readonly #deps: EditDeps;
  #asked = false;

  constructor(deps: EditDeps) {
    super({ editing: null, windowSeconds: EDIT_LIMITS.editWindowSeconds });
    this.#deps = deps;
  }

  get #port(): EditPort {
    return this.#deps.chat as EditPort;
  }

  attach(): () => void {
    const onUpdate = (event: ChatEvent) => {
      const seconds = windowOf((event.data as { config?: unknown } | undefined)?.config);
      if (seconds !== null) this.update((s) => ({ ...s, windowSeconds: seconds }));
    };
    this.#deps.chat.on(EVENT.SERVER_CONFIG_UPDATED, onUpdate);
    return () => this.#deps.chat.off(EVENT.SERVER_CONFIG_UPDATED, onUpdate);
  }

  /** Asks the SDK for the server's window once a message menu shows (one request per login, KLOC6). */
  want(): void {
    const port = this.#port;
    if (this.#asked || typeof port.callExperimentalAPI !== 'function' || !port.isReady()) return;
    this.#asked = true;
    const seconds = windowOf((port.callExperimentalAPI('getServerConfig') as { data?: unknown } | undefined)?.data);
    if (seconds !== null) this.update((s) => ({ ...s, windowSeconds: seconds }));
  }

  /** EDIT12: the user's own stored text, within the window, with an SDK that can modify. */
  canEdit(item: Pick<ChatMessage, 'type' | 'flow' | 'status' | 'time' | 'isRevoked'>, nowSeconds: number): boolean {
    if (typeof this.#port.modifyMessage !== 'function') return false;
    if (item.type !== TYPES.MSG_TEXT || item.flow !== 'out' || item.status !== 'success' || item.isRevoked)
      return false;
    const { windowSeconds } = this.getSnapshot();
    return windowSeconds === 0 || nowSeconds - item.time <= windowSeconds;
  }

  start(ID: string): void {
    const text = (this.#deps.original(ID)?.payload as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string') return;
    this.update((s) => ({ ...s, editing: { ID, text } }));
  }

  cancel(): void {
    if (this.getSnapshot().editing) this.update((s) => ({ ...s, editing: null }));
  }

  /** Enter in the editing input: saves a changed text; the same text or an empty one only ends the edit. */
  async save(text: string): Promise<void> {
    const editing = this.getSnapshot().editing;
    this.cancel();
    const message = editing && (this.#deps.original(editing.ID) as Editable | undefined);
    const modify = this.#port.modifyMessage;
    if (!message || typeof modify !== 'function' || text.trim() === '' || text === editing.text) return;
    const before = message.payload;
    try {
      const latest = await modifyWithRetry(
        message,
        (m) => {
          m.payload = { ...(m.payload as object), text };
        },
        (m) => modify.call(this.#port, m),
      );
      this.#deps.saved(latest);
    } catch (err) {
      // The SDK's object keeps what the server holds, not the refused text.
      if (message.payload !== before && (message.payload as { text?: unknown }).text === text) message.payload = before;
      this.#deps.fail(err);
    }
  }

  /** EDIT14: the sender's earlier texts of a message, oldest first; [] with an SDK that cannot tell. */
  async versions(ID: string): Promise<EditVersion[]> {
    const message = this.#deps.original(ID);
    const history = this.#port.getMessageEditHistory;
    if (!message || typeof history !== 'function') return [];
    return (await history.call(this.#port, message)).data.versionList;
  }
}
