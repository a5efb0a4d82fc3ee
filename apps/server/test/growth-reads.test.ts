import { afterEach, describe, expect, it } from 'vitest';
import type { Domain } from '../src/domain/context.ts';
import { deleteConversation, listConversations, markRead } from '../src/domain/conversations/actions.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import type { Storage } from '../src/domain/ports.ts';
import { sql } from '../src/storage/migrations.ts';
import { bareDomain, withUsers } from './support/domain.ts';
import { freshSqlite } from './support/storage.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const domainOf = (storage: Storage): Domain => bareDomain(storage);

let ids = 0;
const send = (d: Domain, from: string, to: string) => {
  ids += 1;
  return sendMessage(d, from, {
    to,
    conversationType: 'C2C',
    ID: `g-${ids}`,
    type: 'TIMTextElem',
    payload: { text: 'hi' },
  });
};

/** RD2 counted the slow way: stored messages after max(read, cleared) that the member did not send. */
async function countedUnread(storage: Storage, userID: string, peer: string): Promise<number> {
  const member = await storage.conversations.getMember(userID, `C2C${peer}`);
  if (!member) return 0;
  const db = (storage as unknown as { db: Parameters<ReturnType<typeof sql>['execute']>[0] }).db;
  const r = await sql<{ n: number }>`SELECT count(*) AS n FROM messages WHERE conversation_id = ${member.conversationID}
    AND seq > ${Math.max(member.readSeq, member.clearedSeq)} AND sender <> ${userID}`.execute(db);
  return Number(r.rows[0]?.n);
}

describe('reads that stay flat as data grows', () => {
  it('GRW2 the unread count (a subtraction) equals the messages after read or cleared that others sent', async () => {
    const s = await freshSqlite();
    closers.push(s.close);
    const users = ['amy', 'bob', 'cat'];
    await withUsers(s.storage, users);
    const d = domainOf(s.storage);
    // A fixed pseudo-random walk of sends, reads and deletions among three users.
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let step = 0; step < 300; step += 1) {
      const me = users[pick(3)] as string;
      const peer = users.filter((u) => u !== me)[pick(2)] as string;
      const action = pick(10);
      if (action < 7) await send(d, me, peer);
      else if (action < 9) await markRead(d, me, `C2C${peer}`);
      else await deleteConversation(d, me, `C2C${peer}`).catch(() => undefined);
      if (step % 10 !== 9) continue;
      for (const user of users) {
        for (const c of (await listConversations(d, user, 0)).conversationList) {
          expect(c.unreadCount, `${user} ${c.conversationID} at step ${step}`).toBe(
            await countedUnread(s.storage, user, c.conversationID.slice(3)),
          );
        }
      }
    }
  });

  it('GRW3 a long conversation list is built a few conversations at a time, not all at once', async () => {
    const s = await freshSqlite();
    closers.push(s.close);
    const peers = Array.from({ length: 60 }, (_, i) => `peer${i}`);
    await withUsers(s.storage, ['owner', ...peers]);
    const d = domainOf(s.storage);
    for (const p of peers) await send(d, p, 'owner');
    let inFlight = 0;
    let most = 0;
    const get = s.storage.conversations.get.bind(s.storage.conversations);
    s.storage.conversations.get = async (id) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await get(id);
      } finally {
        inFlight -= 1;
      }
    };
    const list = await listConversations(d, 'owner', 0);
    expect(list.conversationList).toHaveLength(60);
    expect(list.conversationList.every((c) => c.unreadCount === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(8);
  });
});
