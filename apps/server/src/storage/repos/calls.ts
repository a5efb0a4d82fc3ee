import type { CallState, InviteeState } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { CallRow, CallsRepo, InviteeRow, StoredCall } from '../../domain/calls/ports.ts';
import type { Database } from '../schema.ts';
import type { CallInvitationsTable, CallInviteesTable } from './calls-schema.ts';

const OPEN_INVITEE = ['invited', 'accepted'];

const toCall = (r: CallInvitationsTable): CallRow => ({
  inviteID: r.invite_id,
  inviter: r.inviter,
  groupID: r.group_id,
  data: r.data,
  timeout: Number(r.timeout),
  onlineOnly: Number(r.online_only) === 1,
  callType: Number(r.call_type),
  state: r.state as CallState,
  createdAt: Number(r.created_at),
  deadline: Number(r.deadline),
  acceptedAt: Number(r.accepted_at),
  endedAt: Number(r.ended_at),
  endReason: r.end_reason,
  inviterIn: Number(r.inviter_in) === 1,
});

const toInvitee = (r: CallInviteesTable): InviteeRow => ({
  userID: r.user_id,
  state: r.state as InviteeState,
  updatedAt: Number(r.updated_at),
});

/** Calls signalling's rows (migration 0025, decision 0038); `pgLocks`: the invitation row is locked when asked. */
export function callsRepo(db: Kysely<Database>, pgLocks: boolean): CallsRepo {
  const inviteesOf = async (inviteIDs: readonly string[]) => {
    const map = new Map<string, InviteeRow[]>();
    if (inviteIDs.length === 0) return map;
    const rows = await db
      .selectFrom('call_invitees')
      .selectAll()
      .where('invite_id', 'in', inviteIDs)
      .orderBy('invite_id')
      .orderBy('user_id')
      .execute();
    for (const r of rows) {
      const list = map.get(r.invite_id) ?? [];
      list.push(toInvitee(r));
      map.set(r.invite_id, list);
    }
    return map;
  };
  const stored = async (calls: CallInvitationsTable[]): Promise<StoredCall[]> => {
    const invitees = await inviteesOf(calls.map((c) => c.invite_id));
    return calls.map((c) => ({ call: toCall(c), invitees: invitees.get(c.invite_id) ?? [] }));
  };
  return {
    async insertCall(call, invitees) {
      const inserted = await db
        .insertInto('call_invitations')
        .values({
          invite_id: call.inviteID,
          inviter: call.inviter,
          group_id: call.groupID,
          data: call.data,
          timeout: call.timeout,
          online_only: call.onlineOnly ? 1 : 0,
          call_type: call.callType,
          state: call.state,
          created_at: call.createdAt,
          deadline: call.deadline,
          accepted_at: call.acceptedAt,
          ended_at: call.endedAt,
          end_reason: call.endReason,
          inviter_in: call.inviterIn ? 1 : 0,
        })
        .onConflict((oc) => oc.column('invite_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      if (invitees.length > 0)
        await db
          .insertInto('call_invitees')
          .values(
            invitees.map((i) => ({
              invite_id: call.inviteID,
              user_id: i.userID,
              state: i.state,
              updated_at: i.updatedAt,
            })),
          )
          .execute();
      return true;
    },
    async getCall(inviteID, lock = false) {
      let query = db.selectFrom('call_invitations').selectAll().where('invite_id', '=', inviteID);
      if (lock && pgLocks) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      return (await stored([row]))[0];
    },
    async updateCall(inviteID, f) {
      const set: Partial<CallInvitationsTable> = {};
      if (f.state !== undefined) set.state = f.state;
      if (f.data !== undefined) set.data = f.data;
      if (f.acceptedAt !== undefined) set.accepted_at = f.acceptedAt;
      if (f.endedAt !== undefined) set.ended_at = f.endedAt;
      if (f.endReason !== undefined) set.end_reason = f.endReason;
      if (f.inviterIn !== undefined) set.inviter_in = f.inviterIn ? 1 : 0;
      if (Object.keys(set).length === 0) return;
      await db.updateTable('call_invitations').set(set).where('invite_id', '=', inviteID).execute();
    },
    async setInvitee(inviteID, row) {
      await db
        .updateTable('call_invitees')
        .set({ state: row.state, updated_at: row.updatedAt })
        .where('invite_id', '=', inviteID)
        .where('user_id', '=', row.userID)
        .execute();
    },
    async busyAmong(userIDs) {
      if (userIDs.length === 0) return [];
      const asInviter = await db
        .selectFrom('call_invitations')
        .select('inviter as user_id')
        .where('inviter', 'in', userIDs)
        .where('state', '<>', 'ended')
        .where('inviter_in', '=', 1)
        .execute();
      const asInvitee = await db
        .selectFrom('call_invitees as e')
        .innerJoin('call_invitations as i', 'i.invite_id', 'e.invite_id')
        .select('e.user_id')
        .where('e.user_id', 'in', userIDs)
        .where('e.state', 'in', OPEN_INVITEE)
        .where('i.state', '<>', 'ended')
        .execute();
      return [...new Set([...asInviter, ...asInvitee].map((r) => r.user_id))];
    },
    async ringingFor(userID) {
      const rows = await db
        .selectFrom('call_invitations as i')
        .innerJoin('call_invitees as e', 'e.invite_id', 'i.invite_id')
        .selectAll('i')
        .where('e.user_id', '=', userID)
        .where('e.state', '=', 'invited')
        .where('i.state', '<>', 'ended')
        .orderBy('i.created_at')
        .execute();
      return stored(rows);
    },
    async overdue(nowMs, limit) {
      const rows = await db
        .selectFrom('call_invitations as i')
        .select('i.invite_id')
        .where('i.state', '<>', 'ended')
        .where('i.deadline', '<=', nowMs)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('call_invitees as e')
              .select('e.user_id')
              .whereRef('e.invite_id', '=', 'i.invite_id')
              .where('e.state', '=', 'invited'),
          ),
        )
        .orderBy('i.deadline')
        .limit(limit)
        .execute();
      return rows.map((r) => r.invite_id);
    },
    async openInGroup(groupID, userIDs) {
      let query = db
        .selectFrom('call_invitations')
        .select('invite_id')
        .where('group_id', '=', groupID)
        .where('state', '<>', 'ended');
      if (userIDs) {
        if (userIDs.length === 0) return [];
        query = query.where(({ or, eb, exists, selectFrom }) =>
          or([
            eb('inviter', 'in', userIDs),
            exists(
              selectFrom('call_invitees as e')
                .select('e.user_id')
                .whereRef('e.invite_id', '=', 'call_invitations.invite_id')
                .where('e.user_id', 'in', userIDs),
            ),
          ]),
        );
      }
      return (await query.execute()).map((r) => r.invite_id);
    },
  };
}
