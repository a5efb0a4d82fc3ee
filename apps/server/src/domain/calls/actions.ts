import { CALL_ACTION, CALL_SIGNAL, INVITEE_STATE, ParleyError } from '@parley/protocol';
import type { Domain } from '../context.ts';
import type { StoredCall } from './ports.ts';
import { leaveRecord, type RecordStep } from './records.ts';
import { type SignalStep, tell } from './signals.ts';
import { apply, type Outcome, type Step } from './state.ts';
import { serverData } from './view.ts';

/** Arms or disarms this node's timer of the invitation after a step (SIG7). */
export function afterStep(d: Domain, s: StoredCall): void {
  const ringing = s.call.state !== 'ended' && s.invitees.some((i) => i.state === INVITEE_STATE.INVITED);
  if (!ringing) {
    d.callTimers.disarm(s.call.inviteID);
    return;
  }
  d.callTimers.arm(s.call.inviteID, s.call.deadline - d.clock.now(), () => {
    expireCall(d, s.call.inviteID).catch(d.onPublishError);
  });
}

/** Loads (locked), applies and writes one step in one transaction; the refusals of state.ts leave nothing written. */
async function commitStep(d: Domain, inviteID: string, step: Step): Promise<{ before: StoredCall; out: Outcome }> {
  return d.storage.transaction(async (tx) => {
    const before = await tx.calls.getCall(inviteID, true);
    if (!before) throw ParleyError.of('SIGNALING_INVALID_INVITE_ID');
    const out = apply(before, step, d.clock.now());
    for (const row of out.changed) await tx.calls.setInvitee(inviteID, row);
    const c = out.call;
    const b = before.call;
    await tx.calls.updateCall(inviteID, {
      ...(c.state !== b.state ? { state: c.state } : {}),
      ...(c.data !== b.data ? { data: c.data } : {}),
      ...(c.acceptedAt !== b.acceptedAt ? { acceptedAt: c.acceptedAt } : {}),
      ...(c.endedAt !== b.endedAt ? { endedAt: c.endedAt, endReason: c.endReason } : {}),
      ...(c.inviterIn !== b.inviterIn ? { inviterIn: c.inviterIn } : {}),
    });
    return { before, out };
  });
}

const ids = (rows: readonly { userID: string }[]) => rows.map((r) => r.userID);

/** The records and signals of a committed step (SIG15–SIG24). */
function describe(step: Step, out: Outcome): { records: RecordStep[]; signals: SignalStep[] } {
  const { call } = out;
  const records: RecordStep[] = [];
  const signals: SignalStep[] = [];
  const became = (state: string) => ids(out.changed.filter((r) => r.state === state));
  const actor = step.kind === 'timeout' ? call.inviter : step.actor;
  const data = step.kind === 'timeout' ? serverData(call, {}) : step.data;
  switch (step.kind) {
    case 'accept':
    case 'reject': {
      const actionType = step.kind === 'accept' ? CALL_ACTION.ACCEPT : CALL_ACTION.REJECT;
      records.push({ from: actor, actionType, inviteeList: [actor], data, tag: step.kind });
      signals.push({ action: step.kind, actor, inviteeList: [actor], data });
      break;
    }
    case 'cancel':
      records.push({
        from: actor,
        actionType: CALL_ACTION.CANCEL,
        inviteeList: became('cancelled'),
        data,
        tag: 'cancel',
      });
      signals.push({ action: CALL_SIGNAL.CANCEL, actor, inviteeList: became('cancelled'), data });
      break;
    case 'timeout':
      if (out.changed.length === 0) return { records, signals };
      records.push({
        from: actor,
        actionType: CALL_ACTION.TIMEOUT,
        inviteeList: became('timeout'),
        data,
        tag: 'timeout',
      });
      signals.push({ action: CALL_SIGNAL.TIMEOUT, actor, inviteeList: became('timeout'), data });
      break;
    case 'modify':
      signals.push({ action: CALL_SIGNAL.MODIFY, actor, inviteeList: [], data });
      break;
    case 'hangup':
    case 'leave':
      signals.push({ action: CALL_SIGNAL.LEAVE, actor, inviteeList: [actor], data });
      break;
  }
  // Invitees whose ring this step ended without a cancel of their own: nobody is left to answer (SIG19, SIG28).
  const dropped = step.kind === 'cancel' ? [] : became('cancelled');
  if (dropped.length > 0)
    signals.push({ action: CALL_SIGNAL.CANCEL, actor: call.inviter, inviteeList: dropped, data: '' });
  if (out.end) {
    if (call.acceptedAt > 0) {
      const endData = serverData(call, { call_end: out.end.callEnd });
      records.push({
        from: actor,
        actionType: CALL_ACTION.INVITE,
        inviteeList: ids(out.invitees),
        data: endData,
        callEnd: out.end.callEnd,
        tag: 'end',
      });
    }
    signals.push({
      action: CALL_SIGNAL.END,
      actor,
      inviteeList: [],
      data: '',
      callEnd: out.end.callEnd,
      reason: out.end.reason,
    });
  }
  return { records, signals };
}

/**
 * One step of an invitation by `me` (accept, reject, cancel, modifyInvitation, hangup) or by the server (timeout,
 * leaving the group): committed, then the timer, the records and the signals. An answer that comes after the
 * deadline but before the sweep is refused and times the invitation out on the spot (SIG8).
 */
export async function runStep(d: Domain, inviteID: string, step: Step): Promise<{ inviteID: string }> {
  let committed: { before: StoredCall; out: Outcome };
  try {
    committed = await commitStep(d, inviteID, step);
  } catch (err) {
    if (err instanceof ParleyError && err.data.state === INVITEE_STATE.TIMEOUT && step.kind !== 'timeout')
      await expireCall(d, inviteID).catch(d.onPublishError);
    throw err;
  }
  const { out } = committed;
  const after: StoredCall = { call: out.call, invitees: out.invitees };
  afterStep(d, after);
  const { records, signals } = describe(step, out);
  for (const record of records) {
    // A member who left the group cannot write in it: their step has no record there (SIG28).
    if (step.kind === 'leave' && out.call.groupID !== '') break;
    await leaveRecord(d, out.call, record);
  }
  tell(d, after, signals);
  return { inviteID };
}

/** The deadline passed (SIG7): those still invited time out. Nothing to do is no error (another node was first). */
export async function expireCall(d: Domain, inviteID: string): Promise<void> {
  try {
    await runStep(d, inviteID, { kind: 'timeout' });
  } catch (err) {
    if (err instanceof ParleyError && err.code === 8010) return;
    throw err;
  }
}
