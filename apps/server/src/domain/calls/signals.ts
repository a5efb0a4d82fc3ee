import type { CallEndReason, CallPushEvent, CallSignalAction } from '@parley/protocol';
import { type Domain, userTopic } from '../context.ts';
import type { StoredCall } from './ports.ts';
import { toInvitation } from './view.ts';

type Signal = Extract<CallPushEvent, { type: 'call.signal' }>;

export interface SignalStep {
  action: CallSignalAction;
  actor: string;
  inviteeList: readonly string[];
  data: string;
  busy?: boolean;
  callEnd?: number;
  reason?: CallEndReason;
}

/** Everyone the invitation concerns: the inviter and every invitee, whatever their state (SIG24). */
export function participantsOf(s: StoredCall): string[] {
  return [...new Set([s.call.inviter, ...s.invitees.map((i) => i.userID)])];
}

/**
 * Tells every participant's devices, on every node, through the bus (SIG24, SIG37): after the commit, so nothing is
 * told that did not happen (EV1). A failure to publish is reported, never thrown: the state is in the database and
 * a device that missed it reads it again (SIG25).
 */
export function tell(d: Domain, s: StoredCall, steps: readonly SignalStep[]): void {
  const invitation = toInvitation(s);
  const topics = participantsOf(s).map(userTopic);
  for (const step of steps) {
    const event: Signal = {
      type: 'call.signal',
      action: step.action,
      actor: step.actor,
      invitation,
      inviteeList: [...step.inviteeList],
      data: step.data,
      ...(step.busy ? { busy: true } : {}),
      ...(step.callEnd === undefined ? {} : { callEnd: step.callEnd }),
      ...(step.reason ? { reason: step.reason } : {}),
    };
    for (const topic of topics) d.bus.publish(topic, event).catch(d.onPublishError);
  }
}
