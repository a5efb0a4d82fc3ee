import type { AdminRole, AdminUserSummary } from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { AdminConsoleStore } from '../domain/admin-console/ports.ts';
import type { Storage } from '../domain/ports.ts';
import type { GroupTables } from './repos/groups-schema.ts';
import type { Database } from './schema.ts';

/** The console's tables (migration 0036, decision 0053). */
interface ConsoleTables {
  admin_accounts: { name: string; password_hash: string; role: string; created_at: number };
  admin_sessions: { id_hash: string; name: string; created_at: number; expires_at: number };
  admin_audit: {
    id?: number;
    at: number;
    actor: string;
    role: string;
    action: string;
    target: string;
    detail: string;
    address: string;
  };
  admin_settings: { key: string; value: string; version: number };
}
type ConsoleDatabase = Database & GroupTables & ConsoleTables;

const WORDS_KEY = 'prohibited_words';
/** LIKE's own characters never act as wildcards in a search (ADM15): they are dropped. */
const likeText = (q: string) => q.replace(/[\\%_]/g, '');

/** The console store of a storage opened by `openStorage`; undefined for other Storage implementations. */
export function adminConsoleFor(storage: Storage): AdminConsoleStore | undefined {
  const s = storage as Partial<{ db: Kysely<Database>; kind: string }>;
  if (!s.db || (s.kind !== 'sqlite' && s.kind !== 'postgres')) return undefined;
  return createStore(s.db as unknown as Kysely<ConsoleDatabase>);
}

function createStore(db: Kysely<ConsoleDatabase>): AdminConsoleStore {
  const users = () =>
    db
      .selectFrom('accounts')
      .innerJoin('profiles', 'profiles.user_id', 'accounts.user_id')
      .select([
        'accounts.user_id',
        'profiles.nick',
        'accounts.mobile',
        'accounts.identity',
        'accounts.disabled_at',
        'accounts.created_at',
      ]);
  const toUser = (r: {
    user_id: string;
    nick: string;
    mobile: string | null;
    identity: number;
    disabled_at: number;
    created_at: number;
  }): AdminUserSummary => ({
    userID: r.user_id,
    nick: r.nick,
    mobile: r.mobile,
    identity: Number(r.identity),
    disabled: Number(r.disabled_at) > 0,
    createdAt: Number(r.created_at),
  });
  const groups = () =>
    db
      .selectFrom('groups')
      .select(['group_id', 'name', 'type', 'owner_id', 'member_count', 'mute_all'])
      .where('dismissed', '=', 0);
  const toGroup = (r: {
    group_id: string;
    name: string;
    type: string;
    owner_id: string;
    member_count: number;
    mute_all: number;
  }) => ({
    groupID: r.group_id,
    name: r.name,
    type: r.type,
    ownerID: r.owner_id,
    memberCount: Number(r.member_count),
    muteAll: Number(r.mute_all) > 0,
  });
  return {
    async createAdmin(row) {
      const r = await db
        .insertInto('admin_accounts')
        .values({ name: row.name, password_hash: row.passwordHash, role: row.role, created_at: row.createdAt })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async getAdmin(name) {
      const r = await db.selectFrom('admin_accounts').selectAll().where('name', '=', name).executeTakeFirst();
      return (
        r && {
          name: r.name,
          passwordHash: r.password_hash,
          role: r.role as AdminRole,
          createdAt: Number(r.created_at),
        }
      );
    },
    async countAdmins() {
      const r = await db
        .selectFrom('admin_accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async createSession(row) {
      await db
        .insertInto('admin_sessions')
        .values({ id_hash: row.idHash, name: row.name, created_at: row.createdAt, expires_at: row.expiresAt })
        .execute();
    },
    async getSession(idHash) {
      const r = await db.selectFrom('admin_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return r && { idHash: r.id_hash, name: r.name, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) };
    },
    async deleteSession(idHash) {
      await db.deleteFrom('admin_sessions').where('id_hash', '=', idHash).execute();
    },
    async appendAudit(entry) {
      await db.insertInto('admin_audit').values(entry).execute();
    },
    async listAudit(f) {
      let q = db.selectFrom('admin_audit').selectAll();
      if (f.actor) q = q.where('actor', '=', f.actor);
      if (f.action) q = q.where('action', '=', f.action);
      if (f.target) q = q.where('target', '=', f.target);
      if (f.before !== undefined) q = q.where('id', '<', f.before);
      const rows = await q.orderBy('id', 'desc').limit(f.limit).execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at) }));
    },
    async searchUsers(q, limit) {
      const like = likeText(q);
      if (!like) return [];
      const rows = await users()
        .where((eb) =>
          eb.or([
            eb('accounts.user_id', '=', q),
            eb('accounts.user_id', 'like', `${like}%`),
            eb('accounts.mobile', 'like', `${like}%`),
            eb('profiles.nick', 'like', `%${like}%`),
          ]),
        )
        .orderBy('accounts.user_id')
        .limit(limit)
        .execute();
      return rows.map(toUser);
    },
    async userSummary(userID) {
      const r = await users().where('accounts.user_id', '=', userID).executeTakeFirst();
      return r && toUser(r);
    },
    async userSessions(userID, now) {
      const rows = await db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', userID)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((r) => ({ createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) }));
    },
    async setDisabled(userID, at) {
      const r = await db
        .updateTable('accounts')
        .set({ disabled_at: at })
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async setPasswordHash(userID, hash) {
      const r = await db
        .updateTable('accounts')
        .set({ password_hash: hash })
        .where('user_id', '=', userID)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async searchGroups(q, limit) {
      const like = likeText(q);
      if (!like) return [];
      const rows = await groups()
        .where((eb) => eb.or([eb('group_id', 'like', `${like}%`), eb('name', 'like', `%${like}%`)]))
        .orderBy('group_id')
        .limit(limit)
        .execute();
      return rows.map(toGroup);
    },
    async groupDetail(groupID) {
      const g = await groups().where('group_id', '=', groupID).executeTakeFirst();
      if (!g) return undefined;
      const members = await db
        .selectFrom('group_members')
        .leftJoin('profiles', 'profiles.user_id', 'group_members.user_id')
        .select(['group_members.user_id', 'group_members.role', 'group_members.mute_until', 'profiles.nick'])
        .where('group_members.group_id', '=', groupID)
        .orderBy('group_members.join_time')
        .limit(500)
        .execute();
      return {
        group: toGroup(g),
        members: members.map((m) => ({
          userID: m.user_id,
          role: m.role,
          muteUntil: Number(m.mute_until),
          nick: m.nick ?? '',
        })),
      };
    },
    async getWords() {
      const r = await db.selectFrom('admin_settings').selectAll().where('key', '=', WORDS_KEY).executeTakeFirst();
      return r && { words: JSON.parse(r.value) as string[], version: Number(r.version) };
    },
    async setWords(words, version) {
      const value = JSON.stringify(words);
      await db
        .insertInto('admin_settings')
        .values({ key: WORDS_KEY, value, version })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, version }))
        .execute();
    },
  };
}
