/** What pinned group messages store (decision 0041): one row per pinned message of a group. */

export interface PinRow {
  groupID: string;
  /** The message's sequence in the group conversation. */
  seq: number;
  pinnedBy: string;
  /** Server seconds. */
  pinnedAt: number;
}

export interface PinsRepo {
  /** The group's pins, oldest first. */
  list(groupID: string): Promise<PinRow[]>;
  /** Adds the pin; false when the message was pinned already (the first pin is kept). */
  add(pin: PinRow): Promise<boolean>;
  /** Removes the pin; false when the message was not pinned. */
  remove(groupID: string, seq: number): Promise<boolean>;
}
