import { Store } from '../core/store.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';
import type { ChatGroup, GroupPort } from './group-port.ts';

/** The IDs of the groups the user is in (getGroupList, then GROUP_LIST_UPDATED): 'already joined' in the search. */
export class GroupListStore extends Store<ReadonlySet<string>> {
  readonly #port: GroupPort | null;

  constructor(port: GroupPort | null) {
    super(new Set());
    this.#port = port;
  }

  attach(chat: ChatPort): () => void {
    const updated = (event: ChatEvent) => {
      if (Array.isArray(event.data)) this.#replace(event.data as ChatGroup[]);
    };
    const ready = () => this.load();
    chat.on(EVENT.GROUP_LIST_UPDATED, updated);
    chat.on(EVENT.SDK_READY, ready);
    if (chat.isReady()) this.load();
    return () => {
      chat.off(EVENT.GROUP_LIST_UPDATED, updated);
      chat.off(EVENT.SDK_READY, ready);
    };
  }

  load(): void {
    this.#port?.getGroupList().then(
      ({ data }) => this.#replace(data.groupList),
      (err: unknown) => console.warn('[parley-chat] getGroupList failed', err),
    );
  }

  #replace(list: readonly ChatGroup[]): void {
    this.set(new Set(list.map((g) => g.groupID)));
  }
}
