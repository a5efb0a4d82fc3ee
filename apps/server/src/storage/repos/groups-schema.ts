/** Kysely table types of groups (migration 0008_groups). Booleans are 0/1 integers. */
export interface GroupsTable {
  group_id: string;
  type: string;
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  owner_id: string;
  join_option: string;
  max_members: number;
  mute_all: number;
  member_count: number;
  created_at: number;
  info_seq: number;
  last_info_time: number;
  dismissed: number;
  attributes: string;
  invite_option: string;
  custom_fields: string;
}

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  role: string;
  join_time: number;
  join_seq: number;
  mute_until: number;
  name_card: string;
  custom_fields: string;
  last_send_time: number;
}

export interface GroupApplicationsTable {
  group_id: string;
  applicant: string;
  message: string;
  created_at: number;
  status: string;
  handled_by: string;
  /** 'join' or 'invite' (migration 0018). */
  kind: string;
  inviter: string;
}

/** A mute kept while its member is out of the group (migration 0022, rule ABU10). */
export interface GroupMutesTable {
  group_id: string;
  user_id: string;
  mute_until: number;
}

export interface GroupTables {
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_applications: GroupApplicationsTable;
  group_mutes: GroupMutesTable;
}
