/**
 * Reading a message ID out of a JSON frame without parsing it. The load generator timestamps every frame it gets;
 * a string and a parsed object per frame (three frames per message on Parley: the delivery, the ack and the echo to
 * the sender's own socket) kept its young generation churning, and its own collections then landed inside the
 * latency windows (bench/README.md, "The generator's own collections").
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The bytes of `text`, for Buffer.indexOf. */
export const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

/**
 * The string value of the first `"<key>":"…"` at or after `from` (`key` as `bytes('"ID":"')`), or undefined when
 * there is none or it holds an escape (then the caller parses the frame).
 */
export function stringAt(frame: Buffer, key: Buffer, from = 0): string | undefined {
  const at = frame.indexOf(key, from);
  if (at < 0) return undefined;
  const start = at + key.length;
  const end = frame.indexOf(QUOTE, start);
  if (end < 0) return undefined;
  const escaped = frame.indexOf(BACKSLASH, start);
  if (escaped >= 0 && escaped < end) return undefined;
  return frame.toString('latin1', start, end);
}
