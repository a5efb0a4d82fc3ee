/** Kysely table types of calls signalling (migration 0025, decision 0038). Booleans are 0/1 integers. */
export interface CallInvitationsTable {
  invite_id: string;
  inviter: string;
  group_id: string;
  data: string;
  timeout: number;
  online_only: number;
  call_type: number;
  state: string;
  created_at: number;
  deadline: number;
  accepted_at: number;
  ended_at: number;
  end_reason: string;
  inviter_in: number;
}

export interface CallInviteesTable {
  invite_id: string;
  user_id: string;
  state: string;
  updated_at: number;
}

export interface CallTables {
  call_invitations: CallInvitationsTable;
  call_invitees: CallInviteesTable;
}
