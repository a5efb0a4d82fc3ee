import type pg from 'pg';
import {
  type SendDraft,
  type SendOutcome,
  type SendStore,
  type SpeakerRow,
  type WirePages,
  type WireRow,
  newRow,
} from '../../domain/messages/send-port.ts';
import type { MessageRow } from '../../domain/ports.ts';
import { messageFromRow, type RawMessage } from './message-columns.ts';
import { type Profile, SendCache } from './send-postgres-cache.ts';
import { SEND_SQL as SQL } from './send-postgres-sql.ts';
import { tokenField } from './search-index.ts';

type Client = pg.PoolClient;
const run = (c: Client, name: keyof typeof SQL, values: unknown[]) => c.query({ name, text: SQL[name], values });
const byID = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Planned {
  draft: SendDraft;
  row: MessageRow;
}

/**
 * What `check` (locking) or `peek` (not locking) tells: the conversations' last sequences, profiles, IDs already
 * stored.
 */
async function check(c: Client, drafts: readonly SendDraft[], statement: 'check' | 'peek') {
  const users = [...new Set(drafts.flatMap((d) => [d.message.sender, d.message.receiver]))];
  const conversations = [...new Set(drafts.map((d) => d.message.conversationID))].sort(byID);
  const r = await run(c, statement, [
    conversations,
    users,
    drafts.map((d) => d.message.sender),
    drafts.map((d) => d.message.id),
    drafts.map((d) => d.message.conversationID),
  ]);
  const last = new Map<string, number>();
  const profiles = new Map<string, Profile>();
  const stored = new Map<string, { message: MessageRow; wire: string }>();
  for (const row of r.rows as { k: string; a: string; b: string; m: RawMessage }[]) {
    if (row.k === 'c') last.set(row.a, Number(row.b));
    else if (row.k === 'p') profiles.set(row.a, JSON.parse(row.b));
    else {
      const found = messageFromRow(row.m);
      stored.set(`s\u0000${found.message.sender}\u0000${found.message.id}`, found);
      stored.set(`c\u0000${found.message.conversationID}\u0000${found.message.id}`, found);
    }
  }
  return { last, profiles, stored };
}

const speakerKey = (groupID: string, userID: string) => `${groupID}\u0000${userID}`;

/** The group senders' membership rows, only when the batch holds group messages (one more round trip then). */
async function speakers(c: Client, drafts: readonly SendDraft[]): Promise<Map<string, SpeakerRow>> {
  const asked = drafts.filter((d) => d.speaker);
  const out = new Map<string, SpeakerRow>();
  if (asked.length === 0) return out;
  const r = await run(c, 'speakers', [asked.map((d) => d.speaker?.groupID), asked.map((d) => d.message.sender)]);
  for (const row of r.rows) {
    out.set(speakerKey(row.group_id, row.user_id), {
      role: row.role,
      muteUntil: Number(row.mute_until),
      muteAll: Number(row.mute_all) === 1,
      dismissed: Number(row.dismissed) === 1,
    });
  }
  return out;
}

/**
 * Outcomes known before anything is written: missing accounts, stored IDs (M1, M8), repeats inside the batch, and
 * group senders the domain refuses now (muted or removed since the send was queued; GRP11).
 */
function precheck(
  drafts: readonly SendDraft[],
  outcomes: (SendOutcome | undefined)[],
  profiles: ReadonlyMap<string, Profile>,
  stored: Map<string, { message: MessageRow; wire: string }>,
  members: Map<string, SpeakerRow>,
) {
  const planned: Planned[] = [];
  const firstNew = new Map<string, number>();
  drafts.forEach((d, i) => {
    const m = d.message;
    const sender = profiles.get(m.sender);
    if (!sender) outcomes[i] = { kind: 'missing', who: 'sender' };
    else if (!d.toGroup && !profiles.has(m.receiver)) outcomes[i] = { kind: 'missing', who: 'receiver' };
    else {
      const keys = [`s\u0000${m.sender}\u0000${m.id}`, `c\u0000${m.conversationID}\u0000${m.id}`];
      const found = stored.get(keys[0] as string) ?? stored.get(keys[1] as string);
      const refused = d.speaker?.admit(members.get(speakerKey(d.speaker.groupID, m.sender)));
      if (found) outcomes[i] = { kind: 'stored', ...found, created: false };
      else if (refused !== undefined) outcomes[i] = { kind: 'failed', error: refused };
      else if (keys.some((k) => firstNew.has(k)))
        return; // resolved once the first one has its sequence
      else {
        for (const k of keys) firstNew.set(k, i);
        planned.push({ draft: d, row: newRow(m, sender.nick, sender.avatar, 0) });
      }
    }
  });
  return { planned, firstNew };
}

