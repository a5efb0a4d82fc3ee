import type { WireMessage } from '@parley/protocol';
import type { Ledger } from './ledger.ts';
import type { Verdict } from './verdict.ts';

export interface HistoryVerdict extends Verdict {
  sequenceHoles: number;
  stored: number;
}

/**
 * Judges stored histories (one list per conversation, oldest first) against the ledger: every acked
 * message stored once at its acked sequence, sequences dense 1..n (rule SEQ1), nothing stored that
 * was not sent, and each sender's messages in send order.
 */
export function judgeHistories(histories: readonly WireMessage[][], ledger: Ledger): HistoryVerdict {
  const v: HistoryVerdict = { lost: 0, duplicated: 0, unexpected: 0, orderViolations: 0, sequenceHoles: 0, stored: 0 };
  const storedAt = new Map<string, number>();
  for (const history of histories) {
    v.stored += history.length;
    checkSequences(history, v);
    const lastIndex = new Map<string, number>();
    for (const m of history) {
      if (storedAt.has(m.ID)) v.duplicated += 1;
      storedAt.set(m.ID, m.sequence);
      const sent = ledger.sent.get(m.ID);
      if (!sent || sent.from !== m.from || sent.to !== m.to) {
        v.unexpected += 1;
        continue;
      }
      const prev = lastIndex.get(m.from);
      if (prev !== undefined && sent.index <= prev) v.orderViolations += 1;
      lastIndex.set(m.from, sent.index);
    }
  }
  for (const [id, ack] of ledger.acked) if (storedAt.get(id) !== ack.sequence) v.lost += 1;
  return v;
}

function checkSequences(history: readonly WireMessage[], v: HistoryVerdict): void {
  let expected = 1;
  for (const m of history) {
    if (m.sequence < expected) v.duplicated += 1;
    else {
      v.sequenceHoles += m.sequence - expected;
      expected = m.sequence + 1;
    }
  }
}
