import { statSync } from 'node:fs';
import { listConversations } from '../../apps/server/src/domain/conversations/actions.ts';
import { listMessages } from '../../apps/server/src/domain/messages/history.ts';
import { sendMessage } from '../../apps/server/src/domain/messages/send.ts';
import { truncateWal } from '../../apps/server/src/storage/housekeeping.ts';
import { sql } from '../../apps/server/src/storage/migrations.ts';
import type { Kysely } from 'kysely';
import { round } from '../lib/stats.ts';
import { type GrowthStore, OWNER, peerOf } from './store.ts';

/** Runs `op` back to back (`inFlight` at once) for a warm-up, then counts completions over `ms`. */
async function rate(op: (i: number) => Promise<unknown>, ms: number, inFlight = 1, minOps = 1): Promise<number> {
  let i = 0;
  const loop = async (until: number, counter: { n: number }) => {
    while (performance.now() < until || counter.n < minOps) {
      await op(i++);
      counter.n += 1;
    }
  };
  const warm = { n: 0 };
  const warmUntil = performance.now() + Math.min(500, ms / 4);
  await Promise.all(Array.from({ length: inFlight }, () => loop(warmUntil, warm)));
  const counted = { n: 0 };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, () => loop(started + ms, counted)));
  return (counted.n * 1000) / (performance.now() - started);
}

let sent = 0;

/** Sends (the domain's sendMessage: validation, transaction, member bumps) from the owner to its peers in turn. */
export function sendThroughput(s: GrowthStore, conversations: number, ms: number): Promise<number> {
  const payload = { text: 'y'.repeat(100) };
  return rate(
    () => {
      sent += 1;
      const to = peerOf(1 + (sent % (conversations - 1)));
      return sendMessage(s.domain, OWNER, {
        to,
        conversationType: 'C2C',
        ID: `bench-${Date.now().toString(36)}-${sent}`,
        type: 'TIMTextElem',
        payload,
      });
    },
    ms,
    4,
  );
}

/** The newest page (15) of the deep conversation, as opening it does. */
export function historyPages(s: GrowthStore, ms: number): Promise<number> {
  return rate(() => listMessages(s.domain, OWNER, `C2C${peerOf(0)}`, {}), ms, 4);
}

/** The owner's whole conversation list (every conversation: lastMessage, unread count, peer profile). */
export function conversationLists(s: GrowthStore, ms: number): Promise<number> {
  return rate(() => listConversations(s.domain, OWNER, 0), ms, 1, 3);
}

/** Bytes the database holds now: the SQLite file after a truncating checkpoint, or the schema's relations. */
export async function storedBytes(s: GrowthStore): Promise<number> {
  const db = (s.storage as unknown as { db: Kysely<unknown> }).db;
  if (s.backend === 'sqlite') {
    await truncateWal(db as never);
    return statSync(s.where).size;
  }
  const r = await sql<{ bytes: string | number }>`SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${s.where} AND c.relkind IN ('r', 'm')`.execute(db);
  return Number(r.rows[0]?.bytes ?? 0);
}

export const perSec = (x: number) => round(x, x < 10 ? 2 : 0);
