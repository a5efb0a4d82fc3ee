/** What the profiles feature stores: one profile per user. */
import type { Gender } from '@parley/protocol';

export interface ProfileRow {
  userID: string;
  nick: string;
  avatar: string;
  gender: Gender;
  selfSignature: string;
  birthday: number;
  allowType: string;
  location: string;
  language: number;
  level: number;
  role: number;
  customFields: string;
  updatedAt: number;
}

export type ProfileFields = Partial<Omit<ProfileRow, 'userID' | 'updatedAt'>>;

export interface ProfilesRepo {
  get(userID: string): Promise<ProfileRow | undefined>;
  getMany(userIDs: readonly string[]): Promise<ProfileRow[]>;
  update(userID: string, fields: ProfileFields, updatedAt: number): Promise<ProfileRow | undefined>;
}
