import { Compile } from 'typebox/compile';
import { MESSAGE_TYPE } from './constants.ts';
// Message actions (decision 0015): merged records are sendable.
import { InlineRelayPayloadSchema, RelayPayloadSchema, SimplifiedMessageSchema } from './actions/schemas.ts';
import { CustomPayloadSchema, FacePayloadSchema, LocationPayloadSchema, TextPayloadSchema } from './schemas/message.ts';
// Rich messages (decision 0016): media payload schemas and the URL check.
import { payloadUrlProblem } from './uploads/safe-url.ts';
import { AudioPayloadSchema, FilePayloadSchema, ImagePayloadSchema, VideoPayloadSchema } from './uploads/schemas.ts';

const checkers = {
  [MESSAGE_TYPE.TEXT]: Compile(TextPayloadSchema),
  [MESSAGE_TYPE.CUSTOM]: Compile(CustomPayloadSchema),
  [MESSAGE_TYPE.FACE]: Compile(FacePayloadSchema),
  [MESSAGE_TYPE.LOCATION]: Compile(LocationPayloadSchema),
  [MESSAGE_TYPE.IMAGE]: Compile(ImagePayloadSchema),
  [MESSAGE_TYPE.VIDEO]: Compile(VideoPayloadSchema),
  [MESSAGE_TYPE.AUDIO]: Compile(AudioPayloadSchema),
  [MESSAGE_TYPE.FILE]: Compile(FilePayloadSchema),
  [MESSAGE_TYPE.MERGER]: Compile(RelayPayloadSchema),
} as const;

const recordChecker = Compile(SimplifiedMessageSchema);
const inlineMergerChecker = Compile(InlineRelayPayloadSchema);

/**
 * Checks one merged record (reference SimplifiedMessage) at any nesting level (rule ABU31): its shape only, not its
 * bodies' payloads, which the caller checks with payloadProblem or mergerInlineProblem.
 */
export function mergerRecordProblem(record: unknown): string | undefined {
  return recordChecker.Check(record)
    ? undefined
    : 'not a merged record ({ID, from, time, messageBody: [{type, payload}]})';
}

/** Checks a nested merger given inline (its `messageList` present) inside merged records (rule ABU31). */
export function mergerInlineProblem(payload: unknown): string | undefined {
  return inlineMergerChecker.Check(payload) ? undefined : `payload does not match an inline ${MESSAGE_TYPE.MERGER}`;
}

/**
 * Checks a payload against the schema of its message type. Returns a reason when it is not acceptable,
 * undefined when it is. Shared by the server (authority) and the SDK (early, friendly errors).
 */
export function payloadProblem(type: string, payload: unknown): string | undefined {
  const checker = checkers[type as keyof typeof checkers];
  if (!checker) return `message type ${type} cannot be sent yet`;
  if (!checker.Check(payload)) return `payload does not match ${type}`;
  if (type === MESSAGE_TYPE.CUSTOM) {
    const p = payload as { data?: string; description?: string; extension?: string };
    if (!p.data && !p.description && !p.extension) return 'a custom message needs data, description or extension';
  }
  return payloadUrlProblem(type, payload as Record<string, unknown>);
}

/** UTF-8 length of a string, without depending on a platform encoder. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * What the 8 KB limit (seed 000 §5, rule M7) counts: the UTF-8 bytes of the user's content, that is every
 * string field of the payload (a text's `text`; a custom message's data, description and extension; a face's
 * data; a location's description) plus cloudCustomData. Field names, JSON quotes and escapes and numbers are
 * not the user's content and are not counted, so 8,192 ASCII characters or 2,730 Chinese ones (8,190 bytes)
 * fit. Only top-level fields: sendable payloads are flat, and a deep walk of hostile input would cost stack.
 */
export function messageBytes(payload: unknown, cloudCustomData = ''): number {
  let bytes = utf8Length(cloudCustomData);
  if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
    for (const value of Object.values(payload)) if (typeof value === 'string') bytes += utf8Length(value);
  }
  return bytes;
}
