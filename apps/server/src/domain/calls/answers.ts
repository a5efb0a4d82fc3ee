import type { CallAnswer } from '@parley/protocol';
import type { Domain } from '../context.ts';
import { runStep } from './actions.ts';

/** accept, reject, cancel, modifyInvitation and hangup (reference §8; Parley's hangup): one step each (SIG11–SIG20). */
export const acceptCall = (d: Domain, me: string, input: CallAnswer) =>
  runStep(d, input.inviteID, { kind: 'accept', actor: me, data: input.data ?? '' });
export const rejectCall = (d: Domain, me: string, input: CallAnswer) =>
  runStep(d, input.inviteID, { kind: 'reject', actor: me, data: input.data ?? '' });
export const cancelCall = (d: Domain, me: string, input: CallAnswer) =>
  runStep(d, input.inviteID, { kind: 'cancel', actor: me, data: input.data ?? '' });
export const modifyCall = (d: Domain, me: string, input: CallAnswer) =>
  runStep(d, input.inviteID, { kind: 'modify', actor: me, data: input.data ?? '' });
export const hangupCall = (d: Domain, me: string, input: CallAnswer) =>
  runStep(d, input.inviteID, { kind: 'hangup', actor: me, data: input.data ?? '' });
