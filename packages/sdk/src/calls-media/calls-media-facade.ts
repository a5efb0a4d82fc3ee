/**
 * Calls' media: the ICE servers peer connections use (decision 0039). A Parley extension, not in the reference API:
 * the reference's call kit gets its servers from the vendor's cloud; here the server hands out STUN and coturn TURN
 * with short-lived credentials (CALL1–CALL5).
 */
import { CALL_MEDIA_ROUTES, type IceServer, type IceServers } from '@parley/protocol';
import { type ChatResponse, ChatError, ok } from '../core/errors.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function isIceServer(v: unknown): v is IceServer {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    isStrings(s.urls) &&
    (s.username === undefined || typeof s.username === 'string') &&
    (s.credential === undefined || typeof s.credential === 'string')
  );
}

/** The server's answer is checked before a peer connection gets it (an odd entry would make RTCPeerConnection throw). */
function checked(body: unknown): IceServers {
  const b = body as Partial<IceServers> | null;
  if (!b || !Array.isArray(b.iceServers) || !b.iceServers.every(isIceServer) || !Number.isInteger(b.ttlSeconds)) {
    throw ChatError.from('NETWORK_ERROR', undefined, { reason: 'malformed ICE servers answer' });
  }
  const iceTransportPolicy = b.iceTransportPolicy === 'relay' ? 'relay' : 'all';
  return { iceServers: b.iceServers, ttlSeconds: b.ttlSeconds as number, iceTransportPolicy };
}

export class CallsMediaPart {
  readonly host: SdkHost;
  #cached: { value: IceServers; until: number } | null = null;
  #epoch = 0;

  constructor(host: SdkHost) {
    this.host = host;
  }

  /**
   * KCALL1: kept for half the credentials' lifetime, so placing or answering a call costs no extra round trip and a
   * call started just before expiry still has half the TTL to allocate its relay. No TURN (TTL 0): asked each time.
   */
  async iceServers(): Promise<IceServers> {
    const now = Date.now();
    if (this.#cached && now < this.#cached.until) return structuredClone(this.#cached.value);
    const epoch = this.#epoch;
    const value = checked(await this.host.http.get<unknown>(CALL_MEDIA_ROUTES.iceServers));
    if (epoch === this.#epoch && value.ttlSeconds > 0) {
      this.#cached = { value, until: now + (value.ttlSeconds * 1000) / 2 };
    }
    return structuredClone(value);
  }

  /** Credentials name the user: another login must never reuse them. */
  reset(): void {
    this.#cached = null;
    this.#epoch += 1;
  }
}

/** getCallIceServers (Parley extension, KCALL1): `{code: 0, data: {iceServers, ttlSeconds}}`. */
export const callsMediaFeature = defineFeature({
  name: 'callsMedia',
  create: (host: SdkHost): CallsMediaPart => new CallsMediaPart(host),
  methods: {
    getCallIceServers(): Promise<ChatResponse<IceServers>> {
      return this.host.guarded('getCallIceServers', async () => ok(await this.iceServers()));
    },
  },
  reset: (part) => part.reset(),
});
