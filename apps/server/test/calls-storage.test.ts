import { afterEach, describe, expect, it } from 'vitest';
import type { CallRow, InviteeRow } from '../src/domain/calls/ports.ts';
import type { Storage } from '../src/domain/ports.ts';
import { pgTestUrl, requireService } from './support/services.ts';
import { freshPostgres, freshSqlite } from './support/storage.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'postgres call storage tests');
const kinds: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [['sqlite', freshSqlite]];
if (pgUrl) kinds.push(['postgres', () => freshPostgres(pgUrl)]);

const call = (inviteID: string, over: Partial<CallRow> = {}): CallRow => ({
  inviteID,
  inviter: 'amy',
  groupID: '',
  data: '{"call_type":1}',
  timeout: 30,
  onlineOnly: false,
  callType: 1,
  state: 'ringing',
  createdAt: 1_000,
  deadline: 31_000,
  acceptedAt: 0,
  endedAt: 0,
  endReason: '',
  inviterIn: true,
  ...over,
});
const invitee = (userID: string, state: InviteeRow['state'] = 'invited'): InviteeRow => ({
  userID,
  state,
  updatedAt: 1_000,
});

/** The calls repository's contract (migration 0025, decision 0038), the same on both databases. */
describe.each(kinds)('calls storage [%s]', (_kind, open) => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('SIG3 SIG4 an invitation and its invitees are stored once; an inviteID used before is refused', async () => {
    const s = await open();
    close = s.close;
    expect(await s.storage.calls.insertCall(call('i1'), [invitee('bob'), invitee('cat', 'busy')])).toBe(true);
    expect(await s.storage.calls.insertCall(call('i1', { inviter: 'eve' }), [invitee('dan')])).toBe(false);
    const got = await s.storage.transaction((tx) => tx.calls.getCall('i1', true));
    expect(got?.call).toEqual(call('i1'));
    expect(got?.invitees).toEqual([invitee('bob'), invitee('cat', 'busy')]);
    expect(await s.storage.calls.getCall('nope')).toBeUndefined();
    await s.storage.calls.setInvitee('i1', { userID: 'bob', state: 'accepted', updatedAt: 2_000 });
    await s.storage.calls.updateCall('i1', { state: 'accepted', acceptedAt: 2_000, inviterIn: true, data: 'x' });
    const after = await s.storage.calls.getCall('i1');
    expect(after?.call).toMatchObject({ state: 'accepted', acceptedAt: 2_000, data: 'x' });
    expect(after?.invitees[0]).toEqual({ userID: 'bob', state: 'accepted', updatedAt: 2_000 });
  });

  it('SIG14 SIG25 SIG7 SIG28 the busy users, my ringing invitations, the overdue ones and a group’s open ones', async () => {
    const s = await open();
    close = s.close;
    const c = s.storage.calls;
    await c.insertCall(call('ring'), [invitee('bob')]);
    await c.insertCall(call('late', { inviter: 'eve', deadline: 5_000 }), [invitee('dan'), invitee('fay', 'rejected')]);
    await c.insertCall(call('grp', { inviter: 'gus', groupID: 'g1', deadline: 5_000 }), [invitee('hal', 'accepted')]);
    await c.insertCall(call('old', { inviter: 'ivy', state: 'ended' }), [invitee('jon')]);
    // In: inviters still in (amy, gus; not ivy, ended), invitees invited or accepted (bob, dan, hal; not fay, jon).
    expect((await c.busyAmong(['amy', 'bob', 'dan', 'fay', 'gus', 'hal', 'ivy', 'jon', 'kim'])).sort()).toEqual([
      'amy',
      'bob',
      'dan',
      'gus',
      'hal',
    ]);
    expect((await c.ringingFor('bob')).map((r) => r.call.inviteID)).toEqual(['ring']);
    expect(await c.ringingFor('jon')).toEqual([]);
    // Past the deadline with someone still invited: 'late' only ('grp' has nobody invited, 'ring' is not due).
    expect(await c.overdue(10_000, 10)).toEqual(['late']);
    expect(await c.overdue(4_000, 10)).toEqual([]);
    expect(await c.openInGroup('g1', ['hal'])).toEqual(['grp']);
    expect(await c.openInGroup('g1', ['gus'])).toEqual(['grp']);
    expect(await c.openInGroup('g1', ['amy'])).toEqual([]);
    expect(await c.openInGroup('g1', null)).toEqual(['grp']);
  });
});
