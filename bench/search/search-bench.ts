/**
 * Message search (decision 0040): search latency at 100,000 and 1,000,000 stored messages on SQLite and on PostgreSQL,
 * the index's bytes per message, and the send path's throughput with the index beside without it, in one run on one
 * server. Prints one JSON line per database and size.
 *
 * The stored history is written straight into the database with the server stopped (sending a million messages
 * through the API would take most of an hour on this machine and measure the send path, not search): the server
 * first creates the accounts and one real conversation per peer, then the bench appends the generated messages to
 * those conversations, unindexed, and marks them for the background backfill (SRCH16), as an upgrade from a server
 * without search leaves them. The server is started again, indexes them in the background, and the searches begin
 * once the backfill says it is done (its rate is reported too).
 *
 * "Without the index" is the same server, the same route and the same payload bytes, sent as a custom message whose
 * 100 bytes are in `data` (never indexed, SRCH2), so the run compares the send path with and without the index's
 * work (tokenising, the index insert) and nothing else. The two are measured alternately, 4 times each, 5 s a window.
 *
 * Run: cd bench && node --import tsx search/search-bench.ts
 *   BENCH_SEARCH_SIZES (default 100000,1000000), BENCH_SEARCH_DBS (default sqlite,postgres),
 *   BENCH_READY_MS when the machine is loaded.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { request } from '../lib/http.ts';
import { scratchDatabase } from '../lib/postgres.ts';
import { freePort, startParley } from '../lib/processes.ts';
import { latency, round } from '../lib/stats.ts';
import { createParleyUsers } from '../lib/targets.ts';

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number);
const DBS = (process.env.BENCH_SEARCH_DBS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const PEERS = 20;
/** Send windows of each kind (BENCH_SEARCH_WINDOWS, default 4), alternating. */
const WINDOWS = Number(process.env.BENCH_SEARCH_WINDOWS ?? 4);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const WORDS =
  '你好 前端 后端 开发 工程师 面试 简历 工作 薪资 公司 上海 北京 时间 明天 下午 谢谢 可以 我们 项目 经验 岗位 招聘 技术 团队 产品 设计 测试 数据 算法 福利 加班 地址 方便 安排 通知 入职 实习 学历 沟通 负责 熟悉 框架 性能 优化 需求 会议'.split(
    ' ',
  );
const CHARS = [
  ...'的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现',
];
const LATIN = ['React', 'Vue', 'Java', 'Python', 'offer'];

let seed = 40;
const rnd = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;

/** About 100 bytes of Chinese chat (33 characters of 3 bytes), with a Latin word now and then. */
function line(): string {
  let s = '';
  while (Buffer.byteLength(s) < 96) {
    const r = rnd();
    s += r < 0.6 ? pick(WORDS) : r < 0.9 ? pick(CHARS) : ` ${pick(LATIN)} `;
  }
  return s;
}

/** The database behind one run, seen the same way for both kinds: statements, a batch in one transaction. */
interface Db {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  batch(statements: { text: string; params: unknown[] }[]): Promise<void>;
  close(): Promise<void>;
}

function sqliteDb(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const toSqlite = (text: string) => text.replace(/\$\d+/g, '?');
  return {
    rows: async <T>(text: string, params: unknown[] = []) => db.prepare(toSqlite(text)).all(...params) as T[],
    batch: async (statements) => {
      db.transaction(() => {
        for (const s of statements) db.prepare(toSqlite(s.text)).run(...s.params);
      })();
    },
    close: async () => {
      db.close();
    },
  };
}

async function postgresDb(url: string): Promise<Db> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    rows: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    batch: async (statements) => {
      await client.query('BEGIN');
      for (const s of statements) await client.query(s.text, s.params);
      await client.query('COMMIT');
    },
    close: () => client.end(),
  };
}

/** Columns the bench writes itself; every other column of a generated message is copied from a real one. */
const OWN = new Set(['seq', 'id', 'payload', 'time', 'client_time', 'wire', 'search']);

