import type { Domain } from '../context.ts';

/** How many of a group's members are connected; the push transport registers it when it is built. */
export type OnlineCounter = (groupID: string) => number;

const counters = new WeakMap<object, OnlineCounter>();

export function useOnlineCounter(d: Pick<Domain, 'storage'>, counter: OnlineCounter): void {
  counters.set(d.storage, counter);
}

export function onlineCounter(d: Pick<Domain, 'storage'>): OnlineCounter {
  return counters.get(d.storage) ?? (() => 0);
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
