import WebSocket from 'ws';
import { within } from './app.ts';

export interface OpenSocket {
  ws: WebSocket;
  /** Frames received so far, parsed. */
  frames: unknown[];
  /** Resolves with the first frame that matches. */
  next: (match: (frame: Record<string, unknown>) => boolean, ms?: number) => Promise<Record<string, unknown>>;
  /** Resolves with the close code once the socket has closed. */
  closed: Promise<number>;
}

/** Opens a client socket and resolves once it is open; rejects on a refused upgrade or an error. */
export async function openSocket(url: string, options: WebSocket.ClientOptions = {}): Promise<OpenSocket> {
  const ws = new WebSocket(url, options);
  const frames: unknown[] = [];
  const waiters: {
    match: (frame: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Record<string, unknown>;
    frames.push(frame);
    for (const w of waiters.splice(0)) {
      if (w.match(frame)) w.resolve(frame);
      else waiters.push(w);
    }
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await within(
    new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused with ${res.statusCode}`)));
      ws.once('error', reject);
    }),
    5000,
    `the socket to ${url} to open`,
  );
  const next = (match: (frame: Record<string, unknown>) => boolean, ms = 5000) => {
    const seen = frames.find((f) => match(f as Record<string, unknown>));
    if (seen) return Promise.resolve(seen as Record<string, unknown>);
    return within(new Promise<Record<string, unknown>>((resolve) => waiters.push({ match, resolve })), ms, 'a frame');
  };
  return { ws, frames, next, closed };
}

/** Resolves with the HTTP status of a refused upgrade and its body; rejects if the socket opens. */
export function refusedUpgrade(
  url: string,
  options: WebSocket.ClientOptions = {},
): Promise<{ status: number; body: string }> {
  const ws = new WebSocket(url, options);
  ws.on('error', () => undefined);
  return within(
    new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.terminate();
        reject(new Error('the upgrade was accepted'));
      });
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => {
          ws.terminate();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
    }),
    5000,
    `the upgrade to ${url} to be refused`,
  );
}
