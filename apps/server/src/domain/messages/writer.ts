import type { SendDraft, SendOutcome, SendStore } from './send-port.ts';

interface Pending {
  draft: SendDraft;
  resolve: (outcome: SendOutcome) => void;
  reject: (err: unknown) => void;
}

/** Past this many drafts a batch is cut, so one transaction stays short even after a stall. */
const MAX_BATCH = 512;

/**
 * Group commit (issue 12 §2, rules SP1–SP4). One writer per storage: every send that arrived while the previous
 * batch was being written goes into the next batch, one transaction. Nothing waits to fill a batch: the first
 * send after a quiet moment is written on the next turn of the event loop (setImmediate, so the sends read from
 * the same socket reads join it), alone if it is alone. Outcomes are handed back only after the commit; a batch
 * whose transaction fails is written again one draft at a time, so one failure never takes the others with it.
 *
 * A store with `pipelineDepth` above 1 (PostgreSQL, SP7) gets the next batch while the previous one's commit is
 * still on its way, up to that many at once; the store keeps them consistent. Outcomes are still handed back in
 * the order the batches were taken, each after its own commit, so acks and pushes keep the order of the sends.
 */
export class SendWriter {
  readonly #queue: Pending[] = [];
  #scheduled = false;
  #inFlight = 0;
  /** Settles when the latest batch taken has handed back its outcomes. */
  #handedBack: Promise<void> = Promise.resolve();
  readonly #depth: number;
  /** Sizes of the batches written so far (the last 1,000), for tests and diagnostics. */
  readonly batchSizes: number[] = [];
  /** The most batches that were in flight at once (SP7), for tests and diagnostics. */
  peakInFlight = 0;

  constructor(private readonly store: SendStore) {
    this.#depth = Math.max(1, store.pipelineDepth ?? 1);
  }

  submit(draft: SendDraft): Promise<SendOutcome> {
    return new Promise<SendOutcome>((resolve, reject) => {
      this.#queue.push({ draft, resolve, reject });
      this.#kick();
    });
  }

  #kick(): void {
    if (this.#inFlight >= this.#depth || this.#scheduled || this.#queue.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#take();
    });
  }

  #take(): void {
    while (this.#inFlight < this.#depth && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      this.#inFlight += 1;
      this.peakInFlight = Math.max(this.peakInFlight, this.#inFlight);
      const previous = this.#handedBack;
      const handedBack = this.#write(batch, previous).finally(() => {
        this.#inFlight -= 1;
        this.#kick();
      });
      this.#handedBack = handedBack;
    }
  }

  /** Writes the batch, waits until the batch before it has handed back its outcomes, then hands back its own. */
  async #write(batch: Pending[], previous: Promise<void>): Promise<void> {
    this.batchSizes.push(batch.length);
    if (this.batchSizes.length > 1000) this.batchSizes.splice(0, 500);
    const settle: (() => void)[] = [];
    try {
      const outcomes = await this.store.appendBatch(batch.map((p) => p.draft));
      batch.forEach((p, i) => {
        const outcome = outcomes[i];
        settle.push(outcome ? () => p.resolve(outcome) : () => p.reject(new Error('no outcome for a draft')));
      });
    } catch (err) {
      if (batch.length === 1) settle.push(() => batch[0]?.reject(err));
      else for (const p of batch) settle.push(await this.#alone(p));
    }
    await previous;
    for (const f of settle) f();
  }

  /** A draft of a failed batch, written again on its own; what it still fails with is its answer. */
  async #alone(p: Pending): Promise<() => void> {
    try {
      const [outcome] = await this.store.appendBatch([p.draft]);
      return outcome ? () => p.resolve(outcome) : () => p.reject(new Error('no outcome for a draft'));
    } catch (err) {
      return () => p.reject(err);
    }
  }
}
