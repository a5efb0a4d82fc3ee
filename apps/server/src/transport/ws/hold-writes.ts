import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

const held = new WeakSet<Socket>();

/**
 * Holds a socket's writes until the current turn's callbacks have run (decision 0020: one `writev` per socket per
 * batch instead of one per frame). A committed batch acks each message and pushes it to both users, all in
 * the same turn; corking the TCP socket until the next tick sends those frames together. Frames keep their order.
 */
export function holdWrites(ws: WebSocket): void {
  const raw = (ws as unknown as { _socket?: Socket })._socket;
  if (!raw || held.has(raw) || raw.destroyed) return;
  held.add(raw);
  raw.cork();
  process.nextTick(() => {
    held.delete(raw);
    raw.uncork();
  });
}
