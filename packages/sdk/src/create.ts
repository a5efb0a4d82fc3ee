import { ChatSDK } from './chat.ts';
import { resolveTiming } from './core/timing.ts';
import type { WebSocketConstructor } from './transport/ws.ts';
import type { CreateOptions } from './types.ts';

/** One instance per SDKAppID until it is destroyed (reference §2.1). */
const instances = new Map<number, ChatSDK>();

function parseAppID(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * `TencentCloudChat.create`. A numeric SDKAppID is typed as always succeeding, mirroring TIM's typings, so code
 * written for TIM compiles unchanged; a string may not parse, and then the result is null.
 */
export function create(options: CreateOptions & { SDKAppID: number }): ChatSDK;
export function create(options: CreateOptions): ChatSDK | null;
export function create(options: CreateOptions): ChatSDK | null {
  const SDKAppID = parseAppID(options?.SDKAppID);
  if (SDKAppID === null) {
    console.error('[parley] create: SDKAppID is required and must be a positive integer');
    return null;
  }
  const existing = instances.get(SDKAppID);
  if (existing) return existing;

  const chat: ChatSDK = new ChatSDK(
    {
      SDKAppID,
      serverURL: options.serverURL ?? globalThis.location?.origin ?? '',
      // Resolved per call, not captured: a test or polyfill may install fetch after create().
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      // Browsers (and Node 22+) have a global WebSocket; Node 20 needs one injected (the `ws` package's works).
      WebSocket: () => options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ?? undefined,
      timing: resolveTiming(options.timing),
      random: Math.random,
    },
    () => {
      if (instances.get(SDKAppID) === chat) instances.delete(SDKAppID);
    },
  );
  instances.set(SDKAppID, chat);
  return chat;
}
