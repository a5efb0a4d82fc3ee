import { type CreateAccount, GENDER, ParleyError, type Profile, type UserSigResult } from '@parley/protocol';
import { hashPassword } from '../auth/password.ts';
import { signUserSig } from '../auth/usersig.ts';
import { type Domain, nowSeconds } from '../context.ts';
import type { ProfileRow } from '../ports.ts';
import { isValidBirthday } from '../profiles/actions.ts';
import { toProfile } from '../profiles/profile-view.ts';

/** A new account's profile row: what the creator gave, defaults for the rest (the generator and tests use it too). */
export function newProfileRow(userID: string, updatedAt: number, p: CreateAccount['profile'] = {}): ProfileRow {
  return {
    userID,
    nick: p?.nick ?? '',
    avatar: p?.avatar ?? '',
    gender: p?.gender ?? GENDER.UNKNOWN,
    selfSignature: p?.selfSignature ?? '',
    birthday: p?.birthday ?? 0,
    allowType: p?.allowType ?? 'AllowType_Type_AllowAny',
    location: p?.location ?? '',
    language: p?.language ?? 0,
    level: 0,
    role: 0,
    customFields: '[]',
    updatedAt,
  };
}

export async function createAccount(d: Domain, input: CreateAccount): Promise<Profile> {
  const now = nowSeconds(d);
  const p = input.profile ?? {};
  if (p.birthday !== undefined && !isValidBirthday(p.birthday)) throw ParleyError.of('PROFILE_INVALID');
  const profile = newProfileRow(input.userID, now, p);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  await d.storage.transaction(async (tx) => {
    // A deleted account's ID stays taken (PDAT10): its old messages must never show under someone new.
    if ((await tx.accounts.get(input.userID)) || (await tx.accounts.isDeleted(input.userID))) {
      throw ParleyError.of('ACCOUNT_EXISTS');
    }
    if (input.mobile && (await tx.accounts.findByMobile(input.mobile))) {
      throw ParleyError.of('ACCOUNT_EXISTS', 'The mobile number is already registered');
    }
    await tx.accounts.create(
      {
        userID: input.userID,
        passwordHash,
        mobile: input.mobile ?? null,
        identity: input.identity ?? 0,
        createdAt: now,
      },
      profile,
    );
  });
  return toProfile(profile);
}

/** An admin-issued userSig carries the user's generation, so an admin revoke can end it (SES5). */
export async function issueUserSig(d: Domain, userID: string, expire?: number): Promise<UserSigResult> {
  const gen = await d.storage.accounts.tokenGen(userID);
  if (gen === undefined) throw ParleyError.of('ACCOUNT_NOT_FOUND');
  if ((await d.storage.accounts.get(userID))?.disabledAt) throw ParleyError.of('ACCOUNT_DISABLED');
  const now = nowSeconds(d);
  const seconds = expire ?? d.userSigExpireSeconds;
  return { userID, userSig: signUserSig(d.secret, userID, now, seconds, { gen }), expiresAt: now + seconds };
}
