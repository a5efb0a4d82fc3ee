import type { PushEvent } from '@parley/protocol';
import type { Ledger } from '../lib/ledger.ts';
import { type Rand, fork } from '../lib/prng.ts';
import { PushSocket } from '../lib/push-socket.ts';
import { waitFor } from '../lib/wait.ts';

/**
 * One push socket per user, straight to the server (no proxy), counting `message.new` per message ID
 * at its receiver: a retry must never publish the message again (rule M1).
 */
export class PushCounter {
  private readonly sockets: PushSocket[] = [];
  private readonly counts = new Map<string, number>();

  async connect(port: number, sigs: Map<string, string>, rand: Rand): Promise<void> {
    for (const [userID, userSig] of sigs) {
      const onEvent = (e: PushEvent) => {
        if (e.type !== 'message.new' || e.message.to !== userID || e.message.from === userID) return;
        this.counts.set(e.message.ID, (this.counts.get(e.message.ID) ?? 0) + 1);
      };
      this.sockets.push(new PushSocket({ port, userSig, rand: fork(rand), onHello: () => undefined, onEvent }));
    }
    for (const s of this.sockets) s.start();
    await waitFor(() => this.sockets.every((s) => s.connected), { timeoutMs: 15_000, what: 'push sockets' });
  }

  /** Acked messages not pushed to their receiver (yet). */
  missing(ledger: Ledger): number {
    let n = 0;
    for (const id of ledger.acked.keys()) if (!this.counts.has(id)) n += 1;
    return n;
  }

  duplicates(): number {
    let n = 0;
    for (const c of this.counts.values()) n += c - 1;
    return n;
  }

  close(): void {
    for (const s of this.sockets) s.close();
  }
}
