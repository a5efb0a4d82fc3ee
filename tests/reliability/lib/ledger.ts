import type { Delivered } from './device.ts';

export interface SentRecord {
  ID: string;
  from: string;
  to: string;
  /** Position in the sender's send order to this receiver. */
  index: number;
}

/** What every actor did: sends attempted, acks received, messages delivered to each receiver. */
export class Ledger {
  readonly sent = new Map<string, SentRecord>();
  readonly acked = new Map<string, Delivered>();
  readonly received = new Map<string, Delivered[]>();
  private readonly perPair = new Map<string, number>();
  private readonly expectedBy = new Map<string, Set<string>>();
  private readonly gotBy = new Map<string, Set<string>>();

  recordSent(ID: string, from: string, to: string): void {
    const pair = `${from}>${to}`;
    const index = this.perPair.get(pair) ?? 0;
    this.perPair.set(pair, index + 1);
    this.sent.set(ID, { ID, from, to, index });
  }

  recordAck(m: Delivered): void {
    this.acked.set(m.ID, m);
    const set = this.expectedBy.get(m.to) ?? new Set<string>();
    set.add(m.ID);
    this.expectedBy.set(m.to, set);
  }

  recordReceived(receiver: string, m: Delivered): void {
    const list = this.received.get(receiver) ?? [];
    list.push(m);
    this.received.set(receiver, list);
    const set = this.gotBy.get(receiver) ?? new Set<string>();
    set.add(m.ID);
    this.gotBy.set(receiver, set);
  }

  /** Acked messages their receiver has not got yet. */
  missing(): number {
    return this.missingIDs().length;
  }

  /** How many of these acked IDs their receiver has not got yet (R4: what was acked before a node died). */
  missingOf(IDs: Iterable<string>): number {
    let n = 0;
    for (const ID of IDs) {
      const m = this.acked.get(ID);
      if (m && !this.gotBy.get(m.to)?.has(ID)) n += 1;
    }
    return n;
  }

  /** The IDs behind `missing()`, as `receiver:ID`, so a run that loses something says which. */
  missingIDs(): string[] {
    const out: string[] = [];
    for (const [receiver, expected] of this.expectedBy) {
      const got = this.gotBy.get(receiver);
      for (const id of expected) if (!got?.has(id)) out.push(`${receiver}:${id}`);
    }
    return out;
  }
}
