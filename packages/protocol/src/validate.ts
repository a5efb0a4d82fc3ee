import { Compile } from 'typebox/compile';
import { MESSAGE_TYPE } from './constants.ts';
import { CustomPayloadSchema, FacePayloadSchema, LocationPayloadSchema, TextPayloadSchema } from './schemas/message.ts';

const checkers = {
  [MESSAGE_TYPE.TEXT]: Compile(TextPayloadSchema),
  [MESSAGE_TYPE.CUSTOM]: Compile(CustomPayloadSchema),
  [MESSAGE_TYPE.FACE]: Compile(FacePayloadSchema),
  [MESSAGE_TYPE.LOCATION]: Compile(LocationPayloadSchema),
} as const;

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
  return undefined;
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

/** UTF-8 size of what a message carries, for the 8 KB limit (seed 000 §5). */
export function messageBytes(payload: unknown, cloudCustomData = ''): number {
  return utf8Length(JSON.stringify(payload)) + utf8Length(cloudCustomData);
}
