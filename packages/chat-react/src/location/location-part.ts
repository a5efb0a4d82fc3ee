import { type KitBase, kitPart } from '../provider/kit-part.ts';
import { MapConfigStore } from './map-config.ts';

/** Location messages (decision 0034): the operator's map template, known once a location shows. */
export const locationPart = kitPart({
  name: 'location',
  build: (kit: KitBase) => ({ mapConfig: new MapConfigStore(kit.chat) }),
  attach: (kit) => [kit.mapConfig.attach()],
});
