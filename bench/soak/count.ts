/**
 * The soak's exact count (WuKongIM's method): a message is expected at every member of its conversation but its
 * sender once its send resolved; lost = expected and never received, duplicated = received more than once,
 * unexpected = received and not expected. A failed send's message, should it arrive anyway, is not unexpected.
 */

export interface Sent {
  id: string;
  from: string;
  to: readonly string[];
  failed: boolean;
}

/** What one client's MESSAGE_RECEIVED gave it: message ID → times. */
export interface Receiver {
  userID: string;
  got: ReadonlyMap<string, number>;
}

export function countDeliveries(sent: readonly Sent[], receivers: readonly Receiver[]) {
  const failedIDs = new Set(sent.filter((s) => s.failed).map((s) => s.id));
  const expectedAt = new Map<string, Set<string>>();
  for (const s of sent) {
    if (s.failed) continue;
    for (const u of s.to) expectedAt.set(u, (expectedAt.get(u) ?? new Set<string>()).add(s.id));
  }
  let expectedDeliveries = 0;
  let received = 0;
  let lost = 0;
  let duplicated = 0;
  let unexpected = 0;
  const examples: string[] = [];
  const example = (line: string) => {
    if (examples.length < 10) examples.push(line);
  };
  for (const c of receivers) {
    const expected = expectedAt.get(c.userID) ?? new Set<string>();
    expectedDeliveries += expected.size;
    for (const id of expected) {
      if (c.got.has(id)) continue;
      lost += 1;
      example(`lost ${id} at ${c.userID}`);
    }
    for (const [id, times] of c.got) {
      received += times;
      if (times > 1) {
        duplicated += times - 1;
        example(`duplicated ${id} ×${times} at ${c.userID}`);
      }
      if (!expected.has(id) && !failedIDs.has(id)) {
        unexpected += 1;
        example(`unexpected ${id} at ${c.userID}`);
      }
    }
  }
  return { failedSends: failedIDs.size, expectedDeliveries, received, lost, duplicated, unexpected, examples };
}
