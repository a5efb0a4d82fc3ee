import { ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { runStep } from './actions.ts';

/**
 * SIG28: a member who leaves the group (quits, is removed, or the group is dismissed: `userIDs` null) leaves its
 * calls: still invited, they stop ringing; in the call, they leave it; the inviter gone before anyone accepted ends
 * the ring. Called after the group change committed; a failure is reported, never thrown at the group action.
 */
export async function leaveGroupCalls(d: Domain, groupID: string, userIDs: readonly string[] | null): Promise<void> {
  try {
    for (const inviteID of await d.storage.calls.openInGroup(groupID, userIDs)) {
      const s = await d.storage.calls.getCall(inviteID);
      if (!s) continue;
      const everyone = [s.call.inviter, ...s.invitees.map((i) => i.userID)];
      for (const userID of userIDs ?? everyone) {
        if (!everyone.includes(userID)) continue;
        await runStep(d, inviteID, { kind: 'leave', actor: userID, data: '' }).catch((err: unknown) => {
          // Already out of it, or the call ended meanwhile: nothing to leave.
          if (!(err instanceof ParleyError)) throw err;
        });
      }
    }
  } catch (err) {
    d.onPublishError(err);
  }
}
