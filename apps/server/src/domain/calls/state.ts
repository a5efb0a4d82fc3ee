/**
 * The state machine of one invitation (decision 0038; rules SIG5–SIG14, SIG19–SIG21, SIG28). Pure: it takes the
 * stored invitation and a step and answers the new rows and what the step means, or throws the refusal. The
 * actions (actions.ts) load, apply, write and tell; this file is all the rules.
 */
import {
  CALL_END_REASON,
  CALL_STATE,
  type CallEndReason,
  INVITEE_STATE,
  type InviteeState,
  ParleyError,
} from '@parley/protocol';
import type { CallRow, InviteeRow, StoredCall } from './ports.ts';

export type Step =
  | { kind: 'accept'; actor: string; data: string }
  | { kind: 'reject'; actor: string; data: string }
  | { kind: 'cancel'; actor: string; data: string }
  | { kind: 'modify'; actor: string; data: string }
  | { kind: 'hangup'; actor: string; data: string }
  /** The actor left (or was removed from) the group (SIG28). */
  | { kind: 'leave'; actor: string; data: string }
  /** The server's clock passed the deadline (SIG7). */
  | { kind: 'timeout' };

export interface Outcome {
  call: CallRow;
  invitees: InviteeRow[];
  /** The invitee rows this step changed. */
  changed: InviteeRow[];
  /** Whether the inviter left with this step. */
  inviterLeft: boolean;
  /** Set when this step ended the call (SIG19). */
  end?: { reason: CallEndReason; callEnd: number };
}

const refuse = (call: CallRow, why: string, state?: string): never => {
  throw ParleyError.of('SIGNALING_ALREADY_HANDLED', `The invitation ${why}`, {
    inviteID: call.inviteID,
    state: state ?? call.state,
  });
};

/** Whether `userID` takes part in the invitation at all (inviter or invited), whatever its state. */
export function isParticipant(s: StoredCall, userID: string): boolean {
  return s.call.inviter === userID || s.invitees.some((i) => i.userID === userID);
}

/** Whether `userID` is in it now: the inviter still in, or an invitee invited or accepted (SIG14, SIG32). */
export function isIn(s: StoredCall, userID: string): boolean {
  if (s.call.state === CALL_STATE.ENDED) return false;
  if (s.call.inviter === userID) return s.call.inviterIn;
  const state = s.invitees.find((i) => i.userID === userID)?.state;
  return state === INVITEE_STATE.INVITED || state === INVITEE_STATE.ACCEPTED;
}

/** How a call that nobody accepted ended, from its invitees' answers (the one line it leaves, SIG19). */
export function unansweredReason(invitees: readonly InviteeRow[]): CallEndReason {
  const states = new Set(invitees.map((i) => i.state));
  if (states.size === 1 && states.has(INVITEE_STATE.BUSY)) return CALL_END_REASON.BUSY;
  if (states.has(INVITEE_STATE.TIMEOUT)) return CALL_END_REASON.TIMEOUT;
  if (states.has(INVITEE_STATE.REJECTED)) return CALL_END_REASON.REJECTED;
  if (states.has(INVITEE_STATE.BUSY)) return CALL_END_REASON.BUSY;
  return CALL_END_REASON.CANCELLED;
}

/**
 * SIG19: a call ends when nobody is in it any more, or when fewer than two are in and nobody is still invited.
 * Those still invited when nobody is left are cancelled. A call that was accepted ends as a hang-up with its
 * duration in whole seconds from the first accept.
 */
function settle(call: CallRow, invitees: InviteeRow[], changed: InviteeRow[], now: number): Outcome['end'] {
  const accepted = invitees.filter((i) => i.state === INVITEE_STATE.ACCEPTED).length;
  const inCall = accepted + (call.inviterIn ? 1 : 0);
  let pending = invitees.filter((i) => i.state === INVITEE_STATE.INVITED);
  if (inCall === 0 && pending.length > 0) {
    for (const i of pending) {
      i.state = INVITEE_STATE.CANCELLED;
      i.updatedAt = now;
      if (!changed.includes(i)) changed.push(i);
    }
    pending = [];
  }
  if (pending.length > 0 || inCall >= 2) return undefined;
  // Those still in when it ends are out of it now.
  for (const i of invitees) {
    if (i.state !== INVITEE_STATE.ACCEPTED) continue;
    i.state = INVITEE_STATE.LEFT;
    i.updatedAt = now;
    if (!changed.includes(i)) changed.push(i);
  }
  call.inviterIn = false;
  call.state = CALL_STATE.ENDED;
  call.endedAt = now;
  const end =
    call.acceptedAt > 0
      ? { reason: CALL_END_REASON.HANGUP, callEnd: Math.max(0, Math.round((now - call.acceptedAt) / 1000)) }
      : { reason: unansweredReason(invitees), callEnd: 0 };
  call.endReason = end.reason;
  return end;
}

