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
}

/**
 * Both sides add their tracks at once and may offer at the same time; the polite side (the greater user ID) yields
 * to a colliding offer and the impolite one ignores the other's, so a call never stalls in glare. Signals are
 * handled one after another (a candidate must not overtake the description it belongs to). A connection that
 * fails restarts ICE (KCALL11): the next offer carries new credentials and both sides gather again.
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

  constructor(pc: RTCPeerConnection, local: MediaStream, polite: boolean, hooks: MeshPeerHooks) {
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
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' && this.#restarts < 3) {
        this.#restarts += 1;
        pc.restartIce();
      }
      if (pc.connectionState === 'connected') this.#restarts = 0;
      hooks.changed();
    };
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
      if (this.#ignoreOffer) return;
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
    this.pc.close();
  }
}
