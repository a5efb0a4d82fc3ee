import type BetterSqlite3 from 'better-sqlite3';
import {
  type PageContext,
  type SendDraft,
  type SendOutcome,
  type SendStore,
  type SpeakerRow,
  type WirePages,
  type WireRow,
  newRow,
} from '../../domain/messages/send-port.ts';
import { MESSAGE_COLUMNS, messageFromRow, type RawMessage } from './message-columns.ts';
import { tokenField } from './search-index.ts';

interface RawSpeaker {
  role: string;
  muteUntil: number | bigint;
  muteAll: number;
  dismissed: number;
}

const speakerFrom = (r: RawSpeaker | undefined): SpeakerRow | undefined =>
  r && {
    role: r.role,
    muteUntil: Number(r.muteUntil),
    muteAll: Number(r.muteAll) === 1,
    dismissed: Number(r.dismissed) === 1,
  };

interface Touch {
  userID: string;
  viewID: string;
  readSeq: number | null;
}

/**
 * The batch's member rows in userID order (lock order, see c2c.ts). A batch of a few messages touches a few rows:
 * those are put in order by insertion, since Array.prototype.sort allocates a work array on every call; larger
 * batches use it.
 */
function byUserID(touches: Map<string, Touch>): Touch[] {
  const out = [...touches.values()];
  if (out.length > 16) return out.sort((a, b) => (a.userID < b.userID ? -1 : a.userID > b.userID ? 1 : 0));
  for (let i = 1; i < out.length; i += 1) {
    const t = out[i] as Touch;
    let j = i - 1;
    while (j >= 0 && (out[j] as Touch).userID > t.userID) {
      out[j + 1] = out[j] as Touch;
      j -= 1;
    }
    out[j + 1] = t;
  }
  return out;
}

/**
 * The send path on SQLite with better-sqlite3 statements prepared once (no query building per call). A batch is one
 * transaction; a draft that fails is isolated by writing the batch again one draft at a time (decision 0020).
 * Member rows and user sync cursors are bumped once per batch, after the messages, in userID order.
 * Callers serialise batches through the connection lock (`withConnection`), so no other transaction interleaves.
 */