/** Creates the conversations seen for the first time (with both members) and locks them. */
async function createMissing(c: Client, planned: Planned[], last: Map<string, number>): Promise<void> {
  const fresh = [...new Set(planned.map((p) => p.row.conversationID))].filter((id) => !last.has(id)).sort(byID);
  if (fresh.length === 0) return;
  const firsts = fresh.map((id) => planned.find((p) => p.row.conversationID === id) as Planned);
  const sides = firsts.flatMap((p) => p.draft.sides.map((s) => ({ c: p.row.conversationID, ...s })));
  const created = await run(c, 'create', [
    fresh,
    firsts.map((p) => p.row.time),
    sides.map((s) => s.c),
    sides.map((s) => s.userID),
    sides.map((s) => s.viewID),
    sides.map((s) => s.peerID),
  ]);
  for (const r of created.rows) last.set(r.id, Number(r.last_seq));
  const raced = fresh.filter((id) => !last.has(id));
  if (raced.length > 0) for (const r of (await run(c, 'lock', [raced])).rows) last.set(r.id, Number(r.last_seq));
}

/**
 * Numbers the rows from the locked last sequences and renders their wire JSON. A draft whose rendering fails is
 * left out alone (its outcome says so) and the others are numbered again, so sequences stay dense (SEQ1).
 */
function numberAndRender(planned: Planned[], base: Map<string, number>, failed: Map<SendDraft, unknown>): string[] {
  for (;;) {
    const last = new Map(base);
    const wires: string[] = [];
    let broken: Planned | undefined;
    for (const p of planned) {
      const seq = (last.get(p.row.conversationID) ?? 0) + 1;
      last.set(p.row.conversationID, seq);
      p.row.seq = seq;
      try {
        wires.push(p.draft.render(p.row));
      } catch (error) {
        failed.set(p.draft, error);
        broken = p;
        break;
      }
    }
    if (!broken) return wires;
    planned.splice(planned.indexOf(broken), 1);
  }
}

/** Per-batch bookkeeping: each conversation's new last row, and the member rows to stamp (RD2, CONV2). */
function touches(planned: Planned[]) {
  const tops = new Map<string, MessageRow>();
  for (const p of [...planned].sort((a, b) => byID(a.row.conversationID, b.row.conversationID)))
    tops.set(p.row.conversationID, p.row);
  const counts = new Map<string, number>();
  const members = new Map<string, { u: string; v: string; rs: number }>();
  for (const p of planned) {
    for (const s of p.draft.sides) {
      const key = `${s.userID}\u0000${s.viewID}`;
      const rs = Math.max(members.get(key)?.rs ?? 0, s.readsOnSend ? p.row.seq : 0);
      members.set(key, { u: s.userID, v: s.viewID, rs });
      counts.set(s.userID, (counts.get(s.userID) ?? 0) + 1);
    }
  }
  const users = [...counts.keys()].sort(byID);
  const t = [...members.values()].sort((a, b) => byID(a.u, b.u) || byID(a.v, b.v));
  return { convs: [...tops.values()], users, counts, t };
}

/** `expected`: the last sequences the optimistic path planned from (`writeIf`); none on the locked path. */
async function write(c: Client, planned: Planned[], wires: string[], expected?: Map<string, number>): Promise<void> {
  const rows = planned.map((p) => p.row);
  const col = <T>(f: (r: MessageRow) => T) => rows.map(f);
  const { convs, users, counts, t } = touches(planned);
  const extra = expected ? [convs.map((r) => expected.get(r.conversationID))] : [];
  await run(c, expected ? 'writeIf' : 'write', [
    col((r) => r.conversationID),
    col((r) => r.seq),
    col((r) => r.id),
    col((r) => r.sender),
    col((r) => r.receiver),
    col((r) => r.type),
    col((r) => r.payload),
    col((r) => r.cloudCustomData),
    col((r) => r.time),
    col((r) => r.clientTime),
    col((r) => r.nick),
    col((r) => r.nameCard),
    col((r) => r.avatar),
    col((r) => r.priority),
    col((r) => (r.needReadReceipt ? 1 : 0)),
    col((r) => r.atUserList),
    wires,
    convs.map((r) => r.conversationID),
    convs.map((r) => r.seq),
    convs.map((r) => r.time),
    users,
    users.map((u) => counts.get(u)),
    t.map((x) => x.u),
    t.map((x) => x.v),
    t.map((x) => x.rs),
    // Message search (SRCH13): each row's tokens, after the optimistic path's expected sequences ($26 or $27).
    ...extra,
    col((r) => tokenField(r.type, r.payload)),
  ]);
}

