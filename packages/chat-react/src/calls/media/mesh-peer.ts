/** One peer connection of the mesh, negotiated the "perfect negotiation" way so either side may offer (KCALL11). */

export interface PeerSignal {
  /** A session description (offer or answer). */
  d?: RTCSessionDescriptionInit;
  /** A trickled ICE candidate; null marks the end of candidates. */
  c?: RTCIceCandidateInit | null;
}

export interface MeshPeerHooks {
  send(signal: PeerSignal): void;
  changed(): void;
  warn(err: unknown): void;
  /** The connection has been down (disconnected or failed) for LOST_AFTER_MS in a row: give the peer up (KCALL39). */
  lost(): void;
}

/** Automatic ICE restarts in a row before the peer waits for the network to come back (KCALL11, KCALL34). */
export const MAX_RESTARTS = 3;
/** How long ICE may stay 'disconnected' (a blip often heals by itself) before it is restarted (KCALL34). */
export const DISCONNECTED_GRACE_MS = 2000;
/**
 * How long a connection that was up may stay down, restarts and all, before the call gives the peer up (KCALL39):
 * long enough for a phone to walk from Wi-Fi to mobile data and for three restarts, short enough that a call whose
 * other side is gone for good ends on its own with a record instead of hanging on a frozen picture.
 */
export const LOST_AFTER_MS = 30_000;

/**
 * Both sides add their tracks at once and may offer at the same time; the polite side (the greater user ID) yields
 * to a colliding offer and the impolite one ignores the other's, so a call never stalls in glare. Signals are
 * handled one after another (a candidate must not overtake the description it belongs to). ICE that fails, or stays
 * disconnected past a grace, is restarted (KCALL11, KCALL34): the next offer carries new credentials and both sides
 * gather again. The relay loses what is sent to a peer that is offline (SIG34), so the impolite side that ignores a
 * colliding offer sends its own pending one again (KCALL35), and `restart()` (the network came back) drops an offer
 * nobody answered before offering anew.
 */
export class MeshPeer {
  readonly pc: RTCPeerConnection;
  stream: MediaStream | null = null;
  quality: 0 | 1 | 2 | 3 | 4 = 0;
  readonly #polite: boolean;
  readonly #hooks: MeshPeerHooks;
  #makingOffer = false;
  #ignoreOffer = false;
  #queue: Promise<void> = Promise.resolve();
  #restarts = 0;
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  #lostTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #graceMs: number;
  readonly #lostMs: number;

  constructor(
    pc: RTCPeerConnection,
    local: MediaStream,
    polite: boolean,
    hooks: MeshPeerHooks,
    graceMs = DISCONNECTED_GRACE_MS,
    lostMs = LOST_AFTER_MS,
  ) {
    this.#graceMs = graceMs;
    this.#lostMs = lostMs;
    this.pc = pc;
    this.#polite = polite;
    this.#hooks = hooks;
    for (const track of local.getTracks()) pc.addTrack(track, local);
    pc.onnegotiationneeded = () => void this.#offer();
    pc.onicecandidate = (event) => hooks.send({ c: event.candidate ? event.candidate.toJSON() : null });
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? this.stream ?? new MediaStream();
      if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      this.stream = stream;
      hooks.changed();
    };
    pc.onconnectionstatechange = () => hooks.changed();
    pc.oniceconnectionstatechange = () => this.#iceChanged();
  }

  #iceChanged(): void {
    const ice = this.pc.iceConnectionState;
    clearTimeout(this.#graceTimer);
    const down = ice === 'disconnected' || ice === 'failed';
    // Counted from the first moment down: a restart's 'checking' does not reset it, only 'connected' does (KCALL39).
    if (down && this.#lostTimer === undefined) {
      this.#lostTimer = setTimeout(() => {
        if (this.pc.signalingState !== 'closed') this.#hooks.lost();
      }, this.#lostMs);
    }
    if (ice === 'connected' || ice === 'completed') {
      this.#restarts = 0;
      clearTimeout(this.#lostTimer);
      this.#lostTimer = undefined;
    } else if (ice === 'failed') this.#autoRestart();
    else if (ice === 'disconnected') {
      this.#graceTimer = setTimeout(() => {
        if (this.pc.iceConnectionState === 'disconnected') this.#autoRestart();
      }, this.#graceMs);
    }
    this.#hooks.changed();
  }

  #autoRestart(): void {
    if (this.#restarts >= MAX_RESTARTS) return;
    this.#restarts += 1;
    this.#restartNow();
  }

  /**
   * Restarts ICE now unless the connection is up (KCALL34): called when this device's network came back. An offer of
   * ours still unanswered may have been lost on the way: it is rolled back first so a fresh one goes out.
   */
  restart(): void {
    const ice = this.pc.iceConnectionState;
    if (ice === 'connected' || ice === 'completed' || this.pc.signalingState === 'closed') return;
    this.#restarts = 0;
    this.#restartNow();
  }

  #restartNow(): void {
    this.#queue = this.#queue
      .then(async () => {
        if (this.pc.signalingState === 'have-local-offer') await this.pc.setLocalDescription({ type: 'rollback' });
        this.pc.restartIce();
      })
      .catch((err: unknown) => this.#hooks.warn(err));
  }

  get state(): string {
    return this.pc.connectionState;
  }

  async #offer(): Promise<void> {
    try {
      this.#makingOffer = true;
      await this.pc.setLocalDescription();
      if (this.pc.localDescription) this.#hooks.send({ d: this.pc.localDescription.toJSON() });
    } catch (err) {
      this.#hooks.warn(err);
    } finally {
      this.#makingOffer = false;
    }
  }

  receive(signal: PeerSignal): void {
    this.#queue = this.#queue.then(() => this.#handle(signal)).catch((err: unknown) => this.#hooks.warn(err));
  }

  async #handle(signal: PeerSignal): Promise<void> {
    const pc = this.pc;
    if (signal.d) {
      const collision = signal.d.type === 'offer' && (this.#makingOffer || pc.signalingState !== 'stable');
      this.#ignoreOffer = !this.#polite && collision;
      if (this.#ignoreOffer) {
        // The polite side offered because it never got ours (lost while it was offline): it yields to this one.
        if (pc.signalingState === 'have-local-offer' && pc.localDescription)
          this.#hooks.send({ d: pc.localDescription.toJSON() });
        return;
      }
      await pc.setRemoteDescription(signal.d);
      if (signal.d.type === 'offer') {
        await pc.setLocalDescription();
        if (pc.localDescription) this.#hooks.send({ d: pc.localDescription.toJSON() });
      }
    } else if (signal.c !== undefined) {
      try {
        await pc.addIceCandidate(signal.c ?? undefined);
      } catch (err) {
        // Candidates of an offer this side ignored fail to apply; that is expected.
        if (!this.#ignoreOffer) throw err;
      }
    }
  }

  /** The sender of one kind of track, to swap devices or the screen in without renegotiation. */
  sender(kind: 'audio' | 'video'): RTCRtpSender | undefined {
    return this.pc.getSenders().find((s) => s.track?.kind === kind);
  }

  close(): void {
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.oniceconnectionstatechange = null;
    clearTimeout(this.#graceTimer);
    clearTimeout(this.#lostTimer);
    this.pc.close();
  }
}
