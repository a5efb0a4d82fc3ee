import type { PushEvent, ServerFrame } from '@parley/protocol';
import WebSocket from 'ws';
import type { Rand } from './prng.ts';
import { backoffMs } from './wait.ts';

export interface PushSocketOptions {
  port: number;
  userSig: string;
  rand: Rand;
  onHello: () => void;
  onEvent: (event: PushEvent) => void;
  /** Client ping period; a stalled or half-open link shows up as silence. */
  pingMs?: number;
  /** No frame for this long: the link is dead, drop it and reconnect. */
  deadMs?: number;
}

/**
 * The push WebSocket of one device: reconnects with jittered backoff until closed, answers the server's
 * pings, and reports every `hello` (a fresh subscription: time to catch up, rule SYNC2).
 */
export class PushSocket {
  connected = false;
  connects = 0;
  private closed = false;
  private attempt = 0;
  private ws: WebSocket | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly o: PushSocketOptions) {}

  start(): void {
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.ws?.terminate();
  }

  private connect(): void {
    const url = `ws://127.0.0.1:${this.o.port}/ws?userSig=${encodeURIComponent(this.o.userSig)}`;
    const ws = new WebSocket(url, { handshakeTimeout: 3000 });
    this.ws = ws;
    let lastFrame = Date.now();
    const ticker = setInterval(() => {
      if (Date.now() - lastFrame > (this.o.deadMs ?? 4000)) ws.terminate();
      else if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
    }, this.o.pingMs ?? 1000);
    ws.on('message', (data) => {
      lastFrame = Date.now();
      this.onFrame(ws, JSON.parse(String(data)) as ServerFrame);
    });
    // 'close' always follows 'error' in ws; reconnecting there covers both.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      clearInterval(ticker);
      this.connected = false;
      if (!this.closed) this.scheduleReconnect();
    });
  }

  private onFrame(ws: WebSocket, frame: ServerFrame): void {
    if (frame.type === 'hello') {
      this.connected = true;
      this.connects += 1;
      this.attempt = 0;
      this.o.onHello();
    } else if (frame.type === 'event') this.o.onEvent(frame.event);
    else if (frame.type === 'ping') ws.send('{"type":"pong"}');
  }

  private scheduleReconnect(): void {
    const wait = backoffMs(this.attempt, 25, 1000, this.o.rand());
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }
}
