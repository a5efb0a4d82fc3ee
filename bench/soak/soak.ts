/**
 * The soak (issue-free description in bench/README.md, "Soak"): a mixed load for N minutes on real Parley servers,
 * driven by real SDK clients (`@parley/chat` in Node, one instance per user), and at the end an exact count per
 * recipient, WuKongIM's way: every delivery that should have happened, and no other.
 *
 * The mix: one-to-one pairs at a steady rate; groups of 10, 100 and 1,000 members; reactions and read receipts on
 * what arrived; presence churn (custom status changes); clients whose socket is cut at random (the SDK reconnects
 * and catches up, SYNC1/SYNC2); image uploads, each downloaded by its receiver and compared byte for byte.
 *
 * Counting: a message is expected at every member of its conversation but its sender once its send resolved; a send
 * that failed is counted apart (and its message, should it arrive anyway, is not called unexpected). Each client
 * records what MESSAGE_RECEIVED gave it: lost = expected and never received, duplicated = received more than once,
 * unexpected = received and not expected (another conversation's message, one's own, a message nobody sent).
 * Group tips and system notices (members added at the start) are not the soak's messages and are left out.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import TencentCloudChat, { type ChatSDK, type Message } from '@parley/chat';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { scratchDatabase } from '../lib/postgres.ts';
import { freePort, rssBytes, type ServerProcess, startParley } from '../lib/processes.ts';
import { latency, round } from '../lib/stats.ts';
import { createParleyUsers } from '../lib/targets.ts';
import { countDeliveries, type Sent } from './count.ts';
import { DEFAULTS, type SoakOptions, type SoakResult } from './options.ts';

export { DEFAULTS, type SoakOptions, type SoakResult } from './options.ts';

const { EVENT, TYPES } = TencentCloudChat;

interface Client {
  userID: string;
  chat: ChatSDK;
  node: number;
  /** Message ID → times MESSAGE_RECEIVED gave it. */
  got: Map<string, number>;
  /** Recent messages from others, for reactions. */
  recent: Message[];
  sockets: WebSocket[];
}

/** The value, which the soak's own set-up guarantees; a missing one is a bug of the soak. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('soak: a value its set-up guarantees is missing');
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` about `perSecond` times a second until `stop()` (a Poisson-free steady pace: one tick per period). */
function every(perSecond: number, fn: () => void): () => void {
  if (perSecond <= 0) return () => undefined;
  const timer = setInterval(fn, 1000 / perSecond);
  return () => clearInterval(timer);
}

function diskBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

