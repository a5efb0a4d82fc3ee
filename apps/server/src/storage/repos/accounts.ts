/** Accounts and their userSig generations in SQLite or PostgreSQL (the AccountsRepo port). */
import type { Kysely, Selectable } from 'kysely';
import type { AccountRow, AccountsRepo, ProfileRow } from '../../domain/ports.ts';
import type { AccountsTable, Database } from '../schema.ts';
import { profileToRow } from './profiles.ts';

const toAccount = (r: Selectable<AccountsTable>): AccountRow => ({
  userID: r.user_id,
  passwordHash: r.password_hash,
  mobile: r.mobile,
  identity: Number(r.identity),
  createdAt: Number(r.created_at),
  disabledAt: Number(r.disabled_at ?? 0),
});

export function accountsRepo(db: Kysely<Database>): AccountsRepo {
  const tokenGen = async (userID: string) => {
    const r = await db.selectFrom('accounts').select('token_gen').where('user_id', '=', userID).executeTakeFirst();
    return r && Number(r.token_gen);
  };
  return {
    async create(account: AccountRow, profile: ProfileRow) {
      await db
        .insertInto('accounts')
        .values({
          user_id: account.userID,
          password_hash: account.passwordHash,
          mobile: account.mobile,
          identity: account.identity,
          created_at: account.createdAt,
        })
        .execute();
      await db.insertInto('profiles').values(profileToRow(profile)).execute();
    },
    async get(userID) {
      const r = await db.selectFrom('accounts').selectAll().where('user_id', '=', userID).executeTakeFirst();
      return r && toAccount(r);
    },
    async findByMobile(mobile) {
      const r = await db.selectFrom('accounts').selectAll().where('mobile', '=', mobile).executeTakeFirst();
      return r && toAccount(r);
    },
    async existing(userIDs) {
      if (userIDs.length === 0) return new Set();
      const rows = await db
        .selectFrom('accounts')
        .select('user_id')
        .where('user_id', 'in', [...userIDs])
        .execute();
      return new Set(rows.map((r) => r.user_id));
    },
    tokenGen,
    async bumpTokenGen(userID) {
      await db
        .updateTable('accounts')
        .set((eb) => ({ token_gen: eb('token_gen', '+', 1) }))
        .where('user_id', '=', userID)
        .execute();
      return tokenGen(userID);
    },
    async isDeleted(userID) {
      const r = await db
        .selectFrom('deleted_accounts')
        .select('user_id')
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return r !== undefined;
    },
    async count() {
      const r = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
  };
}
