/** Kysely table types of contacts (migration 0012_contacts). Booleans are 0/1 integers. */
export interface FriendsTable {
  user_id: string;
  friend_id: string;
  remark: string;
  source: string;
  wording: string;
  add_time: number;
}

export interface FriendApplicationsTable {
  to_id: string;
  from_id: string;
  wording: string;
  source: string;
  remark: string;
  add_type: string;
  created_at: number;
  is_read: number;
}

export interface BlacklistTable {
  user_id: string;
  blocked_id: string;
  created_at: number;
}

export interface StatusSubscriptionsTable {
  subscriber: string;
  target: string;
}

export interface FriendGroupsTable {
  user_id: string;
  name: string;
  created_at: number;
}

export interface FriendGroupMembersTable {
  user_id: string;
  name: string;
  friend_id: string;
}

export interface ContactTables {
  friends: FriendsTable;
  friend_applications: FriendApplicationsTable;
  blacklist: BlacklistTable;
  status_subscriptions: StatusSubscriptionsTable;
  friend_groups: FriendGroupsTable;
  friend_group_members: FriendGroupMembersTable;
}
