import type { Domain } from '../context.ts';
import { expireCall } from './actions.ts';

/** Invitations timed out per sweep; the next sweep takes the rest. */
export const SWEEP_BATCH = 100;

/**
 * Times out every invitation past its deadline (SIG7), whichever node took it: run by each node on a timer, so a
 * dead node's invitations and a caller who closed the tab still end for the callee. Two nodes sweeping at once
 * time each invitation out once: the step runs on the locked row and finds nothing left to do the second time.
 */
export async function sweepOverdueCalls(d: Domain, batch = SWEEP_BATCH): Promise<number> {
  const due = await d.storage.calls.overdue(d.clock.now(), batch);
  for (const inviteID of due) await expireCall(d, inviteID);
  return due.length;
}
