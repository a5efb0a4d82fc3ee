import type { PushEvent, ServerFrame, WireMessage } from '@parley/protocol';

/**
 * A WebSocket the test plays the server side of: it records what the SDK sends and lets the test deliver frames,
 * say hello, or drop the connection. Every instance is kept in `FakeSocket.all` (cleared by `FakeSocket.reset`).
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  /** New sockets say hello by themselves (as the server does once subscribed) unless a test turns this off. */
  static autoHello = true;
  /** The protocol new sockets say hello with: 1 sends over HTTP, 2 takes send frames (SDK60). */
  static protocol = 1;

  readonly url: string;
  readyState = 0;
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
    if (FakeSocket.autoHello) queueMicrotask(() => this.hello());
  }

  static reset(): void {
    FakeSocket.all = [];
    FakeSocket.autoHello = true;
    FakeSocket.protocol = 1;
  }

  static get last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }

  // The server's side

  hello(userID = 'zhangwei', protocol = FakeSocket.protocol): void {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: 'hello', userID, serverTime: Date.now() + 60_000, protocol });
  }

  /** The send frames the SDK wrote on this socket, parsed. */
  get sendFrames(): { type: 'send'; ref: string; message: { ID: string; to: string; clientTime: number } }[] {
    return this.sent.map((s) => JSON.parse(s)).filter((f) => f.type === 'send');
  }

  frame(frame: ServerFrame): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  event(event: PushEvent): void {
    this.frame({ type: 'event', event });
  }

  message(message: WireMessage): void {
    this.event({ type: 'message.new', message });
  }

  drop(code = 1006): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let clock = 1_700_000_000;

/** A stored message as the server sends it. */
export function wire(fields: Partial<WireMessage> & { from: string; to: string; sequence: number }): WireMessage {
  clock += 1;
  return {
    ID: `${fields.from}-${clock}-${fields.sequence}`,
    conversationType: 'C2C',
    time: clock,
    clientTime: clock,
    type: 'TIMTextElem',
    payload: { text: `m${fields.sequence}` },
    cloudCustomData: '',
    nick: `${fields.from}-nick`,
    avatar: '',
    nameCard: '',
    priority: 'Normal',
    needReadReceipt: false,
    atUserList: [],
    isRevoked: false,
    isModified: false,
    isDeleted: false,
    onlineOnly: false,
    ...fields,
  };
}
