import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ACTION_LIMITS } from '@parley/protocol';
import { buildDomain } from '../../apps/server/src/app/build-domain.ts';
import { LoginThrottle } from '../../apps/server/src/domain/auth/login-throttle.ts';
import { DEFAULT_USER_RATES, UserLimits } from '../../apps/server/src/domain/limits/user-limits.ts';
import {
  DEFAULT_MAX_GROUPS_PER_USER,
  DEFAULT_TIP_WINDOW_SECONDS,
} from '../../apps/server/src/domain/groups/tip-coalescer.ts';
import { createMemoryBus } from '../../apps/server/src/fanout/memory-bus.ts';
import { createMemoryPresence } from '../../apps/server/src/fanout/memory-presence.ts';
import { uploadLedgerFor } from '../../apps/server/src/storage/repos/upload-ledger.ts';
import { createMemoryThrottleStore } from '../../apps/server/src/throttle/memory-throttle-store.ts';
import { createMemoryLimits } from '../../apps/server/src/limits/memory-limits.ts';
import type { Domain } from '../../apps/server/src/domain/context.ts';
import { ContentFilter } from '../../apps/server/src/domain/messages/content-filter.ts';
import { NO_METER } from '../../apps/server/src/domain/metrics/ports.ts';
import { c2cKey, c2cViewID } from '../../apps/server/src/domain/messages/c2c.ts';
import type { NewMessage, Storage } from '../../apps/server/src/domain/ports.ts';
import { openStorage } from '../../apps/server/src/storage/open-storage.ts';
import { newProfileRow } from '../../apps/server/src/domain/accounts/actions.ts';

export type Backend = 'sqlite' | 'postgres';

export interface GrowthStore {
  backend: Backend;
  storage: Storage;
  domain: Domain;
  /** The SQLite file (disk figures), or the PostgreSQL schema. */
  where: string;
  close(): Promise<void>;
}

export const OWNER = 'owner';
export const peerOf = (i: number) => `p${String(i).padStart(5, '0')}`;
/** A 100-byte text, as the disk line promises. */
export const TEXT_100 = JSON.stringify({ text: 'x'.repeat(100) });

/** A fresh store: a SQLite file in a temp directory, or a PostgreSQL schema of its own (dropped on close). */
export async function openGrowthStore(backend: Backend, pgUrl: string): Promise<GrowthStore> {
  let storage: Storage;
  let where: string;
  let drop: () => Promise<void>;
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'parley-growth-'));
    where = join(dir, 'parley.db');
    storage = await openStorage({ kind: 'sqlite', file: where });
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    where = `growth_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    storage = await openStorage({ kind: 'postgres', url: pgUrl, schema: where, poolSize: 10 });
    drop = async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${where} CASCADE`).finally(() => client.end());
    };
  }
  const clock = { now: () => Date.now() };
  const domain: Domain = buildDomain({
    storage,
    bus: createMemoryBus(),
    clock,
    secret: 'growth-secret-0123456789abcdef0123456789',
    userSigExpireSeconds: 3600,
    sessionSeconds: 3600,
    throttle: new LoginThrottle(createMemoryThrottleStore(clock)),
    contentFilter: new ContentFilter([]),
    onPublishError: () => undefined,
    presence: createMemoryPresence(),
    sendLimits: new UserLimits(DEFAULT_USER_RATES, createMemoryLimits(clock).budgets),
    actionSettings: { revokeWindowSeconds: ACTION_LIMITS.revokeWindowSeconds },
    groupFeatures: { readReceipts: true },
    groupLimits: { maxPerUser: DEFAULT_MAX_GROUPS_PER_USER, tipWindowSeconds: DEFAULT_TIP_WINDOW_SECONDS },
    uploadRefs: uploadLedgerFor(storage) ?? null,
    meter: NO_METER,
  });
  return {
    backend,
    storage,
    domain,
    where,
    close: async () => {
      await storage.close();
      await drop();
    },
  };
}

const now = () => Math.floor(Date.now() / 1000);

function profile(userID: string) {
  return newProfileRow(userID, now(), { nick: userID });
}

/**
 * The owner, `conversations` peers, and one conversation (both member rows) between the owner and each peer,
 * through the storage port, 500 to a transaction.
 */
export async function createConversations(s: GrowthStore, conversations: number): Promise<void> {
  const users = [OWNER, ...Array.from({ length: conversations }, (_, i) => peerOf(i))];
  for (let i = 0; i < users.length; i += 500) {
    await s.storage.transaction(async (tx) => {
      for (const userID of users.slice(i, i + 500)) {
        await tx.accounts.create(
          { userID, passwordHash: null, mobile: null, identity: 0, createdAt: now() },
          profile(userID) as Parameters<typeof tx.accounts.create>[1],
        );
        if (userID === OWNER) continue;
        const key = c2cKey(OWNER, userID);
        await tx.conversations.ensure(key, 'C2C', now());
        await tx.conversations.ensureMember({
          conversationID: key,
          userID: OWNER,
          viewID: c2cViewID(userID),
          peerID: userID,
        });
        await tx.conversations.ensureMember({ conversationID: key, userID, viewID: c2cViewID(OWNER), peerID: OWNER });
        // A sync version makes the conversation part of the owner's list from the start, as a first message would.
        await tx.conversations.touch(OWNER, c2cViewID(userID));
      }
    });
  }
}

/** The peer of message number `n`: a tenth go to the deep conversation with peer 0, the rest spread over all. */
export const peerIndexOf = (n: number, conversations: number) => (n % 10 === 0 ? 0 : (n * 7919) % conversations);

export function messageNumber(n: number, conversations: number): NewMessage {
  const peer = peerOf(peerIndexOf(n, conversations));
  const fromOwner = n % 2 === 0;
  const t = now();
  return {
    conversationID: c2cKey(OWNER, peer),
    id: `g${n.toString(36)}-${randomBytes(6).toString('base64url')}`,
    sender: fromOwner ? OWNER : peer,
    receiver: fromOwner ? peer : OWNER,
    type: 'TIMTextElem',
    payload: TEXT_100,
    cloudCustomData: '',
    time: t,
    clientTime: t,
    nick: '',
    nameCard: '',
    avatar: '',
    priority: 'Normal',
    needReadReceipt: false,
    atUserList: '[]',
  };
}

/**
 * Appends messages [from, to) through the storage port (`messages.append`, which assigns sequences and checks
 * idempotency as a send does), 1,000 to a transaction. With several `workers` (PostgreSQL: the pool runs them at
 * once) each owns its conversations, so no two transactions wait on one conversation row: worker 0 the deep one.
 */
export async function grow(s: GrowthStore, from: number, to: number, conversations: number, workers: number) {
  const batch = 1000;
  const bucketOf = (n: number) => {
    if (workers === 1) return 0;
    const peer = peerIndexOf(n, conversations);
    return peer === 0 ? 0 : 1 + (peer % (workers - 1));
  };
  const worker = async (w: number) => {
    let pending: NewMessage[] = [];
    const flush = async () => {
      const list = pending;
      pending = [];
      await s.storage.transaction(async (tx) => {
        for (const m of list) await tx.messages.append(m);
      });
    };
    for (let n = from; n < to; n += 1) {
      if (bucketOf(n) !== w) continue;
      pending.push(messageNumber(n, conversations));
      if (pending.length >= batch) await flush();
    }
    if (pending.length > 0) await flush();
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
}