/** Each conversation's last sequence once `planned` is committed on top of `before`. */
function after(before: ReadonlyMap<string, number>, planned: readonly Planned[]): Map<string, number> {
  const last = new Map(before);
  for (const p of planned)
    if (p.row.seq > (last.get(p.row.conversationID) ?? 0)) last.set(p.row.conversationID, p.row.seq);
  return last;
}

/** Each draft's outcome once the batch is committed (or, for refusals, known without writing). */
function settle(
  drafts: readonly SendDraft[],
  outcomes: (SendOutcome | undefined)[],
  plan: { planned: Planned[]; firstNew: Map<string, number> },
  wires: string[],
  failed: Map<SendDraft, unknown>,
): SendOutcome[] {
  const { planned, firstNew } = plan;
  const byIndex = new Map(planned.map((p, k) => [drafts.indexOf(p.draft), k]));
  return drafts.map((d, i) => {
    const known = outcomes[i];
    if (known) return known;
    if (failed.has(d)) return { kind: 'failed', error: failed.get(d) };
    const k = byIndex.get(i);
    if (k !== undefined)
      return { kind: 'stored', message: (planned[k] as Planned).row, wire: wires[k] as string, created: true };
    const first =
      firstNew.get(`s\u0000${d.message.sender}\u0000${d.message.id}`) ??
      firstNew.get(`c\u0000${d.message.conversationID}\u0000${d.message.id}`);
    const j = byIndex.get(first ?? -1);
    if (j === undefined) return { kind: 'failed', error: new Error('repeat without a first') };
    return { kind: 'stored', message: (planned[j] as Planned).row, wire: wires[j] as string, created: false };
  });
}

/** Another writer got in between `peek` and `writeIf`: its conversation moved (23502), an ID stored (23505). */
const RACED = new Set(['23502', '23505', '40P01']);

const raced = (err: unknown) => RACED.has((err as { code?: string }).code ?? '');

/**
 * The warm path (SP7): every conversation and account of the batch is in the node's cache, so the batch is
 * planned from it and `writeIf` is the only round trip. Undefined when something is not known, or when the write
 * found the cache stale (another writer, a changed profile, an ID already stored: nothing was written, the
 * batch's entries are forgotten and `optimistic` reads them again).
 */
async function warm(c: Client, cache: SendCache, drafts: readonly SendDraft[]): Promise<SendOutcome[] | undefined> {
  const conversations = new Set<string>();
  const users = new Set<string>();
  for (const d of drafts) {
    conversations.add(d.message.conversationID);
    users.add(d.message.sender);
    users.add(d.message.receiver);
  }
  const known = cache.plan(conversations, users);
  if (!known) return undefined;
  const outcomes: (SendOutcome | undefined)[] = drafts.map(() => undefined);
  const plan = precheck(drafts, outcomes, known.profiles, new Map(), new Map());
  return writeIf(c, cache, drafts, outcomes, plan, known.last, () => cache.forget(conversations, users));
}

/**
 * The warm and optimistic paths' write: the rows numbered from `last`, one `writeIf`; then the cache learns the new
 * last sequences, or, when the statement found `last` stale (nothing was written), `forget` drops what was used
 * and the answer is undefined, for the next path to try.
 */
