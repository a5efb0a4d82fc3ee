/**
 * The media port of a call (decision 0039): what the call UI asks of whatever moves audio and video. The mesh
 * (mesh-media.ts) is one implementation; a selective forwarding unit adapter would be another, with the same
 * methods: the UI and the call store never see RTCPeerConnection. Signalling is the caller's: `send` hands an
 * opaque string to the SDK's relay (sendCallMediaSignal) and `receive` takes what arrived from a peer.
 */

export type CallKind = 'audio' | 'video';

/** How well the link to one peer does, from its statistics (KCALL12): 0 unknown, 1 bad … 4 good. */
export type Quality = 0 | 1 | 2 | 3 | 4;

export interface RemotePeer {
  readonly userID: string;
  readonly stream: MediaStream | null;
  /** 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed', as RTCPeerConnection says. */
  readonly state: string;
  readonly quality: Quality;
}

export interface MediaSnapshot {
  readonly local: MediaStream | null;
  readonly peers: readonly RemotePeer[];
  readonly micOn: boolean;
  readonly cameraOn: boolean;
  readonly sharing: boolean;
}

/** Bytes received from and sent to one peer so far, per kind (tests and the network indicator read them). */
export interface PeerBytes {
  readonly userID: string;
  readonly audioIn: number;
  readonly videoIn: number;
  readonly audioOut: number;
  readonly videoOut: number;
  /** The candidate pair in use: 'host', 'srflx', 'prflx' or 'relay' (the local side), '' before one is chosen. */
  readonly localCandidate: string;
}

export interface CallMediaOptions {
  readonly selfID: string;
  readonly kind: CallKind;
  readonly iceServers: readonly RTCIceServer[];
  /** 'relay' forces every path through TURN (tests; a deployment that must hide addresses). */
  readonly iceTransportPolicy?: RTCIceTransportPolicy;
  /** Sends one signal to one peer through the server's relay (≤ 16 KB, KCALL10). */
  readonly send: (userID: string, data: string) => void;
  /** The connection to a peer stayed down past every restart's chance (KCALL39); the call decides what follows. */
  readonly lost?: (userID: string) => void;
}

export interface CallMedia {
  /** Opens the microphone (and camera for video); rejects with the browser's error (NotAllowedError, NotFoundError). */
  open(): Promise<void>;
  /** Starts or keeps a connection with a peer; both sides call it, whoever is first. */
  connect(userID: string): void;
  /** A signal a peer sent (its SDP or an ICE candidate). */
  receive(fromUserID: string, data: string): void;
  /** This device's network came back: every connection that is not up restarts ICE (KCALL34). */
  reconnect(): void;
  /** The peer left the call. */
  drop(userID: string): void;
  setMic(on: boolean): void;
  setCamera(on: boolean): void;
  /** Replaces the microphone or camera with another device, on every peer, without renegotiating. */
  switchDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<void>;
  /** Sends the screen instead of the camera until stopped (desktop browsers; KCALL9). */
  shareScreen(on: boolean): Promise<void>;
  bytes(): Promise<PeerBytes[]>;
  readonly snapshot: () => MediaSnapshot;
  subscribe(listener: () => void): () => void;
  /** Stops every track and closes every connection. */
  close(): void;
}

/** May load the media code first (PERF5: the browser's mesh loads with the first call, not with the chat). */
export type CallMediaFactory = (options: CallMediaOptions) => CallMedia | Promise<CallMedia>;
