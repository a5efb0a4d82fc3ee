import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, cleanupApps, createUser, makeApp, tempDir, userSigFor } from './support/app.ts';
import { pdf, png, upload } from './support/uploads.ts';

afterEach(cleanupApps);

const ROOT = resolve(import.meta.dirname, '../../..');
const CLI = join(ROOT, 'apps/server/src/app/backup/cli.ts');

/** Runs the backup CLI as an operator would (`npm run backup|restore`), in a process of its own. */
function cli(args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, PARLEY_DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('close', (code) => done({ code: code ?? -1, output }));
  });
}

interface Row {
  conversation_id: string;
  seq: number;
  id: string;
  sender: string;
  payload: string;
  time: number;
}

function rows(file: string): Map<string, Row[]> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const all = db
      .prepare('select conversation_id, seq, id, sender, payload, time from messages order by conversation_id, seq')
      .all() as Row[];
    const by = new Map<string, Row[]>();
    for (const r of all) by.set(r.conversation_id, [...(by.get(r.conversation_id) ?? []), r]);
    return by;
  } finally {
    db.close();
  }
}

/** A sender on its push socket: `send` frames pipelined `window` at a time; every ack's message ID is recorded. */
async function sender(address: string, userSig: string) {
  const ws = new WebSocket(`${address.replace('http', 'ws')}/ws?userSig=${encodeURIComponent(userSig)}`);
  const acked: string[] = [];
  const waiting = new Map<string, () => void>();
  const hello = new Promise<void>((ok, fail) => {
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as { type: string; ref?: string; error?: unknown };
      if (f.type === 'hello') ok();
      if (f.type === 'ack' && f.ref) {
        if (f.error) fail(new Error(`send refused: ${JSON.stringify(f.error)}`));
        acked.push(f.ref);
        waiting.get(f.ref)?.();
        waiting.delete(f.ref);
      }
    });
    ws.once('error', fail);
  });
  await hello;
  let n = 0;
  const one = (to: string, prefix: string) => {
    n += 1;
    const ID = `${prefix}-${n}`;
    const message = {
      ID,
      conversationType: 'C2C',
      to,
      type: 'TIMTextElem',
      payload: { text: `${ID} ${'x'.repeat(n % 50)}` },
    };
    return new Promise<void>((ok) => {
      waiting.set(ID, ok);
      ws.send(JSON.stringify({ type: 'send', ref: ID, message }));
    });
  };
  /** Sends `count` messages, or until `more` says stop when it is given. */
  const run = async (count: number, peers: string[], prefix: string, more?: (sent: number) => boolean) => {
    let next = 0;
    const lane = async () => {
      while (more ? more(next) : next < count) {
        const i = next++;
        await one(peers[i % peers.length] ?? '', prefix);
      }
    };
    const window = 32;
    await Promise.all(Array.from({ length: window }, lane));
  };
  return { acked, run, close: () => ws.close() };
}

