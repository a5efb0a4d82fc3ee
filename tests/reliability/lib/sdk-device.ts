import TencentCloudChat, { type ChatSDK, type Message } from '@parley/chat';
import WebSocket from 'ws';
import type { Delivered, Device, DeviceOptions } from './device.ts';

/** Shorter delays than a browser tab's, so stalls are noticed and reconnects happen within the run. */
const TIMING = {
  reconnectBaseMs: 50,
  reconnectCapMs: 1000,
  heartbeatMs: 1000,
  deadAfterMs: 4000,
  connectTimeoutMs: 5000,
  gapGraceMs: 100,
};
const APP_ID_BASE = 1_400_000;

/**
 * R1's device backed by the real SDK (`@parley/chat`), as an application would use it: createTextMessage +
 * sendMessage, MESSAGE_RECEIVED, NET_STATE_CHANGE. Reconnect, catch-up and resend are the SDK's own.
 */
export class SdkDevice implements Device {
  private readonly chat: ChatSDK;
  connected = false;
  connects = 0;

  constructor(private readonly o: DeviceOptions) {
    this.chat = TencentCloudChat.create({
      SDKAppID: APP_ID_BASE + o.index,
      serverURL: `http://127.0.0.1:${o.port}`,
      WebSocket: WebSocket as unknown as NonNullable<Parameters<typeof TencentCloudChat.create>[0]['WebSocket']>,
      timing: TIMING,
    });
    this.chat.setLogLevel(4);
    this.chat.on(TencentCloudChat.EVENT.MESSAGE_RECEIVED, (e) => {
      for (const m of e.data) o.onMessage(m);
    });
    this.chat.on(TencentCloudChat.EVENT.NET_STATE_CHANGE, (e) => {
      const up = e.data.state === TencentCloudChat.TYPES.NET_STATE_CONNECTED;
      if (up && !this.connected) this.connects += 1;
      this.connected = up;
    });
  }

  get userID(): string {
    return this.o.userID;
  }

  async start(): Promise<void> {
    // SDK_READY follows login's resolution in a later task (CMP1): sends wait for it.
    const ready = new Promise<void>((resolve) => this.chat.once(TencentCloudChat.EVENT.SDK_READY, () => resolve()));
    await this.chat.login({ userID: this.o.userID, userSig: this.o.userSig });
    await ready;
  }

  async send(to: string, text: string, deadlineAt: number, onID: (ID: string) => void) {
    const message = this.chat.createTextMessage({
      to,
      conversationType: TencentCloudChat.TYPES.CONV_C2C,
      payload: { text },
    });
    onID(message.ID);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, deadlineAt - Date.now()));
    });
    try {
      // A refusal (or the session ending at close) leaves the message unacknowledged, never unhandled.
      const sent = this.chat.sendMessage(message).then(
        (r) => delivered(r.data.message),
        () => undefined,
      );
      return await Promise.race([sent, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The SDK catches up by itself on every reconnect; a conversation list read is the nearest public call. */
  async syncAll(): Promise<void> {
    await this.chat.getConversationList();
  }

  async close(): Promise<void> {
    await this.chat.logout().catch(() => undefined);
    await this.chat.destroy();
  }
}

function delivered(m: Message): Delivered {
  return { ID: m.ID, from: m.from, to: m.to, sequence: m.sequence };
}
