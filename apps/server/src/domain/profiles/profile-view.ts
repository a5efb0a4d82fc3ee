import type { Profile } from '@parley/protocol';
import type { ProfileRow } from '../ports.ts';

function customFields(json: string): Profile['profileCustomField'] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as Profile['profileCustomField']) : [];
  } catch {
    return [];
  }
}

/** The TIM Profile shape (reference §12.5) of a stored profile. */
export function toProfile(row: ProfileRow): Profile {
  return {
    userID: row.userID,
    nick: row.nick,
    avatar: row.avatar,
    gender: row.gender,
    selfSignature: row.selfSignature,
    birthday: row.birthday,
    allowType: row.allowType as Profile['allowType'],
    location: row.location,
    language: row.language,
    level: row.level,
    role: row.role,
    lastUpdatedTime: row.updatedAt,
    profileCustomField: customFields(row.customFields),
  };
}