export async function runSoak(partial: Partial<SoakOptions> = {}): Promise<SoakResult> {
  const o: SoakOptions = { ...DEFAULTS, ...partial };
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-soak-'));
  const db = o.nodes === 2 ? await scratchDatabase() : undefined;
  if (o.nodes === 2 && !db) throw new Error('two nodes need PostgreSQL (BENCH_PG_URL) and Redis');
  const env: Record<string, string> = {
    // Uploads and statuses stay under their real limits; sends, profiles and sockets are the load itself.
    ...(db ? { DATABASE_URL: db.url, REDIS_URL: o.redisUrl } : {}),
  };
  const servers: ServerProcess[] = [];
  const clients: Client[] = [];
  const sent: Sent[] = [];
  const sendTimes: { at: number; ms: number }[] = [];
  const counters = {
    reactions: { ok: 0, failed: 0 },
    readReceipts: { ok: 0, failed: 0 },
    statusChanges: { ok: 0, failed: 0 },
    uploads: { sent: 0, verified: 0, mismatched: 0 },
    socketsCut: 0,
  };
  const samples: SoakResult['samples'] = [];
  try {
    for (let i = 0; i < o.nodes; i += 1) {
      servers.push(await startParley(await freePort(), i === 0 ? dataDir : undefined, env));
    }
    const pairUsers = Array.from({ length: o.pairs * 2 }, (_, i) => `p${i}`);
    const biggest = Math.max(0, ...o.groupSizes);
    const groupUsers = Array.from({ length: biggest }, (_, i) => `g${i}`);
    const userIDs = [...pairUsers, ...groupUsers];
    o.log(`soak: creating ${userIDs.length} users`);
    const base = `http://127.0.0.1:${must(servers[0]).port}`;
    const sigs = await createParleyUsers(must(servers[0]).port, userIDs);

    const login = async (userID: string, index: number): Promise<Client> => {
      const node = index % servers.length;
      const sockets: WebSocket[] = [];
      class Tracked extends WebSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
          this.once('close', () => sockets.splice(sockets.indexOf(this), 1));
        }
      }
      const chat = TencentCloudChat.create({
        SDKAppID: 70_000 + index,
        serverURL: `http://127.0.0.1:${must(servers[node]).port}`,
        WebSocket: Tracked as never,
        timing: { reconnectBaseMs: 200, reconnectCapMs: 2_000 },
      });
      chat.setLogLevel(4);
      const client: Client = { userID, chat, node, got: new Map(), recent: [], sockets };
      chat.on(EVENT.MESSAGE_RECEIVED, ({ data }: { data: Message[] }) => {
        for (const m of data) {
          if (m.type === TYPES.MSG_GRP_TIP || m.type === TYPES.MSG_GRP_SYS_NOTICE) continue;
          client.got.set(m.ID, (client.got.get(m.ID) ?? 0) + 1);
          if (client.recent.length > 20) client.recent.shift();
          client.recent.push(m);
          if (m.type === TYPES.MSG_IMAGE) void verifyImage(m);
        }
      });
      const ready = new Promise<void>((resolve) => chat.on(EVENT.SDK_READY, () => resolve()));
      await chat.login({ userID, userSig: sigs.get(userID) as string });
      await ready;
      return client;
    };

    // Groups: the first member owns it and creates it with up to 499 others (the reference's limit on memberList);
    // the rest join the open group over HTTP before any of them is online, so the joins' tips reach nobody's socket.
    const first = groupUsers[0];
    const owner = first === undefined ? undefined : await login(first, userIDs.indexOf(first));
    const groups: { groupID: string; members: string[]; rate: number }[] = [];
    for (const [k, size] of o.groupSizes.entries()) {
      const members = groupUsers.slice(0, size);
      const others = members.slice(1);
      const { data } = await must(owner).chat.createGroup({
        type: TYPES.GRP_PUBLIC,
        name: `soak ${size}`,
        joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS,
        memberList: others.slice(0, 499).map((userID) => ({ userID })),
      });
      const groupID = data.group.groupID;
      const joiners = others.slice(499);
      for (let at = 0; at < joiners.length; at += 25) {
        await Promise.all(
          joiners.slice(at, at + 25).map(async (u) => {
            const r = await fetch(`${base}/api/v1/groups/${encodeURIComponent(groupID)}/join`, {
              method: 'POST',
              headers: { authorization: `Bearer ${sigs.get(u)}`, 'content-type': 'application/json' },
              body: '{}',
            });
            if (!r.ok) throw new Error(`join ${groupID} as ${u}: ${r.status} ${await r.text()}`);
          }),
        );
      }
      groups.push({ groupID, members, rate: o.groupRates[k] ?? 0 });
    }

    o.log('soak: logging in');
    const batch = 25;
    for (let i = 0; i < userIDs.length; i += batch) {
      const slice = userIDs.slice(i, i + batch);
      clients.push(...(await Promise.all(slice.map((u, j) => (u === owner?.userID ? owner : login(u, i + j))))));
    }
    const byID = new Map(clients.map((c) => [c.userID, c]));

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    async function verifyImage(m: Message): Promise<void> {
      const info = (m.payload as { imageInfoArray?: { url: string; type: number }[] }).imageInfoArray;
      const original = info?.find((i) => i.type === 0) ?? info?.[0];
      if (!original) return;
      try {
        const r = await fetch(new URL(original.url, base));
        const body = Buffer.from(await r.arrayBuffer());
        if (r.ok && body.equals(png)) counters.uploads.verified += 1;
        else counters.uploads.mismatched += 1;
      } catch {
        counters.uploads.mismatched += 1;
      }
    }

    const send = async (from: Client, message: Message, to: readonly string[]) => {
      const record: Sent = { id: message.ID, from: from.userID, to, failed: false };
      sent.push(record);
      const t = performance.now();
      try {
        await from.chat.sendMessage(message);
        sendTimes.push({ at: Date.now(), ms: performance.now() - t });
      } catch {
        record.failed = true;
      }
    };
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

    const stops: (() => void)[] = [];
    let pairTurn = 0;
    stops.push(
      every(o.pairRate, () => {
        const p = pairTurn++ % o.pairs;
        const [a, b] = Math.floor(pairTurn / o.pairs) % 2 === 0 ? [2 * p, 2 * p + 1] : [2 * p + 1, 2 * p];
        const from = must(clients[a]);
        const to = must(pairUsers[b]);
        const message = from.chat.createTextMessage({
          to,
          conversationType: TYPES.CONV_C2C,
          payload: { text: `c2c ${pairTurn}` },
        });
        void send(from, message, [to]);
      }),
    );
    for (const g of groups) {
      let n = 0;
      stops.push(
        every(g.rate, () => {
          const from = must(byID.get(pick(g.members)));
          const message = from.chat.createTextMessage({
            to: g.groupID,
            conversationType: TYPES.CONV_GROUP,
            payload: { text: `group ${g.members.length} #${++n}` },
          });
          void send(
            from,
            message,
            g.members.filter((u) => u !== from.userID),
          );
        }),
      );
    }
    stops.push(
      every(o.uploadsPerMinute / 60, () => {
        const p = Math.floor(Math.random() * o.pairs);
        const from = must(clients[2 * p]);
        const to = must(pairUsers[2 * p + 1]);
        const message = from.chat.createImageMessage({
          to,
          conversationType: TYPES.CONV_C2C,
          payload: { file: new File([png], 'soak.png', { type: 'image/png' }) },
        });
        counters.uploads.sent += 1;
        void send(from, message, [to]);
      }),
    );
    stops.push(
      every(o.reactionsPerSecond, () => {
        const c = pick(clients);
        const m = c.recent.at(-1);
        if (!m) return;
        c.chat.addMessageReaction(m, '[TUIEmoji_Smile]').then(
          () => (counters.reactions.ok += 1),
          () => (counters.reactions.failed += 1),
        );
      }),
    );
    stops.push(
      every(o.readReceiptsPerSecond, () => {
        const c = pick(clients.slice(0, pairUsers.length));
        const peer = pairUsers[clients.indexOf(c) ^ 1];
        c.chat.setMessageRead({ conversationID: `C2C${peer}` }).then(
          () => (counters.readReceipts.ok += 1),
          () => (counters.readReceipts.failed += 1),
        );
      }),
    );
    stops.push(
      every(o.statusChangesPerSecond, () => {
        const c = pick(clients);
        c.chat.setSelfStatus({ customStatus: `busy ${Date.now() % 1000}` }).then(
          () => (counters.statusChanges.ok += 1),
          () => (counters.statusChanges.failed += 1),
        );
      }),
    );
    stops.push(
      every(o.cutsPerSecond, () => {
        const c = pick(clients);
        const ws = c.sockets.at(-1);
        if (ws && ws.readyState === WebSocket.OPEN) {
          ws.terminate();
          counters.socketsCut += 1;
        }
      }),
    );

    const started = Date.now();
    const endAt = started + o.minutes * 60_000;
    const pgClient = db ? new pg.Client({ connectionString: db.url }) : undefined;
    await pgClient?.connect();
    let lastSample = started;
    o.log(`soak: load running for ${o.minutes} min`);
    while (Date.now() < endAt) {
      await sleep(Math.min(1_000, Math.max(0, endAt - Date.now())));
      if (Date.now() - lastSample >= o.sampleSeconds * 1000 || Date.now() >= endAt) {
        const window = sendTimes.filter((s) => s.at > lastSample).map((s) => s.ms);
        lastSample = Date.now();
        const diskMB = pgClient
          ? Number((await pgClient.query('select pg_database_size(current_database()) as b')).rows[0].b) / 2 ** 20
          : diskBytes(dataDir) / 2 ** 20;
        const sample = {
          atMinute: round((Date.now() - started) / 60_000, 1),
          rssMB: servers.map((s) => round(rssBytes(s.pid) / 2 ** 20, 1)),
          diskMB: round(diskMB, 1),
          sendP99Ms: latency(window).p99,
          sends: window.length,
        };
        samples.push(sample);
        o.log(`soak: ${JSON.stringify(sample)}`);
      }
    }
    for (const stop of stops) stop();
    await pgClient?.end();

    // Quiescence: every send settled, then deliveries until nothing is missing or nothing moved for 30 s.
    const deadline = Date.now() + 300_000;
    while (sent.length > sendTimes.length + sent.filter((s) => s.failed).length && Date.now() < deadline)
      await sleep(200);
    const missing = () => {
      let n = 0;
      for (const s of sent) {
        if (s.failed) continue;
        for (const u of s.to) if (!byID.get(u)?.got.has(s.id)) n += 1;
      }
      return n;
    };
    let last = missing();
    let still = Date.now();
    while (last > 0 && Date.now() - still < 30_000 && Date.now() < deadline) {
      await sleep(1_000);
      const now = missing();
      if (now !== last) still = Date.now();
      last = now;
    }

    const tally = countDeliveries(sent, clients);
    return {
      soak: o.nodes === 2 ? 'two nodes, PostgreSQL and Redis' : 'one node, SQLite',
      minutes: o.minutes,
      nodes: o.nodes,
      users: clients.length,
      sent: sent.length,
      ...tally,
      ...counters,
      samples,
    };
  } finally {
    await Promise.all(clients.map((c) => c.chat.destroy().catch(() => undefined)));
    for (const s of servers) await s.stop();
    await db?.drop();
  }
}

/** `npm run soak -- --minutes N [--nodes 2]`: prints the result as one JSON line. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const result = await runSoak({
    minutes: Number(arg('minutes') ?? DEFAULTS.minutes),
    nodes: arg('nodes') === '2' ? 2 : 1,
    sampleSeconds: Number(arg('sample-seconds') ?? DEFAULTS.sampleSeconds),
  });
  console.log(JSON.stringify(result));
  process.exit(result.lost + result.duplicated + result.unexpected + result.uploads.mismatched === 0 ? 0 : 1);
}
