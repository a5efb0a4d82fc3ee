import type { WebSocket } from 'ws';
import type { EventBus } from '../../domain/bus.ts';
import type { SocketSlots } from '../../domain/limits/ports.ts';
import { type Meter, NO_METER } from '../../domain/metrics/ports.ts';
import { userTopic } from '../../domain/context.ts';
import { eventJSON } from '../../domain/messages/event-json.ts';
import { CLOSE } from './close-codes.ts';
import type { GroupFanout } from './group-fanout.ts';
import { holdWrites } from './hold-writes.ts';

export interface UserSocketLimits {
  /** Push sockets per user, counted in `slots`: on every node together when they are shared (LIM3, SHR6). */
  maxPerUser: number;
  /** Bytes queued across one user's sockets (LIM4). */
  userQueueBytes: number;
  /** Bytes queued for one socket (WS3). */
  socketQueueBytes: number;
}

interface UserEntry {
  readonly sockets: Set<WebSocket>;
  /** Resolves once the user's one bus subscription on this node is active. */
  readonly subscription: Promise<() => Promise<void>>;
}

/** Closes a socket that cannot keep up; 1013 tells the client to reconnect (WS3). True when it was open. */
export function closeStuck(socket: WebSocket): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  socket.close(CLOSE.TRY_AGAIN, 'too slow: send queue full');
  return true;
}

/**
 * The push sockets of each user on this node. One bus subscription per user, however many sockets it has, and
 * each event is serialised once for all of them (LIM4); what is queued for the user's sockets together is
 * bounded, and the number of sockets per user is capped (LIM3). Other transports reach a user's sockets through
 * `socketsOf` (for instance to close a signed-out session's sockets).
 */
export class UserSockets {
  readonly #users = new Map<string, UserEntry>();
  /** Each registered socket's slot ID (SHR6). */
  readonly #slotOf = new WeakMap<WebSocket, string>();
  #nextSlot = 0;
  /** Group messages for this node's users (decision 0012), when wired. */
  groups: GroupFanout | undefined;
  /** Presence (decision 0017): told of a user's first socket on this node and of the last one gone. */
  presence: { connected(userID: string): void; disconnected(userID: string): void } | undefined;
  constructor(
    private readonly bus: EventBus,
    private readonly limits: UserSocketLimits,
    private readonly slots: SocketSlots,
    private readonly meter: Pick<Meter, 'messages' | 'slowConsumerDisconnects'> = NO_METER,
  ) {}

  /** Sends a serialised frame to every socket of a user on this node; `message`: a new message's, counted (MET1). */
  deliver(userID: string, frame: string, message = false): void {
    for (const s of this.#users.get(userID)?.sockets ?? []) {
      if (this.send(userID, s, frame) && message) this.meter.messages.delivered.inc();
    }
  }

  /** How many push sockets each user with one has on this node, for the metrics (MET6). */
  *socketCounts(): Generator<number> {
    for (const entry of this.#users.values()) yield entry.sockets.size;
  }

  /**
   * Registers an open socket; false when the user already has `maxPerUser` (the new one is not registered).
   * Resolves once events for the user reach it, so that nothing committed after `hello` is missed (WS1).
   */
  async add(userID: string, socket: WebSocket): Promise<boolean> {
    this.#nextSlot += 1;
    const slot = String(this.#nextSlot);
    if (!(await this.slots.claim(userID, slot, this.limits.maxPerUser))) return false;
    // Closed while the slot was claimed: its close already passed `remove`.
    if (socket.readyState !== socket.OPEN) {
      await this.slots.release(userID, slot);
      return false;
    }
    this.#slotOf.set(socket, slot);
    let entry = this.#users.get(userID);
    if (!entry) {
      const sockets = new Set<WebSocket>();
      const groups = this.groups;
      const subscription = this.bus
        .subscribe(userTopic(userID), (event) => {
          groups?.onUserEvent(userID, event);
          const frame = `{"type":"event","event":${eventJSON(event)}}`;
          const message = event.type === 'message.new';
          for (const s of sockets) {
            if (this.send(userID, s, frame) && message) this.meter.messages.delivered.inc();
          }
        })
        .then(async (unsubscribe) => {
          await groups?.addUser(userID);
          return unsubscribe;
        });
      entry = { sockets, subscription };
      this.#users.set(userID, entry);
      this.presence?.connected(userID);
    }
    entry.sockets.add(socket);
    try {
      await entry.subscription;
    } catch (err) {
      this.remove(userID, socket);
      throw err;
    }
    return true;
  }

  remove(userID: string, socket: WebSocket): void {
    const entry = this.#users.get(userID);
    if (!entry?.sockets.delete(socket)) return;
    const slot = this.#slotOf.get(socket);
    if (slot !== undefined) void this.slots.release(userID, slot).catch(() => undefined);
    if (entry.sockets.size > 0) return;
    this.#users.delete(userID);
    this.groups?.removeUser(userID);
    this.presence?.disconnected(userID);
    void entry.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }

  socketsOf(userID: string): readonly WebSocket[] {
    return [...(this.#users.get(userID)?.sockets ?? [])];
  }

  /**
   * Sends a serialised frame to one of the user's sockets within the socket's and the user's queue budgets; false
   * when it was not written (closed, or closed now for being too slow).
   */
  send(userID: string, socket: WebSocket, frame: string): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > this.limits.socketQueueBytes) {
      this.#closeSlow(socket);
      return false;
    }
    const sockets = this.#users.get(userID)?.sockets;
    if (sockets) this.#withinUserBudget(sockets, frame.length);
    if (socket.readyState !== socket.OPEN) return false;
    holdWrites(socket);
    socket.send(frame);
    return true;
  }

  #closeSlow(socket: WebSocket): void {
    if (closeStuck(socket)) this.meter.slowConsumerDisconnects.inc();
  }

  /** Closes the user's most backed-up open sockets until `extra` more bytes fit in the user's budget. */
  #withinUserBudget(sockets: Set<WebSocket>, extra: number): void {
    let queued = extra;
    for (const s of sockets) queued += s.bufferedAmount;
    if (queued <= this.limits.userQueueBytes) return;
    const open = [...sockets].filter((s) => s.readyState === s.OPEN && s.bufferedAmount > 0);
    open.sort((a, b) => b.bufferedAmount - a.bufferedAmount);
    for (const s of open) {
      if (queued <= this.limits.userQueueBytes) return;
      queued -= s.bufferedAmount;
      this.#closeSlow(s);
    }
  }
}
