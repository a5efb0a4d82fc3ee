import { Store } from '../core/store.ts';
import type { ChatGroup, GroupPort } from '../group/group-port.ts';
import { type ChatEvent, type ChatPort, EVENT } from '../provider/chat-port.ts';

/** 'My groups' on the contact screen: the joined groups with their profiles (getGroupList, GROUP_LIST_UPDATED). */
export class GroupRosterStore extends Store<readonly ChatGroup[]> {
  readonly #port: GroupPort | null;

  constructor(port: GroupPort | null) {
    super([]);
    this.#port = port;
  }

  attach(chat: ChatPort): () => void {
    const updated = (event: ChatEvent) => {
      if (Array.isArray(event.data)) this.set(event.data as ChatGroup[]);
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
      ({ data }) => this.set(data.groupList),
      (err: unknown) => console.warn('[parley-chat] getGroupList failed', err),
    );
  }
}
