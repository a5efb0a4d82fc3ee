import WebSocket from 'ws';
import type { Site } from './servers.ts';

export interface SocketOptions {
  userSig?: string | undefined;
  /** Raw query string instead of `userSig=` (token tricks). */
  query?: string | undefined;
  origin?: string | undefined;
  host?: string | undefined;
  localAddress?: string | undefined;
  timeoutMs?: number | undefined;
}

export interface Opened {
  /** 'hello': authenticated and subscribed; otherwise the refusal's HTTP status (0: network error). */
  outcome: 'hello' | number;
  socket?: PushClient;
}

/** A push socket that records every frame and its close code. */
export class PushClient {
  readonly frames: { type: string; [k: string]: unknown }[] = [];
  closeCode: number | undefined;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      try {
        const frame = JSON.parse(String(data)) as { type: string };
        this.frames.push(frame);
        if (frame.type === 'ping' && ws.readyState === WebSocket.OPEN) ws.send('{"type":"pong"}');
      } catch {
        this.frames.push({ type: 'unparsable' });
      }
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Every pushed text anywhere in the received events (leak checks search it). */
  get eventText(): string {
    return JSON.stringify(this.frames.filter((f) => f.type === 'event'));
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Opens `/ws` and waits for `hello` or the refusal; never rejects. */
export function openSocket(site: Site, o: SocketOptions): Promise<Opened> {
  const query = o.query ?? `userSig=${encodeURIComponent(o.userSig ?? '')}`;
  const headers: Record<string, string> = {};
  if (o.origin !== undefined) headers.origin = o.origin;
  if (o.host !== undefined) headers.host = o.host;
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Opened) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const ws = new WebSocket(`ws://127.0.0.1:${site.port}/ws?${query}`, {
      headers,
      localAddress: o.localAddress,
      handshakeTimeout: o.timeoutMs ?? 5000,
    });
    const client = new PushClient(ws);
    const timer = setTimeout(() => {
      ws.terminate();
      finish({ outcome: 0 });
    }, o.timeoutMs ?? 5000);
    ws.on('unexpected-response', (_req, res) => {
      finish({ outcome: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('error', () => finish({ outcome: 0 }));
    ws.on('close', () => finish({ outcome: 0 }));
    ws.on('message', () => {
      if (client.frames.some((f) => f.type === 'hello')) finish({ outcome: 'hello', socket: client });
    });
  });
}
