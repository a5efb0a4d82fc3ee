import type WebSocket from 'ws';
import type { Sender, Target } from './targets.ts';
import { closeAll } from './ws-open.ts';

export interface Pair {
  from: string;
  to: string;
}

let runs = 0;

/**
 * A message ID prefix unique in this process. Parley stores one message per (sender, ID) and answers a
 * reused ID with the stored copy without pushing it again, so every case needs IDs of its own.
 */
export function runTag(kind: string, target: string): string {
  runs += 1;
  return `${kind}${runs}-${target}`;
}

/** 100 bytes of text per message (GUIDE §6). */
export const TEXT = 'm'.repeat(100);

/**
 * Senders and receivers for a set of one-to-one pairs on one target. Every delivery on any receiver
 * socket is reported to the current sink with its arrival time.
 */
export class Mesh {
  private sink: ((id: string, at: number) => void) | undefined;

  private constructor(
    readonly target: Target,
    readonly pairs: readonly Pair[],
    private readonly senders: Sender[],
    private readonly receivers: WebSocket[],
  ) {}

  static async open(target: Target, pairs: readonly Pair[]): Promise<Mesh> {
    const receivers: WebSocket[] = [];
    const senders: Sender[] = [];
    const mesh = new Mesh(target, pairs, senders, receivers);
    for (const p of pairs) {
      const ws = await target.connect(p.to);
      ws.on('message', (data: Buffer) => {
        const at = performance.now();
        const id = target.deliveredID(data);
        if (id !== undefined) mesh.sink?.(id, at);
      });
      receivers.push(ws);
      senders.push(await target.sender(p.from));
    }
    return mesh;
  }

  onDelivery(sink: ((id: string, at: number) => void) | undefined): void {
    this.sink = sink;
  }

  send(pairIndex: number, id: string): void {
    const pair = this.pairs[pairIndex];
    const sender = this.senders[pairIndex];
    if (pair && sender) sender.send(pair.to, id, TEXT);
  }

  async close(): Promise<void> {
    for (const s of this.senders) s.close();
    await closeAll(this.receivers);
  }
}

/** Start times of messages in flight; a delivery turns one into a latency sample. */
export class Tracker {
  private readonly starts = new Map<string, number>();
  readonly latencies: number[] = [];
  delivered = 0;
  recording = true;

  constructor(private readonly onDelivered?: (id: string) => void) {}

  started(id: string, at = performance.now()): void {
    this.starts.set(id, at);
  }

  deliver(id: string, at: number): void {
    const start = this.starts.get(id);
    if (start === undefined) return;
    this.starts.delete(id);
    if (this.recording) {
      this.latencies.push(at - start);
      this.delivered += 1;
    }
    this.onDelivered?.(id);
  }

  get inFlight(): number {
    return this.starts.size;
  }
}

/** Waits (bounded) until nothing is in flight, so the next measurement starts from a quiet server. */
export async function drain(tracker: Tracker, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (tracker.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
