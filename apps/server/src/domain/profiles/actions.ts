import {
  DELETED_USER_ROLE,
  GENDER,
  ParleyError,
  type Profile,
  type ProfilePatch,
  isAllowedAvatar,
} from '@parley/protocol';
import { commit, type Domain, nowSeconds, userTopic } from '../context.ts';
import { storedText } from '../messages/content-filter.ts';
import { toProfile } from './profile-view.ts';
import { watchersOf } from './watchers.ts';

/** Birthday is yyyymmdd with a real month and day, or 0 (cleared). */
export function isValidBirthday(value: number): boolean {
  if (value === 0) return true;
  const y = Math.floor(value / 10000);
  const m = Math.floor(value / 100) % 100;
  const day = value % 100;
  if (y < 1000 || m < 1 || m > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export async function getProfile(d: Domain, userID: string): Promise<Profile> {
  const row = await d.storage.profiles.get(userID);
  if (!row) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  return toProfile(row);
}

/** PDAT13: what a deleted account shows: its ID, nothing else of the person. */
function deletedProfile(userID: string): Profile {
  return {
    ...toProfile({
      userID,
      nick: '',
      avatar: '',
      gender: GENDER.UNKNOWN,
      selfSignature: '',
      birthday: 0,
      allowType: 'AllowType_Type_DenyAny',
      location: '',
      language: 0,
      level: 0,
      role: 0,
      customFields: '[]',
      updatedAt: 0,
    }),
    role: DELETED_USER_ROLE,
  };
}

/**
 * Profiles of the users that exist, in the order asked; unknown IDs are left out. A deleted account answers with the
 * neutral profile of PDAT13 (no name, no avatar, role DELETED_USER_ROLE), so its old messages show as a deleted user's.
 */
export async function getProfiles(d: Domain, userIDs: readonly string[]): Promise<Profile[]> {
  const rows = await d.storage.profiles.getMany([...new Set(userIDs)]);
  const byID = new Map(rows.map((r) => [r.userID, r]));
  const missing = [...new Set(userIDs)].filter((id) => !byID.has(id));
  const deleted = new Set<string>();
  for (const id of missing) if (await d.storage.accounts.isDeleted(id)) deleted.add(id);
  return userIDs.flatMap((id) => {
    const row = byID.get(id);
    if (!row) {
      if (!deleted.delete(id)) return [];
      return [deletedProfile(id)];
    }
    byID.delete(id);
    return [toProfile(row)];
  });
}

export async function updateMyProfile(d: Domain, userID: string, patch: ProfilePatch): Promise<Profile> {
  if (patch.birthday !== undefined && !isValidBirthday(patch.birthday)) {
    throw ParleyError.of('PROFILE_INVALID', 'birthday must be a date as yyyymmdd, or 0 to clear it');
  }
  // The schema already refuses other avatars at the HTTP edge; this keeps every other caller honest (IN5).
  if (patch.avatar !== undefined && !isAllowedAvatar(patch.avatar)) {
    throw ParleyError.of('INVALID_PARAMS', 'avatar must be empty or one of the preset avatars');
  }
  // Nick, signature, location and custom fields are shown to others: filtered as a message is (ABU18).
  if (d.contentFilter.blocks(storedText(patch))) throw ParleyError.of('PROHIBITED_CONTENT');
  return commit(d, async (tx, emit) => {
    const row = await tx.profiles.update(userID, patch, nowSeconds(d));
    if (!row) throw ParleyError.of('ACCOUNT_NOT_FOUND');
    const profile = toProfile(row);
    emit(userTopic(userID), { type: 'profile.updated', profile });
    // Decision 0017: the people who see the user (friends, one-to-one peers) hear of it too (CNT1).
    for (const watcher of await watchersOf(tx, userID)) emit(userTopic(watcher), { type: 'profile.updated', profile });
    return profile;
  });
}
