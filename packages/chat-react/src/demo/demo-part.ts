import type { networkPart } from '../network/network-part.ts';
import { EVENT } from '../provider/chat-port.ts';
import { type AddsOf, type KitBase, kitPart } from '../provider/kit-part.ts';
import { DemoStore, demoPortOf } from './demo-store.ts';

type Needs = KitBase & AddsOf<typeof networkPart>;

/** Demo mode (decision 0054): the task list, ticked from the kit's deeds, read again at every start and reconnect. */
export const demoPart = kitPart({
  name: 'demo',
  build: (kit: Needs) => ({
    demo: new DemoStore(demoPortOf(kit.chat), (err) => console.warn('demo tasks:', err)),
  }),
  attach(kit) {
    const { chat, demo } = kit;
    const ready = () => void demo.load();
    const notReady = () => demo.reset();
    const friends = () => demo.forgetFriends();
    chat.on(EVENT.SDK_READY, ready);
    chat.on(EVENT.SDK_NOT_READY, notReady);
    chat.on(EVENT.FRIEND_LIST_UPDATED, friends);
    if (chat.isReady()) ready();
    return [
      kit.deeds.listen((deed) => void demo.commit(deed)),
      kit.net.onReconnected(ready),
      () => {
        chat.off(EVENT.SDK_READY, ready);
        chat.off(EVENT.SDK_NOT_READY, notReady);
        chat.off(EVENT.FRIEND_LIST_UPDATED, friends);
      },
    ];
  },
});
