import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';

export interface GroupNamesState {
  /** The SDK keeps conversation groups (decision 0049); without them the kit shows no tabs and no items. */
  supported: boolean;
  /** My group names in the order made. */
  names: readonly string[];
  /** The tab showing: '' for All, else a group name (CGRP16). */
  selected: string;
}

/**
 * My conversation groups (CGRP16): read at SDK_READY, then kept by CONVERSATION_GROUP_LIST_UPDATED, which the SDK
 * emits for a change on any device of mine. A selected group that goes away (deleted, renamed elsewhere) leaves the
 * list on All.
 */
/** CGRP18: which name dialog shows, asked for by the tabs' options or by a row's menu (which closes first). */
export type NameRequest = { kind: 'create'; conversationID?: string } | { kind: 'rename'; name: string } | null;

export class NameRequestStore extends Store<NameRequest> {
  constructor() {
    super(null);
  }
  ask(request: NameRequest): void {
    this.set(request);
  }
}

export class GroupNamesStore extends Store<GroupNamesState> {
  readonly #chat: ChatPort;

  constructor(chat: ChatPort) {
    super({ supported: typeof chat.getConversationGroupList === 'function', names: [], selected: '' });
    this.#chat = chat;
  }

  attach(): () => void {
    const updated = (event: ChatEvent) => {
      if (Array.isArray(event.data)) this.#names(event.data as string[]);
    };
    const ready = () => this.load();
    this.#chat.on(EVENT.CONVERSATION_GROUP_LIST_UPDATED, updated);
    this.#chat.on(EVENT.SDK_READY, ready);
    if (this.#chat.isReady()) this.load();
    return () => {
      this.#chat.off(EVENT.CONVERSATION_GROUP_LIST_UPDATED, updated);
      this.#chat.off(EVENT.SDK_READY, ready);
    };
  }

  load(): void {
    if (!this.#chat.getConversationGroupList || !this.#chat.isReady()) return;
    this.#chat.getConversationGroupList().then(
      ({ data }) => this.#names(data),
      (err: unknown) => console.warn('[parley-chat] getConversationGroupList failed', err),
    );
  }

  select(selected: string): void {
    this.update((s) => ({ ...s, selected: s.names.includes(selected) ? selected : '' }));
  }

  /** A rename made here keeps its tab selected under the new name. */
  renamed(oldName: string, newName: string): void {
    this.update((s) => ({
      ...s,
      names: s.names.map((n) => (n === oldName ? newName : n)),
      selected: s.selected === oldName ? newName : s.selected,
    }));
  }

  #names(names: readonly string[]): void {
    this.update((s) => ({ ...s, names: [...names], selected: names.includes(s.selected) ? s.selected : '' }));
  }
}