function set(row: InviteeRow, state: InviteeState, now: number, changed: InviteeRow[]): void {
  row.state = state;
  row.updatedAt = now;
  changed.push(row);
}

/** Applies one step at server time `now` (ms). Throws 8010-family codes for a step that may not happen (SIG11–SIG13). */
export function apply(stored: StoredCall, step: Step, now: number): Outcome {
  const call = { ...stored.call };
  const invitees = stored.invitees.map((i) => ({ ...i }));
  const changed: InviteeRow[] = [];
  const inviterWasIn = call.inviterIn;
  const pending = () => invitees.filter((i) => i.state === INVITEE_STATE.INVITED);
  const mine = step.kind === 'timeout' ? undefined : invitees.find((i) => i.userID === step.actor);
  const actorIsInviter = step.kind !== 'timeout' && step.actor === call.inviter;
  if (step.kind !== 'timeout' && !actorIsInviter && !mine) throw ParleyError.of('SIGNALING_NO_PERMISSION');
  const overdue = now >= call.deadline;
  switch (step.kind) {
    case 'accept':
    case 'reject': {
      if (!mine) throw ParleyError.of('SIGNALING_NO_PERMISSION', 'Only an invitee may answer the invitation');
      if (call.state === CALL_STATE.ENDED || mine.state !== INVITEE_STATE.INVITED)
        refuse(call, 'was already answered, cancelled or timed out', mine.state);
      // Past the deadline nothing may be answered, even before the sweep came by (SIG8).
      if (overdue) refuse(call, 'timed out', INVITEE_STATE.TIMEOUT);
      if (step.kind === 'accept') {
        set(mine, INVITEE_STATE.ACCEPTED, now, changed);
        call.state = CALL_STATE.ACCEPTED;
        if (call.acceptedAt === 0) call.acceptedAt = now;
      } else set(mine, INVITEE_STATE.REJECTED, now, changed);
      break;
    }
    case 'cancel': {
      if (call.state === CALL_STATE.ENDED) refuse(call, 'is over');
      if (!actorIsInviter || pending().length === 0 || !call.inviterIn)
        throw ParleyError.of('SIGNALING_INVALID_CANCEL');
      for (const i of pending()) set(i, INVITEE_STATE.CANCELLED, now, changed);
      break;
    }
    case 'modify': {
      if (call.state === CALL_STATE.ENDED) refuse(call, 'is over');
      if (!actorIsInviter)
        throw ParleyError.of('SIGNALING_NO_PERMISSION', 'Only the inviter may modify the invitation');
      if (pending().length === 0) refuse(call, 'is no longer ringing');
      call.data = step.data;
      return { call, invitees, changed, inviterLeft: false };
    }
    case 'hangup': {
      if (call.state === CALL_STATE.ENDED) refuse(call, 'is over');
      const inIt = actorIsInviter ? call.inviterIn : mine?.state === INVITEE_STATE.ACCEPTED;
      if (call.state !== CALL_STATE.ACCEPTED || !inIt)
        throw ParleyError.of('SIGNALING_NO_PERMISSION', 'Only a participant of an accepted call may hang up');
      if (actorIsInviter) call.inviterIn = false;
      else if (mine) set(mine, INVITEE_STATE.LEFT, now, changed);
      break;
    }
    case 'leave': {
      if (call.state === CALL_STATE.ENDED) refuse(call, 'is over');
      if (actorIsInviter) {
        call.inviterIn = false;
        // The inviter gone before anyone accepted: the ring is over for everyone (SIG28).
        if (call.acceptedAt === 0) for (const i of pending()) set(i, INVITEE_STATE.CANCELLED, now, changed);
      }
      if (mine && (mine.state === INVITEE_STATE.INVITED || mine.state === INVITEE_STATE.ACCEPTED))
        set(mine, INVITEE_STATE.LEFT, now, changed);
      break;
    }
    case 'timeout': {
      if (call.state === CALL_STATE.ENDED || !overdue) return { call, invitees, changed, inviterLeft: false };
      for (const i of pending()) set(i, INVITEE_STATE.TIMEOUT, now, changed);
      break;
    }
  }
  const end = settle(call, invitees, changed, now);
  return { call, invitees, changed, inviterLeft: inviterWasIn && !call.inviterIn, ...(end ? { end } : {}) };
}

/** The invitation's first rows (SIG4): every invitee invited, but those already in a call, answered busy (SIG14). */
export function opened(call: CallRow, inviteeIDs: readonly string[], busy: ReadonlySet<string>, now: number) {
  const invitees: InviteeRow[] = inviteeIDs.map((userID) => ({
    userID,
    state: busy.has(userID) ? INVITEE_STATE.BUSY : INVITEE_STATE.INVITED,
    updatedAt: now,
  }));
  const c = { ...call };
  const end = settle(c, invitees, [], now);
  return { call: c, invitees, ...(end ? { end } : {}) };
}