/** Appends `total` generated text messages to the conversations that exist, unindexed, and marks them for the backfill. */
async function appendHistory(db: Db, kind: 'sqlite' | 'postgres', total: number): Promise<void> {
  const templates = await db.rows<Record<string, unknown>>(
    `select m.* from messages m join conversations c on c.id = m.conversation_id and m.seq = c.last_seq
      order by m.conversation_id`,
  );
  if (templates.length === 0) throw new Error('no conversation to append to');
  const columns = Object.keys(templates[0] as object).filter((c) => !OWN.has(c));
  const all = [...columns, 'seq', 'id', 'payload', 'time', 'client_time', 'wire'];
  const next = templates.map((t) => Number(t.seq));
  const lastRowid =
    kind === 'sqlite' ? Number((await db.rows<{ r: number }>('select max(rowid) as r from messages'))[0]?.r ?? 0) : 0;
  const baseTime = Math.floor(Date.now() / 1000) - total;
  const PER_STATEMENT = 200;
  const STATEMENTS_PER_TX = 10;
  let written = 0;
  while (written < total) {
    const statements: { text: string; params: unknown[] }[] = [];
    for (let s = 0; s < STATEMENTS_PER_TX && written < total; s += 1) {
      const params: unknown[] = [];
      const tuples: string[] = [];
      for (let r = 0; r < PER_STATEMENT && written < total; r += 1, written += 1) {
        const at = written % templates.length;
        const t = templates[at] as Record<string, unknown>;
        next[at] = (next[at] as number) + 1;
        const time = baseTime + written;
        const values = [
          ...columns.map((c) => t[c]),
          next[at],
          `bulk-${written}`,
          JSON.stringify({ text: line() }),
          time,
          time,
          '',
        ];
        tuples.push(`(${values.map((v) => `$${params.push(v)}`).join(',')})`);
      }
      statements.push({ text: `insert into messages (${all.join(',')}) values ${tuples.join(',')}`, params });
    }
    await db.batch(statements);
  }
  await db.batch(
    templates.map((t, i) => ({
      text: 'update conversations set last_seq = $1, last_time = $2 where id = $3',
      params: [next[i], baseTime + total, t.conversation_id],
    })),
  );
  // As migration 0026 leaves an older history: SQLite walks rowids after the last indexed one, PostgreSQL walks
  // every (conversation, seq) and fills the `search` column where it is empty.
  await db.batch([
    kind === 'sqlite'
      ? {
          text: `update search_backfill set after_seq = $1, upto_rowid = (select max(rowid) from messages), done = 0
            where name = 'messages'`,
          params: [lastRowid],
        }
      : {
          text: `update search_backfill set after_conversation = '', after_seq = -1, done = 0 where name = 'messages'`,
          params: [],
        },
  ]);
}

async function indexBytes(db: Db, kind: 'sqlite' | 'postgres') {
  if (kind === 'sqlite') {
    const size = async (like: string) =>
      Number(
        (await db.rows<{ b: number }>('select coalesce(sum(pgsize), 0) as b from dbstat where name like $1', [like]))[0]
          ?.b ?? 0,
      );
    return {
      index: await size('message_fts%'),
      rows: (await size('messages')) + (await size('messages_%')) + (await size('sqlite_autoindex_messages%')),
    };
  }
  await db.rows('vacuum analyze messages');
  const r = (
    await db.rows<{ col: string; gin: string; total: string }>(
      `select coalesce(sum(pg_column_size(search)), 0) as col, pg_relation_size('messages_search') as gin,
        pg_total_relation_size('messages') as total from messages`,
    )
  )[0];
  const index = Number(r?.col ?? 0) + Number(r?.gin ?? 0);
  return { index, rows: Number(r?.total ?? 0) - index };
}

