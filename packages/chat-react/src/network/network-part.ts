import type { KitBase } from '../provider/kit-part.ts';
import { kitPart } from '../provider/kit-part.ts';
import { NetStore } from './net-store.ts';

/** The connection state, and the reconnect signal the other parts refetch on (push is a hint, GUIDE §3.4). */
export const networkPart = kitPart({
  name: 'network',
  build: (kit: KitBase) => ({ net: new NetStore(kit.chat) }),
  attach: (kit) => [kit.net.attach()],
});