async function writeIf(
  c: Client,
  cache: SendCache,
  drafts: readonly SendDraft[],
  outcomes: (SendOutcome | undefined)[],
  plan: ReturnType<typeof precheck>,
  last: Map<string, number>,
  forget: () => void,
): Promise<SendOutcome[] | undefined> {
  const failed = new Map<SendDraft, unknown>();
  const wires = plan.planned.length > 0 ? numberAndRender(plan.planned, last, failed) : [];
  if (plan.planned.length > 0) {
    try {
      await write(c, plan.planned, wires, last);
    } catch (err) {
      forget();
      if (raced(err)) return undefined;
      throw err;
    }
    cache.learn(after(last, plan.planned));
  }
  return settle(drafts, outcomes, plan, wires, failed);
}

/**
 * The optimistic path (SP6): `peek` then `writeIf`, two round trips and no transaction around them. Undefined when
 * the locked path must do it: a conversation seen for the first time, or another writer in between (nothing of
 * the batch was written then).
 */
async function optimistic(
  c: Client,
  cache: SendCache,
  drafts: readonly SendDraft[],
): Promise<SendOutcome[] | undefined> {
  const outcomes: (SendOutcome | undefined)[] = drafts.map(() => undefined);
  const { last, profiles, stored } = await check(c, drafts, 'peek');
  cache.learn(last, profiles);
  const plan = precheck(drafts, outcomes, profiles, stored, new Map());
  if (plan.planned.some((p) => !last.has(p.row.conversationID))) return undefined;
  return writeIf(c, cache, drafts, outcomes, plan, last, () => cache.forget(last.keys(), profiles.keys()));
}

/** The locked path: one transaction, the conversations locked by `check`, four round trips (six when creating). */
async function locked(c: Client, cache: SendCache, drafts: readonly SendDraft[]): Promise<SendOutcome[]> {
  try {
    await c.query('begin');
    const outcomes: (SendOutcome | undefined)[] = drafts.map(() => undefined);
    const { last, profiles, stored } = await check(c, drafts, 'check');
    const members = await speakers(c, drafts);
    const plan = precheck(drafts, outcomes, profiles, stored, members);
    const failed = new Map<SendDraft, unknown>();
    let wires: string[] = [];
    if (plan.planned.length > 0) {
      await createMissing(c, plan.planned, last);
      wires = numberAndRender(plan.planned, last, failed);
      if (plan.planned.length > 0) await write(c, plan.planned, wires);
    }
    await c.query('commit');
    cache.learn(after(last, plan.planned), profiles);
    return settle(drafts, outcomes, plan, wires, failed);
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  }
}

/**
 * The send path on PostgreSQL (decision 0022): a batch on conversations that exist, with no group message, is one
 * round trip when `cache` knows its conversations and accounts (`warm`, SP7), two otherwise (`optimistic`, SP6);
 * else, or when another writer got in between, one transaction of four round trips (two more when it opens
 * conversations). Refusals are found before anything is written (missing accounts, IDs already stored, repeats
 * within the batch), so they never abort the others; an unexpected failure (a race with another node on one ID, a
 * deadlock) rolls the batch back and the writer retries its drafts one by one. `writes`: the pool batches are
 * written on (the storage gives the send path its own, with generic plans); history pages use `pool`.
 */
export function postgresSendStore(
  pool: pg.Pool,
  { writes = pool, cache = new SendCache() }: { writes?: pg.Pool; cache?: SendCache } = {},
): SendStore & WirePages {
  return {
    async appendBatch(drafts) {
      const c = await writes.connect();
      try {
        const fast = drafts.some((d) => d.speaker || d.toGroup)
          ? undefined
          : ((await warm(c, cache, drafts)) ?? (await optimistic(c, cache, drafts)));
        return fast ?? (await locked(c, cache, drafts));
      } finally {
        c.release();
      }
    },
    async pageContext(userID, viewID) {
      const r = await pool.query({ name: 'context', text: SQL.context, values: [userID, viewID] });
      const row = r.rows[0];
      if (!row) return undefined;
      return {
        conversationID: row.conversation_id,
        clearedSeq: Number(row.cleared_seq),
        lastSeq: Number(row.last_seq),
        anyHidden: row.any_hidden === true,
      };
    },
    async pageBefore(conversationID, beforeSeq, limit, minSeq) {
      const r = await pool.query({
        name: 'page',
        text: SQL.page,
        values: [conversationID, minSeq, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit],
      });
      return r.rows.map((x) => ({ seq: Number(x.seq), id: String(x.id), wire: String(x.wire) })) as WireRow[];
    },
  };
}
