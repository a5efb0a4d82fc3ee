import type { Kysely } from 'kysely';
import type { SessionsRepo } from '../../domain/ports.ts';
import type { Database } from '../schema.ts';

export function sessionsRepo(db: Kysely<Database>): SessionsRepo {
  return {
    async create(s) {
      await db
        .insertInto('sessions')
        .values({ id_hash: s.idHash, user_id: s.userID, created_at: s.createdAt, expires_at: s.expiresAt })
        .execute();
    },
    async get(idHash) {
      const r = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return (
        r && { idHash: r.id_hash, userID: r.user_id, createdAt: Number(r.created_at), expiresAt: Number(r.expires_at) }
      );
    },
    async delete(idHash) {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },
    async deleteExpired(now) {
      const r = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async deleteForUser(userID) {
      const r = await db.deleteFrom('sessions').where('user_id', '=', userID).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async deleteOthers(userID, keepIdHash) {
      const rows = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userID)
        .where('id_hash', '!=', keepIdHash)
        .returning('id_hash')
        .execute();
      return rows.map((r) => r.id_hash);
    },
  };
}
