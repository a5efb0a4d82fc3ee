import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type WebSocket from 'ws';
import { type ServerProcess, freePort, rssBytes, startParley } from '../lib/processes.ts';
import { latency, ratio, round } from '../lib/stats.ts';
import { createParleyUsers } from '../lib/targets.ts';
import { closeAll, openUntilHello } from '../lib/ws-open.ts';

/**
 * Uploads (decision 0016). `image-upload-send-deliver`: a closed loop of `concurrency` clients, each uploading a
 * 1 MB JPEG (`POST /api/v1/uploads/image`: sniffed, measured, two derivatives made by sharp, stored by hash), then
 * sending the image message built from the answer, counted when the receiver's push socket gets it; beside it the
 * raw speed of writing 1 MB files (write + fsync) to the same file system in the same run.
 * `large-upload-memory`: one 500 MB file streamed to `POST /api/v1/uploads/file` while the server's VmRSS is
 * sampled every 20 ms: the peak above the reading before shows whether the body is streamed or buffered.
 */
const MB = 1024 * 1024;
const boundary = `----parley-bench-${randomUUID()}`;

function multipartHead(name: string, type: string): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}
const multipartTail = Buffer.from(`\r\n--${boundary}--\r\n`);

/** POSTs a multipart upload whose file part is `size` bytes produced by `chunks`; resolves with the JSON answer. */
function upload(
  port: number,
  userSig: string,
  kind: string,
  file: { name: string; type: string; size: number; chunks: () => Iterable<Buffer> },
  agent: http.Agent | false,
): Promise<Record<string, unknown>> {
  const head = multipartHead(file.name, file.type);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/uploads/${kind}`,
        agent,
        headers: {
          authorization: `Bearer ${userSig}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + file.size + multipartTail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    const it = file.chunks()[Symbol.iterator]();
    const pump = () => {
      for (let next = it.next(); !next.done; next = it.next())
        if (!req.write(next.value)) return void req.once('drain', pump);
      req.end(multipartTail);
    };
    pump();
  });
}

