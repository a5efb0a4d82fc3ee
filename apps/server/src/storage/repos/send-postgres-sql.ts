import { MESSAGE_COLUMNS } from './message-columns.ts';

/** The profiles and the messages already stored under the batch's IDs, after the conversations' rows. */
const CHECK_TAIL = `    union all select 'p', user_id, json_build_object('nick', nick, 'avatar', avatar)::text, null
      from profiles where user_id = any($2::text[])
    union all select 'm', null, null, row_to_json(x) from (
      select ${MESSAGE_COLUMNS}, wire from messages where (sender, id) in (select * from unnest($3::text[], $4::text[]))
      union all
      select ${MESSAGE_COLUMNS}, wire from messages where (conversation_id, id) in (select * from unnest($5::text[], $4::text[]))
    ) x`;

/**
 * The batch's rows (`conv`: their conversation ID column), the conversations' new last sequences (`bump`), one
 * sync-version bump per user (by the number of its member rows touched) and the member rows stamped with it (shown
 * again, sender's read position moved, RD2). `sync` reads `bump` first, so the conversations are locked before the
 * user rows, as on the locked path (`check` locks them first): two writers never take them in opposite orders.
 */
const writeSQL = (conv: string, bump: string, tokens: string) => `with ${bump}, ins as (
      insert into messages (${MESSAGE_COLUMNS}, wire, search)
      select ${conv}, s, i, snd, rcv, ty, pl, ccd, t, ct, n, nc, av, pr, nrr, au, 0, null, 0, 0, 0, w,
        array_to_tsvector(string_to_array(tk, ' '))
      from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
        $9::bigint[], $10::bigint[], $11::text[], $12::text[], $13::text[], $14::text[], $15::int[], $16::text[],
        $17::text[], ${tokens}::text[]) as x(c, s, i, snd, rcv, ty, pl, ccd, t, ct, n, nc, av, pr, nrr, au, w, tk)
    ), sync as (
      insert into user_sync (user_id, version) select * from unnest($21::text[], $22::bigint[])
      where (select count(*) from bump) >= 0
      on conflict (user_id) do update set version = user_sync.version + excluded.version returning user_id, version
    )
    update conversation_members m set hidden = 0, sync_version = s.version, read_seq = greatest(m.read_seq, v.rs)
    from unnest($23::text[], $24::text[], $25::bigint[]) as v(u, vid, rs) join sync s on s.user_id = v.u
    where m.user_id = v.u and m.view_id = v.vid`;

/**
 * The PostgreSQL send path's SQL, written once (rule SP4) and sent as named statements, which PostgreSQL parses
 * once per connection. Every statement takes arrays, so one round trip serves a whole batch: a batch on
 * conversations that exist costs one round trip (`writeIf`) when the node knows them (SP7), two (`peek`,
 * `writeIf`) when it does not, four when another writer got in between (begin, `check`, `write`, commit).
 */
export const SEND_SQL = {
  /**
   * Locks the batch's existing conversations (id order, as every writer) and reads, in the same round trip, the
   * senders' and receivers' profiles and the messages already stored under the batch's IDs (M1, M8).
   */
  check: `with locked as (select id, last_seq from conversations where id = any($1::text[]) order by id for update)
    select 'c' as k, id as a, last_seq::text as b, null::json as m from locked
${CHECK_TAIL}`,
  /**
   * Group senders' membership (SendDraft.speaker), read after `check` has locked the conversations: a separate
   * statement, so under READ COMMITTED it sees a mute or removal that committed while the lock was awaited.
   */
  speakers: `select gm.group_id, gm.user_id, gm.role, gm.mute_until, g.mute_all, g.dismissed
    from group_members gm join groups g on g.group_id = gm.group_id
    where (gm.group_id, gm.user_id) in (select * from unnest($1::text[], $2::text[]))`,
  /** First contact: the conversations and their members in one statement; the new rows are this transaction's. */
  create: `with conv as (
      insert into conversations (id, type, last_seq, last_time, created_at)
      select id, 'C2C', 0, 0, t from unnest($1::text[], $2::bigint[]) as v(id, t) order by id
      on conflict (id) do nothing returning id, last_seq
    ), mem as (
      insert into conversation_members (conversation_id, user_id, view_id, peer_id, read_seq, cleared_seq,
        is_pinned, pinned_at, remind_type, hidden, sync_version)
      select c, u, v, p, 0, 0, 0, 0, 'AcceptAndNotify', 0, 0
      from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as x(c, u, v, p)
      on conflict (user_id, view_id) do nothing
    ) select id, last_seq from conv`,
  /** Conversations another writer created first: waited for and locked. */
  lock: 'select id, last_seq from conversations where id = any($1::text[]) order by id for update',
  /** The locked path's write: the conversations are this transaction's, their sequences move unconditionally. */
  write: writeSQL(
    'c',
    `bump as (
      update conversations c set last_seq = v.s, last_time = v.t
      from unnest($18::text[], $19::bigint[], $20::bigint[]) as v(id, s, t) where c.id = v.id returning c.id
    )`,
    '$26',
  ),
  /**
   * The optimistic path (SP6, SP7: `peek` before it, or nothing when the node's cache knew the batch; no
   * transaction around it: the statement is its own). Each conversation's last sequence moves only if it is still
   * the one planned from ($26), and a row is stored only if its sender's profile still has the nick and avatar it
   * was rendered with and its receiver still has an account; any other row gets a null conversation ID, so the NOT
   * NULL constraint aborts the whole statement (error 23502) and nothing of it is stored. Another writer in between
   * (another node, a system message, a profile change, a duplicate ID stored meanwhile: 23505) therefore costs one
   * failed statement, then a path that reads again.
   */
  writeIf: writeSQL(
    `(select b.id from bump b where b.id = x.c
        and exists (select 1 from profiles p where p.user_id = x.snd and p.nick = x.n and p.avatar = x.av)
        and exists (select 1 from profiles p where p.user_id = x.rcv))`,
    `bump as (
      update conversations c set last_seq = v.s, last_time = v.t
      from unnest($18::text[], $19::bigint[], $20::bigint[], $26::bigint[]) as v(id, s, t, e)
      where c.id = v.id and c.last_seq = v.e returning c.id
    )`,
    '$27',
  ),
  /** `check` without the lock, outside a transaction: what the optimistic path plans from. */
  peek: `select 'c' as k, id as a, last_seq::text as b, null::json as m from conversations where id = any($1::text[])
${CHECK_TAIL}`,
  context: `select m.conversation_id, m.cleared_seq, c.last_seq,
      exists(select 1 from message_hidden h where h.user_id = m.user_id and h.conversation_id = m.conversation_id)
        as any_hidden
    from conversation_members m join conversations c on c.id = m.conversation_id where m.user_id = $1 and m.view_id = $2`,
  page: 'select seq, id, wire from messages where conversation_id = $1 and seq > $2 and seq < $3 order by seq desc limit $4',
} as const;
