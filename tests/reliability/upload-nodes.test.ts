/**
 * UPL26 across processes: two Parley nodes on one PostgreSQL database, each with a data directory of its own (as two
 * machines). An image sent through node A is served byte for byte by node B, also once A is SIGKILLed. With the
 * uploads on each node's disk (PARLEY_UPLOAD_STORE=disk, decision 0016) node B answers 404.
 */
import { createHash } from 'node:crypto';
import { ADMIN_KEY_HEADER, ROUTES } from '@parley/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { pgTestUrl, requireService } from '../../apps/server/test/support/services.ts';
import { png } from '../../apps/server/test/support/uploads.ts';
import { createUsers } from './lib/accounts.ts';
import { freshDatabase } from './lib/fresh-database.ts';
import { ADMIN_KEY, ParleyServer } from './lib/parley-server.ts';

const pgUrl = await requireService('postgres', pgTestUrl(), 'two-node upload test');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
});

const base = (s: ParleyServer) => `http://127.0.0.1:${s.port}`;

async function sendImage(node: ParleyServer, sig: string, to: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png(640, 480))], { type: 'image/png' }), 'photo.png');
  const up = await fetch(`${base(node)}/api/v1/uploads/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sig}` },
    body: form,
  });
  expect(up.status).toBe(200);
  const image = (await up.json()) as { uuid: string; imageFormat: number; imageInfoArray: { url: string }[] };
  const sent = await fetch(`${base(node)}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sig}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ID: `img-${Date.now()}`,
      conversationType: 'C2C',
      to,
      type: 'TIMImageElem',
      payload: { uuid: image.uuid, imageFormat: image.imageFormat, imageInfoArray: image.imageInfoArray },
    }),
  });
  expect(sent.status).toBe(200);
  return image.imageInfoArray[0]?.url ?? '';
}

const fetchBytes = async (node: ParleyServer, path: string) => {
  const res = await fetch(`${base(node)}${path}`);
  return { status: res.status, etag: res.headers.get('etag'), bytes: Buffer.from(await res.arrayBuffer()) };
};

async function twoNodes(store: 'pg' | 'disk') {
  if (!pgUrl) throw new Error('PostgreSQL is required');
  const db = await freshDatabase(pgUrl, 'parley_upl');
  cleanups.push(db.drop);
  const env = { DATABASE_URL: db.url, PARLEY_UPLOAD_STORE: store };
  const a = await ParleyServer.start(env);
  cleanups.push(() => a.stop());
  const b = await ParleyServer.start(env);
  cleanups.push(() => b.stop());
  const sigs = await createUsers(a.port, ['amy', 'bob']);
  return { a, b, sigs };
}

describe.skipIf(!pgUrl)('UPL26 uploads shared by every node', () => {
  it('UPL26 an image sent through node A is served byte-identical by node B, and still after A is killed', async () => {
    const { a, b, sigs } = await twoNodes('pg');
    const url = await sendImage(a, sigs.get('amy') ?? '', 'bob');
    const fromA = await fetchBytes(a, url);
    const fromB = await fetchBytes(b, url);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect(fromB.etag).toContain(createHash('sha256').update(fromB.bytes).digest('hex'));
    await a.killHard();
    const afterKill = await fetchBytes(b, url);
    expect(afterKill.status).toBe(200);
    expect(afterKill.bytes.equals(fromA.bytes)).toBe(true);
    // The admin API of the survivor still reaches the same accounts (nothing of A's disk was needed).
    const who = await fetch(`${base(b)}${ROUTES.adminUserSig}`, {
      method: 'POST',
      headers: { [ADMIN_KEY_HEADER]: ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ userID: 'bob' }),
    });
    expect(who.status).toBe(200);
  });

  it('UPL26 with uploads on each node disk, node B cannot serve what node A received (why the shared store exists)', async () => {
    const { a, b, sigs } = await twoNodes('disk');
    const url = await sendImage(a, sigs.get('amy') ?? '', 'bob');
    expect((await fetchBytes(a, url)).status).toBe(200);
    expect((await fetchBytes(b, url)).status).toBe(404);
  });
});
