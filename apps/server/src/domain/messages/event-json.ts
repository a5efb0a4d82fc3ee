import type { BusEvent } from '../bus.ts';

const texts = new WeakMap<BusEvent, string>();

/**
 * An event published with its JSON already known (a new message's is its stored wire JSON, rule HIST2), so the
 * push layer does not serialise it again: on this node the bus hands subscribers the same object. Through Redis
 * the object is rebuilt, has no entry here, and is serialised as before.
 */
export function withJSON<T extends BusEvent>(event: T, json: string): T {
  texts.set(event, json);
  return event;
}

/** The event's JSON: the known text, or a fresh serialisation. */
export function eventJSON(event: BusEvent): string {
  return texts.get(event) ?? JSON.stringify(event);
}
