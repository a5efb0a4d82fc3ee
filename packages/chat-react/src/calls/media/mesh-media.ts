/** The mesh implementation of CallMedia (decision 0039): one RTCPeerConnection per other participant. */
import type { CallMedia, CallMediaOptions, MediaSnapshot, PeerBytes, Quality, RemotePeer } from './call-media.ts';
import { MeshPeer, type PeerSignal } from './mesh-peer.ts';
import { bytesOf, qualityOf } from './peer-stats.ts';

/** A mesh sends every stream to every peer: four participants (three uplinks each) is where it stays usable. */
export const MESH_MAX_PARTICIPANTS = 4;

/** What the mesh takes from the browser; tests give doubles. */
export interface MeshEnv {
  readonly PeerConnection: new (config: RTCConfiguration) => RTCPeerConnection;
  readonly mediaDevices: Pick<MediaDevices, 'getUserMedia'> & Partial<Pick<MediaDevices, 'getDisplayMedia'>>;
  readonly warn: (err: unknown) => void;
  /** How often link quality is read (ms); 0: never (tests). */
  readonly statsEveryMs: number;
}

export function browserMeshEnv(): MeshEnv | null {
  if (typeof RTCPeerConnection === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return {
    PeerConnection: RTCPeerConnection,
    mediaDevices: navigator.mediaDevices,
    warn: (err) => console.warn('call media:', err),
    statsEveryMs: 2000,
  };
}

function parse(data: string): PeerSignal | null {
  try {
    const value = JSON.parse(data) as PeerSignal;
    return typeof value === 'object' && value !== null && ('d' in value || 'c' in value) ? value : null;
  } catch {
    return null;
  }
}

export class MeshMedia implements CallMedia {
  readonly #options: CallMediaOptions;
  readonly #env: MeshEnv;
  readonly #peers = new Map<string, MeshPeer>();
  readonly #listeners = new Set<() => void>();
  /** Signals that arrived before the microphone opened, replayed once it has. */
  readonly #early: [string, PeerSignal][] = [];
  #local: MediaStream | null = null;
  #camera: MediaStreamTrack | null = null;
  #screen: MediaStreamTrack | null = null;
  #snapshot: MediaSnapshot = { local: null, peers: [], micOn: true, cameraOn: true, sharing: false };
  #timer: ReturnType<typeof setInterval> | undefined;
  #closed = false;

  constructor(options: CallMediaOptions, env: MeshEnv) {
    this.#options = options;
    this.#env = env;
    this.#snapshot = { ...this.#snapshot, cameraOn: options.kind === 'video' };
  }

  snapshot = (): MediaSnapshot => this.#snapshot;

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(patch: Partial<MediaSnapshot> = {}): void {
    const peers: RemotePeer[] = [...this.#peers].map(([userID, p]) => ({
      userID,
      stream: p.stream,
      state: p.state,
      quality: p.quality,
    }));
    this.#snapshot = { ...this.#snapshot, ...patch, local: this.#local, peers };
    for (const listener of [...this.#listeners]) listener();
  }

  async open(): Promise<void> {
    const video = this.#options.kind === 'video';
    const stream = await this.#env.mediaDevices.getUserMedia({ audio: true, video });
    if (this.#closed) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    this.#local = stream;
    this.#camera = stream.getVideoTracks()[0] ?? null;
    this.#changed();
    for (const [from, signal] of this.#early.splice(0)) this.#peer(from).receive(signal);
    if (this.#env.statsEveryMs > 0) this.#timer = setInterval(() => void this.#readQuality(), this.#env.statsEveryMs);
  }

  #peer(userID: string): MeshPeer {
    const known = this.#peers.get(userID);
    if (known) return known;
    if (!this.#local) throw new Error('call media is not open');
    const pc = new this.#env.PeerConnection({
      iceServers: [...this.#options.iceServers],
      iceTransportPolicy: this.#options.iceTransportPolicy ?? 'all',
    });
    const peer = new MeshPeer(pc, this.#local, this.#options.selfID > userID, {
      send: (signal) => this.#options.send(userID, JSON.stringify(signal)),
      changed: () => this.#changed(),
      warn: this.#env.warn,
      lost: () => this.#options.lost?.(userID),
    });
    this.#peers.set(userID, peer);
    this.#changed();
    return peer;
  }

  connect(userID: string): void {
    if (this.#closed || userID === this.#options.selfID || !this.#local) return;
    this.#peer(userID);
  }

  receive(fromUserID: string, data: string): void {
    const signal = parse(data);
    if (this.#closed || !signal || fromUserID === this.#options.selfID) return;
    if (!this.#local) this.#early.push([fromUserID, signal]);
    else this.#peer(fromUserID).receive(signal);
  }

  reconnect(): void {
    for (const peer of this.#peers.values()) peer.restart();
  }

  drop(userID: string): void {
    this.#peers.get(userID)?.close();
    this.#peers.delete(userID);
    this.#changed();
  }

  setMic(on: boolean): void {
    for (const track of this.#local?.getAudioTracks() ?? []) track.enabled = on;
    this.#changed({ micOn: on });
  }

  setCamera(on: boolean): void {
    if (this.#camera) this.#camera.enabled = on;
    this.#changed({ cameraOn: on && this.#camera !== null });
  }

  async switchDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<void> {
    const local = this.#local;
    if (!local) return;
    const audio = kind === 'audioinput';
    const got = await this.#env.mediaDevices.getUserMedia(
      audio ? { audio: { deviceId: { exact: deviceId } } } : { video: { deviceId: { exact: deviceId } } },
    );
    const track = (audio ? got.getAudioTracks() : got.getVideoTracks())[0];
    if (!track) return;
    const old = audio ? local.getAudioTracks()[0] : this.#camera;
    track.enabled = audio ? this.#snapshot.micOn : this.#snapshot.cameraOn;
    if (!audio) this.#camera = track;
    // While the screen is shared the camera is swapped in again only when sharing stops.
    if (audio || !this.#screen) {
      await Promise.all(
        [...this.#peers.values()].map((p) => p.sender(track.kind as 'audio' | 'video')?.replaceTrack(track)),
      );
    }
    if (old) {
      local.removeTrack(old);
      old.stop();
    }
    local.addTrack(track);
    this.#local = new MediaStream(local.getTracks());
    this.#changed();
  }

  async shareScreen(on: boolean): Promise<void> {
    const getDisplayMedia = this.#env.mediaDevices.getDisplayMedia?.bind(this.#env.mediaDevices);
    if (on && !this.#screen && getDisplayMedia && this.#camera) {
      const stream = await getDisplayMedia({ video: true, audio: false });
      const track = stream.getVideoTracks()[0];
      if (!track) return;
      this.#screen = track;
      // The browser's own "stop sharing" button ends the track: the camera comes back.
      track.onended = () => void this.shareScreen(false);
      await Promise.all([...this.#peers.values()].map((p) => p.sender('video')?.replaceTrack(track)));
      this.#changed({ sharing: true });
    } else if (!on && this.#screen) {
      const screen = this.#screen;
      this.#screen = null;
      await Promise.all([...this.#peers.values()].map((p) => p.sender('video')?.replaceTrack(this.#camera)));
      screen.stop();
      this.#changed({ sharing: false });
    }
  }

  async bytes(): Promise<PeerBytes[]> {
    return Promise.all([...this.#peers].map(async ([userID, p]) => bytesOf(userID, await p.pc.getStats())));
  }

  async #readQuality(): Promise<void> {
    let changed = false;
    for (const peer of this.#peers.values()) {
      const quality: Quality = peer.state === 'connected' ? qualityOf(await peer.pc.getStats()) : 0;
      if (quality !== peer.quality) {
        peer.quality = quality;
        changed = true;
      }
    }
    if (changed && !this.#closed) this.#changed();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    for (const peer of this.#peers.values()) peer.close();
    this.#peers.clear();
    for (const track of this.#local?.getTracks() ?? []) track.stop();
    this.#screen?.stop();
    this.#local = null;
    this.#changed();
  }
}