function postMessage(port: number, userSig: string, body: unknown, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/messages',
        agent,
        headers: { authorization: `Bearer ${userSig}`, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`send ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A noisy JPEG close to 1 MB (noise keeps the encoder from making it small). */
async function jpegOfAboutOneMB(): Promise<Buffer> {
  let side = 900;
  let out = Buffer.alloc(0);
  for (let i = 0; i < 6; i += 1) {
    out = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    if (Math.abs(out.length - MB) < 0.05 * MB) break;
    side = Math.round(side * Math.sqrt(MB / out.length));
  }
  return out;
}

/** Raw disk speed in the same run: 1 MB files written and fsynced one by one, in the system's temp directory. */
function rawDiskWrite(durationMs: number): { filesPerSec: number; mbPerSec: number } {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-disk-'));
  const chunk = randomBytes(MB);
  const start = performance.now();
  let n = 0;
  try {
    while (performance.now() - start < durationMs) {
      const fd = openSync(join(dir, `f${n}`), 'w');
      writeSync(fd, chunk);
      fsyncSync(fd);
      closeSync(fd);
      n += 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const s = (performance.now() - start) / 1000;
  return { filesPerSec: round(n / s), mbPerSec: round(n / s) };
}

async function imageLoop(server: ServerProcess, sigs: Map<string, string>, durationMs: number, concurrency: number) {
  const jpeg = await jpegOfAboutOneMB();
  const receiver = await openUntilHello(
    `ws://127.0.0.1:${server.port}/ws?userSig=${encodeURIComponent(sigs.get('up_b') ?? '')}`,
  );
  const waiting = new Map<string, () => void>();
  receiver.on('message', (data) => {
    const frame = String(data);
    if (!frame.includes('"message.new"')) return;
    const id = (JSON.parse(frame) as { event: { message: { ID: string } } }).event.message.ID;
    waiting.get(id)?.();
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const sig = sigs.get('up_a') ?? '';
  let done = 0;
  let errors = 0;
  const uploadMs: number[] = [];
  const sendDeliverMs: number[] = [];
  const one = async () => {
    const t0 = performance.now();
    const answer = await upload(
      server.port,
      sig,
      'image',
      { name: 'photo.jpg', type: 'image/jpeg', size: jpeg.length, chunks: () => [jpeg] },
      agent,
    );
    const t1 = performance.now();
    const ID = randomUUID();
    const delivered = new Promise<void>((resolve) => waiting.set(ID, resolve));
    const payload = { imageFormat: answer.imageFormat, uuid: answer.uuid, imageInfoArray: answer.imageInfoArray };
    await postMessage(
      server.port,
      sig,
      { ID, conversationType: 'C2C', to: 'up_b', type: 'TIMImageElem', payload },
      agent,
    );
    await delivered;
    waiting.delete(ID);
    uploadMs.push(t1 - t0);
    sendDeliverMs.push(performance.now() - t1);
  };
  // Warm-up: sharp's first run and the connections.
  await one();
  uploadMs.length = 0;
  sendDeliverMs.length = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - start < durationMs) {
        try {
          await one();
          done += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const s = (performance.now() - start) / 1000;
  agent.destroy();
  await closeAll([receiver as WebSocket]);
  return {
    jpegBytes: jpeg.length,
    uploadsPerSec: round(done / s),
    mbPerSec: round((done * jpeg.length) / MB / s),
    errors,
    uploadMs: latency(uploadMs),
    sendDeliverMs: latency(sendDeliverMs),
  };
}

async function largeUpload(server: ServerProcess, userSig: string, sizeMB: number) {
  const block = randomBytes(MB);
  const before = rssBytes(server.pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(server.pid));
  }, 20);
  const start = performance.now();
  try {
    await upload(
      server.port,
      userSig,
      'file',
      {
        name: 'big.bin',
        type: 'application/octet-stream',
        size: sizeMB * MB,
        chunks: function* () {
          for (let i = 0; i < sizeMB; i += 1) yield block;
        },
      },
      false,
    );
  } finally {
    clearInterval(timer);
  }
  const s = (performance.now() - start) / 1000;
  return {
    sizeMB,
    seconds: round(s),
    mbPerSec: round(sizeMB / s),
    rssBeforeMB: round(before / MB),
    rssPeakMB: round(peak / MB),
    peakDeltaMB: round((peak - before) / MB),
  };
}

export async function uploadLines(
  emit: (line: Record<string, unknown>) => void,
  o: { durationMs: number; concurrency: number; largeMB: number },
): Promise<void> {
  const port = await freePort();
  const server = await startParley(port, undefined, { PARLEY_UPLOAD_FILE_MB: String(o.largeMB + 100) });
  try {
    const sigs = await createParleyUsers(port, ['up_a', 'up_b']);
    const disk = rawDiskWrite(Math.min(o.durationMs, 3000));
    const img = await imageLoop(server, sigs, o.durationMs, o.concurrency);
    emit({
      benchmark: 'image-upload-send-deliver',
      unit: 'uploads/s and MB/s of 1 MB JPEGs (upload + derivatives + send + deliver, closed loop)',
      target: 'context: raw disk write (1 MB files, fsync) in the same run',
      concurrency: o.concurrency,
      durationMs: o.durationMs,
      parley: img,
      rawDiskWrite: disk,
      ratioMBPerSec: ratio(img.mbPerSec, disk.mbPerSec),
    });
    const large = await largeUpload(server, sigs.get('up_a') ?? '', o.largeMB);
    emit({
      benchmark: 'large-upload-memory',
      unit: 'MB of server VmRSS above the reading before, while one file is streamed in',
      target: 'flat: the peak delta far below the file size',
      parley: large,
      ratioPeakToFile: ratio(large.peakDeltaMB, o.largeMB),
    });
  } finally {
    await server.stop();
  }
}
