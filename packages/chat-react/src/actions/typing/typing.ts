import { TYPING } from '@parley/protocol';

/** What a message needs of the SDK's Message here (the kit never imports server types). */
export interface TypingMessageLike {
  type: string;
  payload: Record<string, unknown>;
  cloudCustomData: string;
  time: number;
}

/** The custom data of a typing signal (seed 000 §3): status 1 while typing, 0 when it stopped. */
export function typingData(status: 0 | 1): string {
  return JSON.stringify({
    businessID: TYPING.businessID,
    typingStatus: status,
    version: 1,
    userAction: status === 1 ? 14 : 0,
    actionParam: status === 1 ? 'EIMAMSG_InputStatus_Ing' : 'EIMAMSG_InputStatus_End',
  });
}

function parse(json: unknown): Record<string, unknown> | undefined {
  if (typeof json !== 'string' || json === '') return undefined;
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The typing status a message signals, or undefined when it is not a typing signal (never listed, KACT6). */
export function typingStatusOf(m: TypingMessageLike): 0 | 1 | undefined {
  if (m.type !== 'TIMCustomElem') return undefined;
  const data = parse(m.payload.data);
  if (data?.businessID !== TYPING.businessID) return undefined;
  return data.typingStatus === 1 ? 1 : 0;
}

/** The `cloudCustomData` every one-to-one message of the kit carries: the peer may send typing signals back. */
export const MESSAGE_FEATURE = { messageFeature: { needTyping: 1, version: 1 } } as const;

export function wantsTyping(m: TypingMessageLike): boolean {
  const feature = parse(m.cloudCustomData)?.messageFeature as { needTyping?: unknown } | undefined;
  return feature?.needTyping === 1;
}

/**
 * When to send typing signals in a one-to-one chat (seed 000 §4, rule KACT6): status 1 while the input has text,
 * re-sent at most every 4 s; 0 once when it empties or loses focus; nothing unless the peer's last message is
 * under 30 s old and carries `messageFeature.needTyping`. `now` is injected so tests use a fake clock.
 */
export class TypingSender {
  #peerAt = Number.NEGATIVE_INFINITY;
  #peerWants = false;
  #lastSent = Number.NEGATIVE_INFINITY;
  #typing = false;

  constructor(
    private readonly send: (status: 0 | 1) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Each incoming message of the peer (its `time` is in seconds, as the SDK gives it). */
  peerMessage(m: TypingMessageLike): void {
    if (typingStatusOf(m) !== undefined) return;
    this.#peerAt = m.time * 1000;
    this.#peerWants = wantsTyping(m);
  }

  input(text: string): void {
    if (text === '') {
      this.stop();
      return;
    }
    const now = this.now();
    if (!this.#peerWants || now - this.#peerAt >= TYPING.peerRecentMs) return;
    if (this.#typing && now - this.#lastSent < TYPING.resendMs) return;
    this.#typing = true;
    this.#lastSent = now;
    this.send(1);
  }

  /** Input emptied, blurred, sent, or the conversation changed. */
  stop(): void {
    if (!this.#typing) return;
    this.#typing = false;
    this.#lastSent = Number.NEGATIVE_INFINITY;
    this.send(0);
  }
}

/** The header's 'typing…' state: on with each status-1 signal, off on 0 or 5 s after the last signal. */
export class TypingIndicator {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #typing = false;

  constructor(private readonly onChange: (typing: boolean) => void) {}

  get typing(): boolean {
    return this.#typing;
  }

  received(status: 0 | 1): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (status === 1) this.#timer = setTimeout(() => this.#set(false), TYPING.clearMs);
    this.#set(status === 1);
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #set(typing: boolean): void {
    if (typing === this.#typing) return;
    this.#typing = typing;
    this.onChange(typing);
  }
}
