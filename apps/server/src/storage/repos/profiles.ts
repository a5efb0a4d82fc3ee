import type { Kysely } from 'kysely';
import type { Gender } from '@parley/protocol';
import type { ProfileFields, ProfileRow, ProfilesRepo } from '../../domain/ports.ts';
import type { Database, ProfilesTable } from '../schema.ts';

export const profileToRow = (p: ProfileRow): ProfilesTable => ({
  user_id: p.userID,
  nick: p.nick,
  avatar: p.avatar,
  gender: p.gender,
  self_signature: p.selfSignature,
  birthday: p.birthday,
  allow_type: p.allowType,
  location: p.location,
  language: p.language,
  level: p.level,
  role: p.role,
  custom_fields: p.customFields,
  updated_at: p.updatedAt,
});

const fromRow = (r: ProfilesTable): ProfileRow => ({
  userID: r.user_id,
  nick: r.nick,
  avatar: r.avatar,
  gender: r.gender as Gender,
  selfSignature: r.self_signature,
  birthday: Number(r.birthday),
  allowType: r.allow_type,
  location: r.location,
  language: Number(r.language),
  level: Number(r.level),
  role: Number(r.role),
  customFields: r.custom_fields,
  updatedAt: Number(r.updated_at),
});

const COLUMN: Record<keyof ProfileFields, keyof ProfilesTable> = {
  nick: 'nick',
  avatar: 'avatar',
  gender: 'gender',
  selfSignature: 'self_signature',
  birthday: 'birthday',
  allowType: 'allow_type',
  location: 'location',
  language: 'language',
  level: 'level',
  role: 'role',
  customFields: 'custom_fields',
};

export function profilesRepo(db: Kysely<Database>): ProfilesRepo {
  const get = async (userID: string) => {
    const r = await db.selectFrom('profiles').selectAll().where('user_id', '=', userID).executeTakeFirst();
    return r && fromRow(r);
  };
  return {
    get,
    async getMany(userIDs) {
      if (userIDs.length === 0) return [];
      const rows = await db
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', 'in', [...userIDs])
        .execute();
      return rows.map(fromRow);
    },
    async update(userID, fields, updatedAt) {
      const set: Partial<ProfilesTable> = { updated_at: updatedAt };
      for (const [key, value] of Object.entries(fields) as [keyof ProfileFields, unknown][]) {
        if (value !== undefined) (set as Record<string, unknown>)[COLUMN[key]] = value;
      }
      await db.updateTable('profiles').set(set).where('user_id', '=', userID).execute();
      return get(userID);
    },
  };
}
