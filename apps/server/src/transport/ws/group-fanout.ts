import type { BusEvent, EventBus } from '../../domain/bus.ts';
import { eventJSON } from '../../domain/messages/event-json.ts';

interface GroupEntry {
  readonly users: Set<string>;
  readonly subscription: Promise<() => Promise<void>>;
}

/**
 * Group fan-out on this node (rule GRP13). A group message is stored once and published once, to `group:<groupID>`;
 * every node subscribes to the groups of the users connected to it (one subscription per group, however many of
 * its members are here) and hands the serialised frame to those members' sockets. Membership changes reach the
 * node as `group.changed` events on the user's own topic.
 */
export class GroupFanout {
  readonly #groups = new Map<string, GroupEntry>();
  readonly #byUser = new Map<string, Set<string>>();

  constructor(
    private readonly bus: EventBus,
    private readonly deliver: (userID: string, frame: string, message: boolean) => void,
    private readonly groupsOf: (userID: string) => Promise<string[]>,
  ) {}

  /** A user's first socket on this node: resolves once its groups' events reach it. */
  async addUser(userID: string): Promise<void> {
    if (this.#byUser.has(userID)) return;
    this.#byUser.set(userID, new Set());
    const groupIDs = await this.groupsOf(userID);
    await Promise.all(groupIDs.map((g) => this.join(userID, g)));
  }

  removeUser(userID: string): void {
    const groups = this.#byUser.get(userID);
    this.#byUser.delete(userID);
    for (const groupID of groups ?? []) this.#drop(userID, groupID);
  }

  /** Called for every event on a connected user's topic: follows the user's joins and departures. */
  onUserEvent(userID: string, event: BusEvent): void {
    if (event.type !== 'group.changed' || typeof event.groupID !== 'string') return;
    if (event.isMember === true) void this.join(userID, event.groupID).catch(() => undefined);
    else if (event.isMember === false) this.leave(userID, event.groupID);
  }

  async join(userID: string, groupID: string): Promise<void> {
    const mine = this.#byUser.get(userID);
    if (!mine) return;
    mine.add(groupID);
    let entry = this.#groups.get(groupID);
    if (!entry) {
      const users = new Set<string>();
      const subscription = this.bus.subscribe(`group:${groupID}`, (event) => {
        const frame = `{"type":"event","event":${eventJSON(event)}}`;
        const message = event.type === 'message.new';
        for (const u of users) this.deliver(u, frame, message);
      });
      entry = { users, subscription };
      this.#groups.set(groupID, entry);
    }
    entry.users.add(userID);
    await entry.subscription;
  }

  leave(userID: string, groupID: string): void {
    this.#byUser.get(userID)?.delete(groupID);
    this.#drop(userID, groupID);
  }

  #drop(userID: string, groupID: string): void {
    const entry = this.#groups.get(groupID);
    if (!entry?.users.delete(userID) || entry.users.size > 0) return;
    this.#groups.delete(groupID);
    void entry.subscription.then((unsubscribe) => unsubscribe()).catch(() => undefined);
  }
}
