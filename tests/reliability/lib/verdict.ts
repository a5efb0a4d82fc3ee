import type { Delivered } from './device.ts';
import type { Ledger } from './ledger.ts';

export interface Verdict {
  lost: number;
  duplicated: number;
  unexpected: number;
  orderViolations: number;
}

/**
 * Judges what receivers got against what was sent and acknowledged: every acked message exactly once
 * at its receiver, nothing that was not sent (or not as acked), and per conversation, sequence order
 * equal to each sender's send order.
 */
export function judgeDeliveries(ledger: Ledger, lostNow = ledger.missing()): Verdict {
  const v: Verdict = { lost: lostNow, duplicated: 0, unexpected: 0, orderViolations: 0 };
  for (const [receiver, list] of ledger.received) {
    const seen = new Set<string>();
    const perSender = new Map<string, { seq: number; index: number }>();
    for (const m of list) {
      if (seen.has(m.ID)) {
        v.duplicated += 1;
        continue;
      }
      seen.add(m.ID);
      if (!isExpected(ledger, receiver, m)) {
        v.unexpected += 1;
        continue;
      }
      const index = ledger.sent.get(m.ID)?.index ?? -1;
      const prev = perSender.get(m.from);
      if (prev && (m.sequence <= prev.seq || index <= prev.index)) v.orderViolations += 1;
      perSender.set(m.from, { seq: m.sequence, index });
    }
  }
  return v;
}

/** Sent to this receiver, and if acknowledged, received with the acknowledged sequence. */
function isExpected(ledger: Ledger, receiver: string, m: Delivered): boolean {
  const sent = ledger.sent.get(m.ID);
  if (!sent || sent.to !== receiver || sent.from !== m.from) return false;
  const ack = ledger.acked.get(m.ID);
  return !ack || ack.sequence === m.sequence;
}