async function runOne(kind: 'sqlite' | 'postgres', total: number): Promise<Record<string, unknown>> {
  const scratch = kind === 'postgres' ? await scratchDatabase() : undefined;
  if (kind === 'postgres' && !scratch)
    return { bench: 'message-search', storage: kind, skipped: 'no PostgreSQL reachable' };
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-search-bench-'));
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  const users = ['searcher', ...Array.from({ length: PEERS }, (_, i) => `peer${i}`)];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let port = await freePort();
  let server = await startParley(port, dataDir, env);
  const sigs = await createParleyUsers(port, users);
  const auth = (u: string) => ({ authorization: `Bearer ${sigs.get(u)}` });
  let n = 0;
  const send = async (custom: boolean) => {
    const i = n++;
    const peer = `peer${i % PEERS}`;
    const [from, to] = i % 2 === 0 ? ['searcher', peer] : [peer, 'searcher'];
    const text = line();
    const payload = custom ? { data: text, description: '', extension: '' } : { text };
    const body = { ID: `b-${i}`, conversationType: 'C2C', to, type: custom ? 'TIMCustomElem' : 'TIMTextElem', payload };
    const r = await request(port, 'POST', '/api/v1/messages', auth(from as string), JSON.stringify(body), agent);
    if (r.status !== 200) throw new Error(`send ${r.status} ${r.body.slice(0, 200)}`);
  };
  try {
    for (let i = 0; i < PEERS; i += 1) await send(false);
    await server.stop(true);

    const open = () => (scratch ? postgresDb(scratch.url) : Promise.resolve(sqliteDb(join(dataDir, 'parley.db'))));
    let db = await open();
    const seedStarted = performance.now();
    await appendHistory(db, kind, total);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.close();

    port = await freePort();
    server = await startParley(port, dataDir, env);
    db = await open();
    const backfillStarted = performance.now();
    for (;;) {
      const done = await db.rows<{ done: number }>(`select done from search_backfill where name = 'messages'`);
      if (Number(done[0]?.done) === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const backfillSeconds = (performance.now() - backfillStarted) / 1000;

    const searchOnce = async (keyword: string) => {
      const t = performance.now();
      const r = await request(
        port,
        'POST',
        '/api/v1/search/messages',
        auth('searcher'),
        JSON.stringify({ keywordList: [keyword], count: 20 }),
        agent,
      );
      if (r.status !== 200) throw new Error(`search ${r.status} ${r.body.slice(0, 200)}`);
      return { ms: performance.now() - t, total: (JSON.parse(r.body) as { totalCount: number }).totalCount };
    };
    const queries: Record<string, string[]> = {
      cjk1: ['面', '的', '前', '薪', '会'],
      cjk2: ['面试', '前端', '薪资', '公司', '加班'],
      cjk4: ['前端开发', '面试时间', '项目经验', '明天下午', '技术团队'],
      english: ['react', 'python', 'offer', 'java', 'vue'],
    };
    const searches: Record<string, unknown> = {};
    for (const [name, list] of Object.entries(queries)) {
      const samples: number[] = [];
      let matches = 0;
      // One at a time (the rate limit is per user: 10/s; the bench's server keeps the default, so it waits 110 ms).
      for (let i = 0; i < 60; i += 1) {
        const r = await searchOnce(list[i % list.length] as string);
        samples.push(r.ms);
        matches += r.total;
        await new Promise((resolve) => setTimeout(resolve, 110));
      }
      searches[name] = { ...latency(samples), meanConversationsMatched: round(matches / samples.length, 1) };
    }

    const window = async (custom: boolean) => {
      const end = performance.now() + 5_000;
      let sent = 0;
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (performance.now() < end) {
            await send(custom);
            sent += 1;
          }
        }),
      );
      return sent / 5;
    };
    // Alternating windows, so a disturbance of the machine falls on both sides alike; the ratio is the median of the
    // pairs' ratios (one disturbed window moves one pair, not the figure).
    const withIndex: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < WINDOWS; i += 1) {
      withIndex.push(await window(false));
      without.push(await window(true));
    }
    await server.stop(true);
    const stored = Number((await db.rows<{ n: number }>('select count(*) as n from messages'))[0]?.n ?? 0);
    const bytes = await indexBytes(db, kind);
    await db.close();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    return {
      bench: 'message-search',
      storage: kind,
      storedMessages: stored,
      seedRowsPerSecond: round(total / seedSeconds, 0),
      backfillMessagesPerSecond: round(total / backfillSeconds, 0),
      searchLatencyMs: searches,
      indexBytesPerMessage: round(bytes.index / stored, 1),
      messageRowBytesPerMessage: round(bytes.rows / stored, 1),
      sendHttpPerSecond: {
        withIndex: withIndex.map((x) => round(x, 0)),
        withoutIndex: without.map((x) => round(x, 0)),
        ratio: round(mean(withIndex) / mean(without), 3),
        medianPairRatio: round(median(withIndex.map((w, i) => w / (without[i] as number))), 3),
      },
    };
  } finally {
    await server.stop();
    agent.destroy();
    await scratch?.drop();
  }
}

for (const kind of DBS) {
  for (const size of SIZES) console.log(JSON.stringify(await runOne(kind, size)));
}
