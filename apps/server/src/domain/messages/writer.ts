import { type Meter, NO_METER, secondsSince } from '../metrics/ports.ts';
import type { SendDraft, SendOutcome, SendStore } from './send-port.ts';

interface Pending {
  draft: SendDraft;
  /** performance.now() when the send was queued, for the commit latency (MET3). */
  at: number;
  resolve: (outcome: SendOutcome) => void;
  reject: (err: unknown) => void;
}

/** Past this many drafts a batch is cut, so one transaction stays short even after a stall. */
const MAX_BATCH = 512;

/**
 * Group commit (rules SP1–SP4). One writer per storage: every send that arrived while the previous
 * batch was being written goes into the next batch, one transaction. Nothing waits to fill a batch: the first
 * send after a quiet moment is written on the next turn of the event loop (setImmediate, so the sends read from
 * the same socket reads join it), alone if it is alone. Outcomes are handed back only after the commit; a batch
 * whose transaction fails is written again one draft at a time, so one failure never takes the others with it.
 */
export class SendWriter {
  readonly #queue: Pending[] = [];
  #scheduled = false;
  #running = false;
  /** Sizes of the batches written so far (the last 1,000), for tests and diagnostics. */
  readonly batchSizes: number[] = [];

  constructor(
    private readonly store: SendStore,
    private readonly meter: Pick<Meter, 'batchSize' | 'sendLatency'> = NO_METER,
  ) {}

  submit(draft: SendDraft): Promise<SendOutcome> {
    return new Promise<SendOutcome>((resolve, reject) => {
      this.#queue.push({ draft, at: performance.now(), resolve, reject });
      this.#kick();
    });
  }

  #kick(): void {
    if (this.#running || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) await this.#write(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#running = false;
    }
  }

  async #write(batch: Pending[]): Promise<void> {
    this.batchSizes.push(batch.length);
    if (this.batchSizes.length > 1000) this.batchSizes.splice(0, 500);
    this.meter.batchSize.observe(batch.length);
    let outcomes: SendOutcome[];
    try {
      outcomes = await this.store.appendBatch(batch.map((p) => p.draft));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const p of batch) await this.#write([p]);
      return;
    }
    const commit = this.meter.sendLatency.commit;
    batch.forEach((p, i) => {
      commit.observe(secondsSince(p.at));
      const outcome = outcomes[i];
      if (outcome) p.resolve(outcome);
      else p.reject(new Error('no outcome for a draft of the batch'));
    });
  }
}
