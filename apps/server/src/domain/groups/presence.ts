import type { Domain } from '../context.ts';

/** Which members of a group are connected (to this node); the push transport registers it when it is built. */
export interface GroupPresence {
  count(groupID: string): number;
  isOnline(groupID: string, userID: string): boolean;
}

const presences = new WeakMap<object, GroupPresence>();
const nobody: GroupPresence = { count: () => 0, isOnline: () => false };

export function useGroupPresence(d: Pick<Domain, 'storage'>, presence: GroupPresence): void {
  presences.set(d.storage, presence);
}

/** With group read receipts off (GRP15) nobody is shown online either: the online list is gated with them. */
export function groupPresence(d: Pick<Domain, 'storage'>): GroupPresence {
  if (!groupFeatures(d).readReceipts) return nobody;
  return presences.get(d.storage) ?? nobody;
}

/** Group abilities a deployment may turn off (PARLEY_GROUP_READ_RECEIPTS); off, their calls answer 10062 (GRP15). */
export interface GroupFeatures {
  readReceipts: boolean;
}

const features = new WeakMap<object, GroupFeatures>();

export function useGroupFeatures(d: Pick<Domain, 'storage'>, f: GroupFeatures): void {
  features.set(d.storage, f);
}

export function groupFeatures(d: Pick<Domain, 'storage'>): GroupFeatures {
  return features.get(d.storage) ?? { readReceipts: true };
}
