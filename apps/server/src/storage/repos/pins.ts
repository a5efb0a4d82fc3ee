import type { Kysely } from 'kysely';
import type { PinRow, PinsRepo } from '../../domain/pins/ports.ts';
import type { Database } from '../schema.ts';

/** The table migration 0028 adds, typed here: only this repo reads or writes it. */
interface GroupPinsTable {
  group_id: string;
  seq: number;
  pinned_by: string;
  pinned_at: number;
}
type PinsDatabase = Database & { group_pins: GroupPinsTable };

export function pinsRepo(database: Kysely<Database>): PinsRepo {
  const db = database as unknown as Kysely<PinsDatabase>;
  return {
    async list(groupID) {
      const rows = await db
        .selectFrom('group_pins')
        .selectAll()
        .where('group_id', '=', groupID)
        .orderBy('pinned_at')
        .orderBy('seq')
        .execute();
      return rows.map(
        (r): PinRow => ({
          groupID: r.group_id,
          seq: Number(r.seq),
          pinnedBy: r.pinned_by,
          pinnedAt: Number(r.pinned_at),
        }),
      );
    },
    async add(pin) {
      const result = await db
        .insertInto('group_pins')
        .values({ group_id: pin.groupID, seq: pin.seq, pinned_by: pin.pinnedBy, pinned_at: pin.pinnedAt })
        .onConflict((oc) => oc.columns(['group_id', 'seq']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async remove(groupID, seq) {
      const result = await db
        .deleteFrom('group_pins')
        .where('group_id', '=', groupID)
        .where('seq', '=', seq)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
