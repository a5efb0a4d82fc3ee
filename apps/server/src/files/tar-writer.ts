/** A streaming tar (POSIX ustar + pax) writer for the personal-data archive (decision 0051, PDAT1). */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveEntry, WrittenEntry } from '../domain/accounts/personal-data-ports.ts';

export type { ArchiveEntry, WrittenEntry };

const BLOCK = 512;
const enc = new TextEncoder();

function field(buf: Buffer, offset: number, length: number, value: string): void {
  buf.write(value.slice(0, length), offset, length, 'utf8');
}

function octal(buf: Buffer, offset: number, length: number, value: number): void {
  field(buf, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

/** A 512-byte ustar header; `type` '0' a file, 'x' a pax header for the member after it. */
function header(name: string, size: number, mtime: number, type: '0' | 'x'): Buffer {
  const h = Buffer.alloc(BLOCK);
  field(h, 0, 100, name);
  octal(h, 100, 8, 0o644);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, mtime);
  h.fill(0x20, 148, 156);
  field(h, 156, 1, type);
  field(h, 257, 6, 'ustar\0');
  field(h, 263, 2, '00');
  let sum = 0;
  for (const b of h) sum += b;
  field(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

const padding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record `"<len> path=<value>\n"`, its length counting itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return Buffer.from(`${len}${body}`, 'utf8');
}

/** Header blocks for a member: a pax header first when the name is not short ASCII or the size is over 8 GB. */
function headersFor(path: string, size: number, mtime: number): Buffer[] {
  const ascii = /^[\x20-\x7e]{1,99}$/.test(path);
  const big = size >= 8 ** 11;
  if (ascii && !big) return [header(path, size, mtime, '0')];
  const records = Buffer.concat([paxRecord('path', path), ...(big ? [paxRecord('size', String(size))] : [])]);
  const shortName = `PaxHeaders/${path.replace(/[^\x20-\x7e]/g, '_').slice(-80)}`;
  return [
    header(shortName, records.length, mtime, 'x'),
    records,
    padding(records.length),
    header(path.replace(/[^\x20-\x7e]/g, '_').slice(-99), big ? 0 : size, mtime, '0'),
  ];
}

/**
 * The archive as a byte stream: entries one after another, each read only when the reader asks for more, so memory
 * holds one chunk whatever the archive's size. `onWritten` hears of each member once written (the manifest lists
 * them). Spool files live under `spoolDir` and are removed however the stream ends.
 */
export async function* tarStream(
  entries: AsyncIterable<ArchiveEntry>,
  spoolDir: string,
  mtime: number,
  onWritten: (e: WrittenEntry) => void = () => {},
): AsyncGenerator<Uint8Array> {
  for await (const entry of entries) {
    if ('bytes' in entry) {
      yield* headersFor(entry.path, entry.bytes.length, mtime);
      yield entry.bytes;
      yield padding(entry.bytes.length);
      onWritten({ path: entry.path, bytes: entry.bytes.length });
    } else if ('stream' in entry) {
      yield* headersFor(entry.path, entry.size, mtime);
      let sent = 0;
      for await (const chunk of entry.stream()) {
        sent += chunk.length;
        if (sent > entry.size) throw new Error(`${entry.path} is longer than its size`);
        yield chunk;
      }
      if (sent !== entry.size) throw new Error(`${entry.path} is shorter than its size`);
      yield padding(entry.size);
      onWritten({ path: entry.path, bytes: entry.size });
    } else {
      await mkdir(spoolDir, { recursive: true, mode: 0o700 });
      const spool = join(spoolDir, `${randomBytes(12).toString('hex')}.spool`);
      try {
        const out = createWriteStream(spool, { flags: 'wx', mode: 0o600 });
        let failed: Error | undefined;
        out.on('error', (err) => {
          failed ??= err;
        });
        for await (const line of entry.lines()) {
          if (!out.write(enc.encode(`${line}\n`))) await once(out, 'drain');
          if (failed) throw failed;
        }
        out.end();
        await once(out, 'close');
        if (failed) throw failed;
        const size = (await stat(spool)).size;
        yield* headersFor(entry.path, size, mtime);
        for await (const chunk of createReadStream(spool)) yield chunk as Buffer;
        yield padding(size);
        onWritten({ path: entry.path, bytes: size });
      } finally {
        await rm(spool, { force: true });
      }
    }
  }
  // The end of an archive: two zero blocks.
  yield Buffer.alloc(BLOCK * 2);
}
