import { ADMIN_KEY_HEADER } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, cleanupApps, createUser, loginRequest, makeApp, userSigFor } from './support/app.ts';
import { makeChat, nextID, pgUrl } from './support/messaging.ts';
import { redisTestUrl, requireService } from './support/services.ts';
import { promtool, promtoolPath } from './support/promtool.ts';
import { png, upload } from './support/uploads.ts';
import { openSocket } from './support/ws.ts';

afterEach(cleanupApps);

const promtoolBin = promtoolPath();
const redisUrl = await requireService('redis', redisTestUrl(), 'metrics of the Redis bus');

async function scrape(app: Awaited<ReturnType<typeof makeApp>>['app'], headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/metrics', headers });
}

/** The value of one series (`name{labels}` exactly as exposed), or undefined when absent. */
function series(text: string, name: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `)) return Number(line.slice(name.length + 1));
  }
  return undefined;
}

describe('operators’ metrics', () => {
  it('MET2 /metrics answers the admin key as its header or as a bearer token, and nobody else', async () => {
    const { app } = await makeApp();
    expect((await scrape(app, {})).statusCode).toBe(401);
    expect((await scrape(app, { authorization: 'Bearer wrong-key-wrong-key' })).statusCode).toBe(401);
    const byHeader = await scrape(app, { [ADMIN_KEY_HEADER]: ADMIN_KEY });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const byBearer = await scrape(app, { authorization: `Bearer ${ADMIN_KEY}` });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.body).toContain('# TYPE parley_messages_total counter');
    const closed = await makeApp({ adminKey: null });
    expect((await scrape(closed.app, { authorization: `Bearer ${ADMIN_KEY}` })).statusCode).toBe(401);
  });

  it('MET1 MET3 MET4 MET6 sends, refusals, pushes, latencies, batches and sockets are counted per node', async () => {
    const c = await makeChat('sqlite', ['amy', 'bob']);
    const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = (user: string) => openSocket(`${address.replace('http', 'ws')}/ws?userSig=${c.sigs[user] ?? ''}`);
    const [bob1, bob2] = [await ws('bob'), await ws('bob')];
    await bob1.next((f) => f.type === 'hello');
    await bob2.next((f) => f.type === 'hello');
    expect((await c.send('amy', 'bob')).status).toBe(200);
    const amy = await ws('amy');
    await amy.next((f) => f.type === 'hello');
    const ID = nextID();
    const frame = { ID, conversationType: 'C2C', to: 'bob', type: 'TIMTextElem', payload: { text: 'hi' } };
    amy.ws.send(JSON.stringify({ type: 'send', ref: ID, message: frame }));
    await amy.next((f) => f.type === 'ack' && f.ref === ID);
    // Two refusals: an unknown peer (over the socket) and an over-long text (over HTTP).
    const bad = nextID();
    amy.ws.send(JSON.stringify({ type: 'send', ref: bad, message: { ...frame, ID: bad, to: 'nobody' } }));
    await amy.next((f) => f.type === 'ack' && f.ref === bad);
    expect((await c.send('amy', 'bob', { payload: { text: 'x'.repeat(9000) } })).status).toBe(413);
    await bob1.next((f) => f.type === 'event' && JSON.stringify(f).includes(ID));
    await bob2.next((f) => f.type === 'event' && JSON.stringify(f).includes(ID));

    const text = (await scrape(c.app, { [ADMIN_KEY_HEADER]: ADMIN_KEY })).body;
    expect(series(text, 'parley_messages_total{outcome="accepted"}')).toBe(3);
    // Each of the two accepted messages reached bob's two sockets and amy's own (the second only, she connected
    // after the first).
    expect(series(text, 'parley_messages_total{outcome="delivered"}')).toBeGreaterThanOrEqual(5);
    expect(series(text, 'parley_messages_refused_total{reason="ACCOUNT_NOT_FOUND"}')).toBe(1);
    expect(series(text, 'parley_messages_refused_total{reason="MESSAGE_TOO_LONG"}')).toBe(1);
    expect(series(text, 'parley_send_latency_seconds_count{stage="commit"}')).toBe(3);
    expect(series(text, 'parley_send_latency_seconds_count{stage="ack"}')).toBe(2);
    expect(series(text, 'parley_send_latency_seconds_count{stage="push"}')).toBe(2);
    expect(series(text, 'parley_send_batch_size_sum')).toBe(3);
    expect(series(text, 'parley_push_sockets')).toBe(3);
    expect(series(text, 'parley_push_users')).toBe(2);
    expect(series(text, 'parley_push_users_by_sockets{sockets="1"}')).toBe(1);
    expect(series(text, 'parley_push_users_by_sockets{sockets="2"}')).toBe(1);
    expect(series(text, 'parley_push_users_by_sockets{sockets="3-5"}')).toBe(0);
    expect(series(text, 'parley_open_connections')).toBeGreaterThanOrEqual(3);
    expect(series(text, 'parley_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(series(text, 'parley_db_pool_connections{state="total"}')).toBe(1);
    expect(series(text, 'parley_data_disk_bytes{state="size"}')).toBeGreaterThan(0);
    // prom-client's process metrics: event-loop lag, GC, memory (MET20).
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(series(text, name), name).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    for (const s of [amy, bob1, bob2]) s.ws.close();
  });

  it('MET7 MET8 logins by result and uploads with their bytes are counted', async () => {
    const { app } = await makeApp();
    await createUser(app, { userID: 'dee', password: 'secret123', profile: { nick: 'Dee' } });
    expect((await loginRequest(app, 'dee', 'secret123')).statusCode).toBe(200);
    expect((await loginRequest(app, 'dee', 'wrong-one')).statusCode).not.toBe(200);
    const sig = await userSigFor(app, 'dee');
    const image = await png(32, 32);
    const up = await upload(app, sig, 'image', image, 'p.png', 'image/png');
    expect(up.status).toBe(200);
    const text = (await scrape(app, { [ADMIN_KEY_HEADER]: ADMIN_KEY })).body;
    expect(series(text, 'parley_logins_total{result="success"}')).toBe(1);
    expect(series(text, 'parley_logins_total{result="failure"}')).toBe(1);
    expect(series(text, 'parley_logins_total{result="throttled"}')).toBe(0);
    expect(series(text, 'parley_uploads_total')).toBe(1);
    expect(series(text, 'parley_upload_bytes_total')).toBe(up.json.size);
  });

  it.skipIf(!redisUrl)(
    'MET12 with Redis the bus lag is observed from the node’s own probes',
    async () => {
      const { app } = await makeApp({ env: { REDIS_URL: redisUrl ?? '' } });
      let count = 0;
      for (let i = 0; i < 200 && count === 0; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        const text = (await scrape(app, { [ADMIN_KEY_HEADER]: ADMIN_KEY })).body;
        count = series(text, 'parley_bus_lag_seconds_count') ?? 0;
      }
      expect(count).toBeGreaterThan(0);
    },
    60_000,
  );

  it.skipIf(!pgUrl)('MET9 on PostgreSQL the pool gauges count the connections the node holds', async () => {
    const c = await makeChat('postgres', ['amy', 'bob']);
    expect((await c.send('amy', 'bob')).status).toBe(200);
    const text = (await scrape(c.app, { [ADMIN_KEY_HEADER]: ADMIN_KEY })).body;
    expect(series(text, 'parley_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(2);
    expect(series(text, 'parley_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it.skipIf(!promtoolBin)('MET5 the exposition passes promtool check metrics (names, units, help, types)', async () => {
    const c = await makeChat('sqlite', ['amy', 'bob']);
    expect((await c.send('amy', 'bob')).status).toBe(200);
    const text = (await scrape(c.app, { [ADMIN_KEY_HEADER]: ADMIN_KEY })).body;
    const r = promtool(promtoolBin ?? '', ['check', 'metrics'], text);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });
});
