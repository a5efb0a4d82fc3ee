import type { GroupState } from '../group/group-store.ts';
import type { SystemState } from '../group/system-store.ts';
import { useKit } from '../provider/kit-context.ts';
import { useStore } from './use-store.ts';

/** The open group: profile, own role and mute, loaded members. */
export function useGroup(): GroupState {
  return useStore(useKit().group);
}

/** IDs of the groups the user is in. */
export function useGroupIDs(): ReadonlySet<string> {
  return useStore(useKit().groupIDs);
}

export function useSystemNotices(): SystemState {
  return useStore(useKit().system);
}
