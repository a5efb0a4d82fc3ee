/**
 * Message search (decision 0040): search latency at 100,000 stored messages, index bytes per message, and the send
 * path's throughput with the index beside without it, in one run on one server (SQLite). Prints one JSON line.
 *
 * "Without the index" is the same server, the same route and the same payload bytes, sent as a custom message whose
 * 100 bytes are in `data` (never indexed, SRCH2), so the run compares the send path with and without the index's
 * work (tokenising, the FTS5 insert) and nothing else. The two are measured alternately, twice each, 5 s a window.
 * Run: cd bench && node --import tsx search/search-bench.ts   (BENCH_SEARCH_MESSAGES to change the 100,000)
 */
import http from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from '../lib/http.ts';
import { freePort, startParley } from '../lib/processes.ts';
import { latency, round } from '../lib/stats.ts';
import { createParleyUsers } from '../lib/targets.ts';

const TOTAL = Number(process.env.BENCH_SEARCH_MESSAGES ?? 100_000);
const PEERS = 20;
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

async function main(): Promise<void> {
  const port = await freePort();
  const server = await startParley(port);
  const users = ['searcher', ...Array.from({ length: PEERS }, (_, i) => `peer${i}`)];
  const sigs = await createParleyUsers(port, users);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
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
  const seedStarted = performance.now();
  let seeded = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (seeded < TOTAL) {
        seeded += 1;
        await send(false);
      }
    }),
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;

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
  const withIndex: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    withIndex.push(await window(false));
    without.push(await window(true));
  }
  await server.stop(true);
  const db = new Database(join(server.dataDir, 'parley.db'), { readonly: true });
  const size = (like: string) =>
    Number(
      (db.prepare('select coalesce(sum(pgsize), 0) as b from dbstat where name like ?').get(like) as { b: number }).b,
    );
  const messages = Number((db.prepare('select count(*) as n from messages').get() as { n: number }).n);
  const indexBytes = size('message_fts%');
  const messageBytes = size('messages') + size('messages_%') + size('sqlite_autoindex_messages%');
  db.close();
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    JSON.stringify({
      bench: 'message-search',
      storage: 'sqlite',
      storedMessages: messages,
      seedMessagesPerSecond: round(TOTAL / seedSeconds, 0),
      searchLatencyMs: searches,
      indexBytesPerMessage: round(indexBytes / messages, 1),
      messageRowBytesPerMessage: round(messageBytes / messages, 1),
      sendHttpPerSecond: {
        withIndex: withIndex.map((x) => round(x, 0)),
        withoutIndex: without.map((x) => round(x, 0)),
        ratio: round(mean(withIndex) / mean(without), 3),
      },
    }),
  );
  agent.destroy();
}

await main();