describe('backup and restore drill', () => {
  it('BAK1 BAK4 BAK6 BAK9 a backup taken while 10,000 messages are written restores every message acknowledged before it began, in order, and every upload byte for byte', async () => {
    const live = tempDir('parley-live-');
    const { app } = await makeApp({
      dataDir: live,
      env: { PARLEY_RATE_SENDS: '0', PARLEY_UPLOAD_RATE_PER_MINUTE: '0' },
    });
    const users = ['amy', 'bob', 'cat', 'dan'];
    const sigs: Record<string, string> = {};
    for (const u of users) {
      await createUser(app, { userID: u, profile: { nick: u } });
      sigs[u] = await userSigFor(app, u);
    }
    const image = await png(300, 200);
    const files = [
      (await upload(app, sigs.amy, 'image', image, 'a.png', 'image/png')).json,
      (await upload(app, sigs.bob, 'file', pdf(), 'b.pdf', 'application/pdf')).json,
    ];
    // What the live server serves for each upload (an image's original is re-encoded on the way in).
    const served: Buffer[] = [];
    for (const f of files) {
      const res = await app.inject({ method: 'GET', url: f.url, headers: bearer(sigs.amy ?? '') });
      expect(res.statusCode).toBe(200);
      served.push(res.rawPayload);
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const amy = await sender(address, sigs.amy ?? '');
    const bob = await sender(address, sigs.bob ?? '');
    await Promise.all([amy.run(500, ['bob', 'cat'], 'amy-early'), bob.run(500, ['amy', 'dan'], 'bob-early')]);

    // The writers keep going until the backup has finished and each has sent 5,000 more: the copy is taken in the
    // middle of the stream, whatever the machine's speed.
    let backedUp = false;
    const more = (sent: number) => !backedUp || sent < 5000;
    const during = Promise.all([
      amy.run(0, ['bob', 'cat', 'dan'], 'amy', more),
      bob.run(0, ['amy', 'cat'], 'bob', more),
    ]);
    // The backup starts once the writers are running; what was acknowledged before it began must all come back.
    while (amy.acked.length + bob.acked.length < 1200) await new Promise((r) => setTimeout(r, 5));
    const before = new Set([...amy.acked, ...bob.acked]);
    const archive = join(tempDir('parley-backups-'), 'nightly.tar');
    const backup = await cli(['backup', '--out', archive], live);
    backedUp = true;
    const ackedWhileBackingUp = amy.acked.length + bob.acked.length - before.size;
    await during;
    expect(backup.output).toContain('backup written');
    expect(backup.code).toBe(0);
    amy.close();
    bob.close();

    // A restore refuses a directory with anything in it, the live one above all (BAK6).
    const refused = await cli(['restore', archive], live);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('not empty');
    const notEmpty = tempDir('parley-restore-');
    mkdirSync(join(notEmpty, 'x'));
    writeFileSync(join(notEmpty, 'x', 'y'), '');
    expect((await cli(['restore', archive], notEmpty)).code).toBe(1);

    const restoredDir = join(tempDir('parley-restore-'), 'data');
    const restored = await cli(['restore', archive], restoredDir);
    expect(restored.output).toContain('restored');
    expect(restored.code).toBe(0);

    // Every conversation of the copy is a prefix of the live one: same rows, same content, same order (BAK4).
    const liveRows = rows(join(live, 'parley.db'));
    const copyRows = rows(join(restoredDir, 'parley.db'));
    let restoredIDs = 0;
    for (const [conversation, copy] of copyRows) {
      expect(copy, conversation).toEqual(liveRows.get(conversation)?.slice(0, copy.length));
      restoredIDs += copy.length;
    }
    const ids = new Set([...copyRows.values()].flat().map((r) => r.id));
    const missing = [...before].filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    expect(before.size).toBeGreaterThanOrEqual(1200);
    // The stream after the first 1,000 wrote its 10,000 (5,000 each, counted from its start, not from the snapshot
    // above), some of it after the copy: the copy was taken mid-stream.
    const written = amy.acked.length + bob.acked.length;
    expect(written - 1000).toBeGreaterThanOrEqual(10_000);
    expect(written).toBeGreaterThan(before.size);
    expect(restoredIDs).toBeLessThan(amy.acked.length + bob.acked.length);
    console.info(
      `backup drill: ${before.size} acknowledged before the backup, ${ackedWhileBackingUp} during it, ${restoredIDs} restored of ${amy.acked.length + bob.acked.length} written`,
    );

    // The restored directory starts as a server: history and uploads are served (BAK9).
    await app.close();
    const { app: again } = await makeApp({ dataDir: restoredDir });
    const page = await again.inject({
      method: 'GET',
      url: '/api/v1/conversations/C2Cbob/messages',
      headers: bearer(sigs.amy ?? ''),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ messageList: unknown[] }>().messageList.length).toBeGreaterThan(0);
    for (const [i, f] of files.entries()) {
      const res = await again.inject({ method: 'GET', url: f.url, headers: bearer(sigs.amy ?? '') });
      expect(res.statusCode, f.url).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(0);
      expect(res.rawPayload.equals(served[i] as Buffer), f.url).toBe(true);
    }
  }, 600_000);
});
