/** Who may be called (seed 000 §5, KCALL2, KCALL3). */
import type { ChatGroupMember } from '../group/group-port.ts';
import { MESH_MAX_PARTICIPANTS } from './media/mesh-media.ts';

/** The one-to-one call buttons show in a C2C conversation with someone else, never in one's own (KCALL2). */
export const canCallPeer = (peer: string, selfID: string) => peer !== '' && peer !== selfID;

/**
 * Group-call candidates: every loaded member but oneself and those muted right now; none at all under Mute All
 * (KCALL3). `nowSeconds` because muteUntil is in seconds.
 */
export function callableMembers(
  members: readonly ChatGroupMember[],
  selfID: string,
  muteAll: boolean,
  nowSeconds: number,
): ChatGroupMember[] {
  if (muteAll) return [];
  return members.filter((m) => m.userID !== selfID && !((m.muteUntil ?? 0) > nowSeconds));
}

/** The most others one may pick: the mesh carries four participants in all (decision 0039). */
export const MAX_PICK = MESH_MAX_PARTICIPANTS - 1;
