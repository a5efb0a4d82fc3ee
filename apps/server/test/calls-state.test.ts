import { ParleyError } from '@parley/protocol';
import { describe, expect, it } from 'vitest';
import type { CallRow, StoredCall } from '../src/domain/calls/ports.ts';
import { apply, isIn, opened, type Step } from '../src/domain/calls/state.ts';
import { CallTimers } from '../src/domain/calls/timers.ts';

const T0 = 1_000_000;
const row = (over: Partial<CallRow> = {}): CallRow => ({
  inviteID: 'inv',
  inviter: 'amy',
  groupID: '',
  data: '',
  timeout: 30,
  onlineOnly: false,
  callType: 1,
  state: 'ringing',
  createdAt: T0,
  deadline: T0 + 30_000,
  acceptedAt: 0,
  endedAt: 0,
  endReason: '',
  inviterIn: true,
  ...over,
});
const start = (invitees: string[], busy: string[] = [], over: Partial<CallRow> = {}): StoredCall => {
  const o = opened(row(over), invitees, new Set(busy), T0);
  return { call: o.call, invitees: o.invitees };
};
const run = (s: StoredCall, step: Step, now = T0 + 1_000) => {
  const out = apply(s, step, now);
  return { ...out, s: { call: out.call, invitees: out.invitees } };
};
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof ParleyError ? [err.code, err.data.state] : err;
  }
  return 'no error';
};
const states = (s: StoredCall) => s.invitees.map((i) => `${i.userID}:${i.state}`);