export function sqliteSendStore(
  db: BetterSqlite3.Database,
  withConnection: <T>(fn: () => T) => Promise<T>,
): SendStore & WirePages {
  const q = {
    profile: db.prepare('select nick, avatar from profiles where user_id = ?'),
    // Rule M8: an ID is taken in its conversation whoever sent it; the sender's own message comes first (M1).
    existing: db.prepare(
      `select ${MESSAGE_COLUMNS}, wire from messages where (sender = ? and id = ?) or (conversation_id = ? and id = ?)
       order by sender = ? desc limit 1`,
    ),
    newConversation: db.prepare(
      'insert into conversations (id, type, last_seq, last_time, created_at) values (?, ?, 0, 0, ?) on conflict (id) do nothing',
    ),
    newMember: db.prepare(
      `insert into conversation_members (conversation_id, user_id, view_id, peer_id, read_seq, cleared_seq, is_pinned,
       pinned_at, remind_type, hidden, sync_version) values (?, ?, ?, ?, 0, 0, 0, 0, 'AcceptAndNotify', 0, 0)
       on conflict (user_id, view_id) do nothing`,
    ),
    bump: db.prepare('update conversations set last_seq = last_seq + 1, last_time = ? where id = ? returning last_seq'),
    insert: db.prepare(
      `insert into messages (${MESSAGE_COLUMNS}, wire) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, 0, 0, 0, ?)`,
    ),
    // Message search (SRCH13): the message's tokens, keyed by its rowid, in the batch's transaction.
    index: db.prepare('insert into message_fts (rowid, tokens) values (?, ?)'),
    sync: db.prepare(
      'insert into user_sync (user_id, version) values (?, 1) on conflict (user_id) do update set version = version + 1 returning version',
    ),
    member: db.prepare(
      `update conversation_members set hidden = 0, sync_version = ?, read_seq = coalesce(?, read_seq)
       where user_id = ? and view_id = ?`,
    ),
    // A group sender's membership, read inside the batch's transaction (SendDraft.speaker).
    speaker: db.prepare(
      `select gm.role as role, gm.mute_until as muteUntil, g.mute_all as muteAll, g.dismissed as dismissed
       from group_members gm join groups g on g.group_id = gm.group_id where gm.group_id = ? and gm.user_id = ?`,
    ),
    context: db.prepare(
      `select m.conversation_id as conversationID, m.cleared_seq as clearedSeq, c.last_seq as lastSeq,
         exists(select 1 from message_hidden h where h.user_id = m.user_id and h.conversation_id = m.conversation_id)
           as anyHidden
       from conversation_members m join conversations c on c.id = m.conversation_id where m.user_id = ? and m.view_id = ?`,
    ),
    page: db.prepare(
      'select seq, id, wire from messages where conversation_id = ? and seq > ? and seq < ? order by seq desc limit ?',
    ),
  };
  type Profile = { nick: string; avatar: string } | undefined;

  const one = (d: SendDraft, touches: Map<string, Touch>, profiles: Map<string, Profile>): SendOutcome => {
    const m = d.message;
    // Profiles are read once per batch: a busy sender has many messages in one.
    const profileOf = (userID: string): Profile => {
      if (!profiles.has(userID)) profiles.set(userID, q.profile.get(userID) as Profile);
      return profiles.get(userID);
    };
    const sender = profileOf(m.sender);
    if (!sender) return { kind: 'missing', who: 'sender' };
    if (!d.toGroup && m.receiver !== m.sender && !profileOf(m.receiver)) return { kind: 'missing', who: 'receiver' };
    const existing = q.existing.get(m.sender, m.id, m.conversationID, m.id, m.sender) as RawMessage | undefined;
    if (existing) return { kind: 'stored', ...messageFromRow(existing), created: false };
    if (d.speaker) {
      const refused = d.speaker.admit(
        speakerFrom(q.speaker.get(d.speaker.groupID, m.sender) as RawSpeaker | undefined),
      );
      if (refused !== undefined) return { kind: 'failed', error: refused };
    }
    // The bump finds the conversation; only on first contact is it created (with both members) and bumped again.
    let bumped = q.bump.get(m.time, m.conversationID) as { last_seq: number } | undefined;
    if (!bumped) {
      q.newConversation.run(m.conversationID, 'C2C', m.time);
      for (const s of d.sides) q.newMember.run(m.conversationID, s.userID, s.viewID, s.peerID);
      bumped = q.bump.get(m.time, m.conversationID) as { last_seq: number };
    }
    const { last_seq } = bumped;
    const row = newRow(m, sender.nick, sender.avatar, Number(last_seq));
    const wire = d.render(row);
    const inserted = q.insert.run(
      row.conversationID,
      row.seq,
      row.id,
      row.sender,
      row.receiver,
      row.type,
      row.payload,
      row.cloudCustomData,
      row.time,
      row.clientTime,
      row.nick,
      row.nameCard,
      row.avatar,
      row.priority,
      row.needReadReceipt ? 1 : 0,
      row.atUserList,
      wire,
    );
    const tokens = tokenField(row.type, row.payload);
    if (tokens !== null) q.index.run(inserted.lastInsertRowid, tokens);
    for (const s of d.sides) {
      const key = `${s.userID}\u0000${s.viewID}`;
      const readSeq = s.readsOnSend ? row.seq : (touches.get(key)?.readSeq ?? null);
      touches.set(key, { userID: s.userID, viewID: s.viewID, readSeq });
    }
    return { kind: 'stored', message: row, wire, created: true };
  };

  const batch = db.transaction((drafts: readonly SendDraft[]): SendOutcome[] => {
    const touches = new Map<string, Touch>();
    const profiles = new Map<string, Profile>();
    const outcomes = drafts.map((d) => one(d, touches, profiles));
    for (const t of byUserID(touches)) {
      const { version } = q.sync.get(t.userID) as { version: number };
      q.member.run(version, t.readSeq, t.userID, t.viewID);
    }
    return outcomes;
  });

  /**
   * Refusals are found before anything is written, so a draft throws only on the unexpected (a bug, a full disk).
   * Then the batch is rolled back whole and written again one draft per transaction, so the failure stays with
   * its draft (rule SP2). Cheaper than a savepoint around every draft, which the common case never needs.
   */
  const isolated = (drafts: readonly SendDraft[]): SendOutcome[] => {
    try {
      return batch(drafts);
    } catch (error) {
      if (drafts.length === 1) return [{ kind: 'failed', error }];
      return drafts.map((d): SendOutcome => isolated([d])[0] as SendOutcome);
    }
  };

  return {
    appendBatch: (drafts) => withConnection(() => isolated(drafts)),
    pageContext: (userID, viewID) =>
      withConnection(() => {
        const row = q.context.get(userID, viewID) as
          | (Omit<PageContext, 'anyHidden'> & { anyHidden: number })
          | undefined;
        return row && { ...row, anyHidden: row.anyHidden === 1 };
      }),
    pageBefore: (conversationID, beforeSeq, limit, minSeq) =>
      withConnection(
        () => q.page.all(conversationID, minSeq, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit) as WireRow[],
      ),
  };
}
