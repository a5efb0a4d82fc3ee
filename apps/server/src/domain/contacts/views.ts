import { FRIEND_APPLICATION_TYPE, type Friend, type FriendApplication, type Profile } from '@parley/protocol';
import type { Repos } from '../ports.ts';
import { toProfile } from '../profiles/profile-view.ts';
import type { FriendApplicationRow, FriendRow } from './ports.ts';

/** Profiles by user ID, for the rows being shown. */
export async function profilesOf(r: Repos, userIDs: readonly string[]): Promise<Map<string, Profile>> {
  const rows = await r.profiles.getMany([...new Set(userIDs)]);
  return new Map(rows.map((row) => [row.userID, toProfile(row)]));
}

const emptyProfile = (userID: string): Profile => ({
  userID,
  nick: '',
  avatar: '',
  gender: 'Gender_Type_Unknown',
  selfSignature: '',
  birthday: 0,
  allowType: 'AllowType_Type_AllowAny',
  location: '',
  language: 0,
  level: 0,
  role: 0,
  lastUpdatedTime: 0,
  profileCustomField: [],
});

/** The TIM Friend shape (reference §12.6). */
export function toFriend(row: FriendRow, profile: Profile | undefined, groupList: string[] = []): Friend {
  return {
    userID: row.friendID,
    remark: row.remark,
    groupList,
    source: row.source,
    wording: row.wording,
    addTime: row.addTime,
    friendCustomField: [],
    profile: profile ?? emptyProfile(row.friendID),
  };
}

/** The TIM FriendApplication shape, seen by `me`: the other side's ID, nick and avatar. */
export function toApplication(
  row: FriendApplicationRow,
  me: string,
  profiles: Map<string, Profile>,
): FriendApplication {
  const incoming = row.toID === me;
  const other = incoming ? row.fromID : row.toID;
  const profile = profiles.get(other);
  return {
    userID: other,
    nick: profile?.nick ?? '',
    avatar: profile?.avatar ?? '',
    time: row.createdAt,
    source: row.source,
    wording: row.wording,
    type: incoming ? FRIEND_APPLICATION_TYPE.SENT_TO_ME : FRIEND_APPLICATION_TYPE.SENT_BY_ME,
  };
}