describe('calls state machine (decision 0038)', () => {
  it('SIG6 SIG19 accept then hang up: the call ends with its whole seconds from the first accept', () => {
    const accepted = run(start(['bob']), { kind: 'accept', actor: 'bob', data: '' });
    expect(accepted.call).toMatchObject({ state: 'accepted', acceptedAt: T0 + 1_000 });
    const ended = run(accepted.s, { kind: 'hangup', actor: 'bob', data: '' }, T0 + 62_400);
    expect(ended.end).toEqual({ reason: 'hangup', callEnd: 61 });
    expect(ended.call).toMatchObject({ state: 'ended', inviterIn: false, endReason: 'hangup' });
    expect(states(ended.s)).toEqual(['bob:left']);
  });

  it('SIG12 an answer is for invitees only, once, and not after the deadline', () => {
    const s = start(['bob']);
    expect(code(() => run(s, { kind: 'accept', actor: 'amy', data: '' }))).toEqual([8011, undefined]);
    expect(code(() => run(s, { kind: 'accept', actor: 'cat', data: '' }))).toEqual([8011, undefined]);
    const rejected = run(s, { kind: 'reject', actor: 'bob', data: '' });
    expect(rejected.end).toEqual({ reason: 'rejected', callEnd: 0 });
    expect(code(() => run(rejected.s, { kind: 'accept', actor: 'bob', data: '' }))).toEqual([60050, 'rejected']);
    expect(code(() => run(s, { kind: 'accept', actor: 'bob', data: '' }, T0 + 30_000))).toEqual([60050, 'timeout']);
  });

  it('SIG11 cancel: the inviter only, while someone is invited', () => {
    const s = start(['bob', 'cat'], [], { groupID: 'g' });
    expect(code(() => run(s, { kind: 'cancel', actor: 'bob', data: '' }))).toEqual([8020, undefined]);
    const oneIn = run(s, { kind: 'accept', actor: 'bob', data: '' });
    const cancelled = run(oneIn.s, { kind: 'cancel', actor: 'amy', data: '' });
    // A group call someone accepted goes on: only the ring of those still invited ends.
    expect(states(cancelled.s)).toEqual(['bob:accepted', 'cat:cancelled']);
    expect(cancelled.end).toBeUndefined();
    expect(code(() => run(cancelled.s, { kind: 'cancel', actor: 'amy', data: '' }))).toEqual([8020, undefined]);
  });

  it('SIG7 a timeout before the deadline does nothing; after it those still invited time out', () => {
    const s = start(['bob', 'cat'], [], { groupID: 'g' });
    expect(run(s, { kind: 'timeout' }, T0 + 29_999).changed).toEqual([]);
    const late = run(s, { kind: 'timeout' }, T0 + 30_000);
    expect(states(late.s)).toEqual(['bob:timeout', 'cat:timeout']);
    expect(late.end).toEqual({ reason: 'timeout', callEnd: 0 });
    // A second sweep (another node) finds nothing to do.
    expect(run(late.s, { kind: 'timeout' }, T0 + 40_000).changed).toEqual([]);
  });

  it('SIG14 invitees already in a call are answered busy; everyone busy ends the call as busy', () => {
    const all = opened(row(), ['bob'], new Set(['bob']), T0);
    expect(all.end).toEqual({ reason: 'busy', callEnd: 0 });
    const some = start(['bob', 'cat'], ['cat'], { groupID: 'g' });
    expect(states(some)).toEqual(['bob:invited', 'cat:busy']);
    expect(some.call.state).toBe('ringing');
  });

  it('SIG28 SIG20 leaving: the inviter gone before an answer ends the ring; a group call goes on while two are in', () => {
    const s = start(['bob', 'cat', 'dan'], [], { groupID: 'g' });
    const gone = run(s, { kind: 'leave', actor: 'amy', data: '' });
    expect(states(gone.s)).toEqual(['bob:cancelled', 'cat:cancelled', 'dan:cancelled']);
    expect(gone.end).toEqual({ reason: 'cancelled', callEnd: 0 });
    const b = run(s, { kind: 'accept', actor: 'bob', data: '' });
    const c = run(b.s, { kind: 'accept', actor: 'cat', data: '' });
    const amyOut = run(c.s, { kind: 'hangup', actor: 'amy', data: '' });
    expect(amyOut.end).toBeUndefined();
    const danOut = run(amyOut.s, { kind: 'leave', actor: 'dan', data: '' });
    expect(states(danOut.s)).toEqual(['bob:accepted', 'cat:accepted', 'dan:left']);
    const catOut = run(danOut.s, { kind: 'hangup', actor: 'cat', data: '' }, T0 + 11_000);
    expect(catOut.end).toEqual({ reason: 'hangup', callEnd: 10 });
    expect(code(() => run(catOut.s, { kind: 'hangup', actor: 'bob', data: '' }))).toEqual([60050, 'ended']);
  });

  it('SIG13 SIG20 modify is the inviter’s while ringing; hang-up needs an accepted call one is in', () => {
    const s = start(['bob']);
    expect(code(() => run(s, { kind: 'modify', actor: 'bob', data: 'x' }))).toEqual([8011, undefined]);
    expect(run(s, { kind: 'modify', actor: 'amy', data: 'x' }).call.data).toBe('x');
    expect(code(() => run(s, { kind: 'hangup', actor: 'amy', data: '' }))).toEqual([8011, undefined]);
    const accepted = run(s, { kind: 'accept', actor: 'bob', data: '' });
    expect(code(() => run(accepted.s, { kind: 'modify', actor: 'amy', data: 'y' }))).toEqual([60050, 'accepted']);
  });

  it('SIG32 who is in a call: the inviter until gone, invitees invited or accepted, nobody once it ended', () => {
    const s = start(['bob', 'cat'], ['cat'], { groupID: 'g' });
    expect([isIn(s, 'amy'), isIn(s, 'bob'), isIn(s, 'cat'), isIn(s, 'eve')]).toEqual([true, true, false, false]);
    const ended = run(s, { kind: 'reject', actor: 'bob', data: '' });
    expect([isIn(ended.s, 'amy'), isIn(ended.s, 'bob')]).toEqual([false, false]);
  });

  it('SIG7 the node timers fire once, can be disarmed, and stop at close', async () => {
    const timers = new CallTimers();
    const fired: string[] = [];
    timers.arm('a', 1, () => fired.push('a'));
    timers.arm('b', 1, () => fired.push('b'));
    timers.disarm('b');
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toEqual(['a']);
    timers.arm('c', 5, () => fired.push('c'));
    timers.close();
    timers.arm('d', 1, () => fired.push('d'));
    await new Promise((r) => setTimeout(r, 30));
    expect(fired).toEqual(['a']);
    expect(timers.size).toBe(0);
  });
});
