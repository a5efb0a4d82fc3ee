/**
 * The call on this device (decision 0039): one at a time, driven by the SDK's signalling events and the user's
 * commands; the media (mesh or SFU) sits behind CallMedia. Components read `state`, `dialog` and `media`, never the
 * SDK (GUIDE §5.6).
 */
import { Store } from '../core/store.ts';
import type { CallMedia, CallKind, MediaSnapshot } from './media/call-media.ts';
import { type CallEnv, mediaProblem } from './call-env.ts';
import { type CallSdk, LINE_BUSY, RING_SECONDS, SIGNAL, callData, kindOfData } from './call-port.ts';

export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'active';

export interface CallState {
  readonly phase: CallPhase;
  readonly inviteID: string;
  readonly kind: CallKind;
  readonly groupID: string;
  readonly inviter: string;
  /** The others: the invitee of a one-to-one call, the members still in (or invited to) a group call. */
  readonly peers: readonly string[];
  /** When the first peer answered (ms, the env's clock); 0 before. */
  readonly startedAt: number;
}

/** What a dialog says about a call that could not start or failed (seed 000 §8, KCALL20–KCALL22). */
export type CallDialog =
  | { kind: 'absent' }
  | { kind: 'unsupported'; reason: 'nodevice' | 'denied' | 'nowebrtc' }
  | { kind: 'error'; message: string };

const IDLE: CallState = {
  phase: 'idle',
  inviteID: '',
  kind: 'audio',
  groupID: '',
  inviter: '',
  peers: [],
  startedAt: 0,
};
const NO_MEDIA: MediaSnapshot = { local: null, peers: [], micOn: true, cameraOn: false, sharing: false };

type Payload = Record<string, unknown>;
const field = (e: unknown, name: string): unknown => ((e as { data?: Payload })?.data ?? {})[name];
const text = (e: unknown, name: string) => String(field(e, name) ?? '');

const messageOf = (err: unknown): string =>
  (err as { message?: unknown })?.message ? String((err as { message: unknown }).message) : String(err);

export class CallStore extends Store<CallState> {
  readonly dialog = new DialogStore();
  readonly media = new MediaStore();
  readonly #sdk: CallSdk | null;
  readonly #selfID: () => string;
  #env: CallEnv;
  #call: CallMedia | null = null;
  /** Signals heard while my invite's answer was on its way (#onceKnown). */
  #early: [(e: unknown) => void, unknown][] = [];
  /** Called with the outcome line when a call of mine ends without being answered (KCALL16). */
  onEnded: (outcome: 'rejected' | 'busy' | 'timeout' | 'cancelled' | 'ended') => void = () => undefined;
  /** Called when an invitation of mine was accepted by the server (demo mode's 'call' task, decision 0054). */
  onPlaced: () => void = () => undefined;

  constructor(sdk: CallSdk | null, selfID: () => string, env: CallEnv) {
    super(IDLE);
    this.#sdk = sdk;
    this.#selfID = selfID;
    this.#env = env;
  }

  /** Tests and hosts replace the browser's pieces (media, clock, ring tone, notifications). */
  useEnv(env: CallEnv): void {
    this.#env = env;
  }

  /** The clock the call's start was read from (the duration shown counts from it). */
  now = (): number => this.#env.now();

  get available(): boolean {
    return this.#sdk !== null;
  }

  attach(): () => void {
    const sdk = this.#sdk;
    if (!sdk) return () => undefined;
    const handlers: [string, (e: unknown) => void][] = [
      [SIGNAL.NEW_INVITATION_RECEIVED, (e) => this.#invited(e)],
      [SIGNAL.INVITEE_ACCEPTED, (e) => this.#accepted(e)],
      [SIGNAL.INVITEE_REJECTED, (e) => this.#rejected(e)],
      [SIGNAL.INVITATION_CANCELLED, (e) => this.#mine(e) && this.#finish('cancelled')],
      [SIGNAL.INVITATION_TIMEOUT, (e) => this.#timedOut(e)],
      [SIGNAL.RINGING_STOPPED, (e) => this.#mine(e) && this.getSnapshot().phase === 'incoming' && this.#finish(null)],
      [SIGNAL.PARTICIPANT_LEFT, (e) => this.#left(e)],
      [SIGNAL.CALL_ENDED, (e) => this.#mine(e) && this.#finish('ended')],
      [SIGNAL.MEDIA_SIGNAL, (e) => this.#mine(e) && this.#call?.receive(text(e, 'fromUserID'), text(e, 'data'))],
    ];
    // Every signal but a new invitation is about a call of mine: held while my invite has not told its inviteID yet.
    const listened = handlers.map(([name, fn]): [string, (e: unknown) => void] =>
      name === SIGNAL.NEW_INVITATION_RECEIVED ? [name, fn] : [name, (e) => this.#onceKnown(fn, e)],
    );
    for (const [name, fn] of listened) sdk.addSignalingListener(name, fn);
    return () => {
      for (const [name, fn] of listened) sdk.removeSignalingListener(name, fn);
      this.#finish(null);
    };
  }

  /**
   * The push of a step may beat the HTTP answer of my invite (a busy device rejects at once, KCALL15; a quick accept
   * sends its offer): such a signal waits until the inviteID is known, then is heard like any other.
   */
  #onceKnown(fn: (e: unknown) => void, e: unknown): void {
    const call = this.getSnapshot();
    if (call.phase === 'outgoing' && call.inviteID === '' && text(e, 'inviteID') !== '') this.#early.push([fn, e]);
    else fn(e);
  }

  #mine(e: unknown): boolean {
    const id = this.getSnapshot().inviteID;
    return id !== '' && text(e, 'inviteID') === id;
  }

  /** Opens the microphone (and camera) before anyone is rung or an answer sent (KCALL21). */
  async #openMedia(kind: CallKind, inviteID: () => string): Promise<CallMedia | null> {
    const sdk = this.#sdk;
    if (!sdk) {
      this.dialog.show({ kind: 'absent' });
      return null;
    }
    const problem = mediaProblem(this.#env);
    if (problem) {
      this.dialog.show({ kind: 'unsupported', reason: problem });
      return null;
    }
    let media: CallMedia | null = null;
    try {
      const { data } = await sdk.getCallIceServers();
      media = await this.#env.createMedia({
        selfID: this.#selfID(),
        kind,
        iceServers: data.iceServers,
        iceTransportPolicy: this.#env.iceTransportPolicy ?? data.iceTransportPolicy ?? 'all',
        send: (userID, signal) =>
          void sdk.sendCallMediaSignal({ inviteID: inviteID(), userID, data: signal }).catch(this.#env.warn),
        lost: (userID) => this.#lost(userID),
      });
      await media.open();
      return media;
    } catch (err) {
      media?.close();
      const name = (err as { name?: string })?.name ?? '';
      if (name === 'NotAllowedError' || name === 'SecurityError') {
        this.dialog.show({ kind: 'unsupported', reason: 'denied' });
      } else if (name === 'NotFoundError' || name === 'OverconstrainedError') {
        this.dialog.show({ kind: 'unsupported', reason: 'nodevice' });
      } else this.dialog.show({ kind: 'error', message: messageOf(err) });
      return null;
    }
  }

  #adoptMedia(media: CallMedia): void {
    this.#call = media;
    this.media.follow(media);
  }

  /** Places a call (seed 000 §7: call / group call). Peers: one user, or the chosen members of a group. */
  async start(kind: CallKind, to: { userID: string } | { groupID: string; userIDList: string[] }): Promise<void> {
    if (this.getSnapshot().phase !== 'idle') return;
    let inviteID = '';
    const media = await this.#openMedia(kind, () => inviteID);
    if (!media || !this.#sdk) return;
    const peers = 'userID' in to ? [to.userID] : to.userIDList;
    const groupID = 'groupID' in to ? to.groupID : '';
    this.#adoptMedia(media);
    this.set({ ...IDLE, phase: 'outgoing', kind, groupID, inviter: this.#selfID(), peers });
    try {
      const data = callData(kind);
      const res =
        'userID' in to
          ? await this.#sdk.invite({ userID: to.userID, data, timeout: RING_SECONDS })
          : await this.#sdk.inviteInGroup({ groupID, inviteeList: to.userIDList, data, timeout: RING_SECONDS });
      inviteID = res.data.inviteID;
      // Hung up while the invitation was on its way: it is cancelled now that it has an ID.
      if (this.getSnapshot().phase !== 'outgoing') return void this.#sdk.cancel({ inviteID }).catch(this.#env.warn);
      this.update((s) => ({ ...s, inviteID }));
      this.onPlaced();
      for (const [fn, e] of this.#early.splice(0)) fn(e);
    } catch (err) {
      this.#finish(null);
      this.dialog.show({ kind: 'error', message: messageOf(err) });
    }
  }

  #invited(e: unknown): void {
    const inviteID = text(e, 'inviteID');
    if (this.getSnapshot().phase !== 'idle') {
      // Already in a call on this device: the caller learns the line is busy (KCALL15).
      void this.#sdk?.reject({ inviteID, data: JSON.stringify({ line_busy: LINE_BUSY }) }).catch(this.#env.warn);
      return;
    }
    const inviter = text(e, 'inviter');
    const list = field(e, 'inviteeList');
    const others = (Array.isArray(list) ? list.map(String) : []).filter((u) => u !== this.#selfID());
    this.set({
      ...IDLE,
      phase: 'incoming',
      inviteID,
      kind: kindOfData(field(e, 'data')),
      groupID: text(e, 'groupID'),
      inviter,
      peers: [inviter, ...others],
    });
    this.#env.ring.start();
    this.#env.notify();
  }

  async accept(): Promise<void> {
    const call = this.getSnapshot();
    if (call.phase !== 'incoming' || !this.#sdk) return;
    this.#env.ring.stop();
    const media = await this.#openMedia(call.kind, () => call.inviteID);
    if (!media) {
      await this.reject();
      return;
    }
    if (this.getSnapshot().inviteID !== call.inviteID) {
      media.close();
      return;
    }
    this.#adoptMedia(media);
    try {
      await this.#sdk.accept({ inviteID: call.inviteID });
    } catch (err) {
      this.#finish(null);
      this.dialog.show({ kind: 'error', message: messageOf(err) });
      return;
    }
    this.update((s) => ({ ...s, phase: 'active', startedAt: this.#env.now() }));
    media.connect(call.inviter);
  }

  async reject(): Promise<void> {
    const call = this.getSnapshot();
    if (call.phase !== 'incoming') return;
    this.#finish(null);
    await this.#sdk?.reject({ inviteID: call.inviteID }).catch(this.#env.warn);
  }

  /** Hang up: cancels while ringing out, leaves an accepted call (the server writes its duration, SIG19). */
  async hangup(): Promise<void> {
    const call = this.getSnapshot();
    if (call.phase === 'incoming') return this.reject();
    if (call.phase === 'idle') return;
    this.#finish(null);
    if (!call.inviteID) return;
    const step = call.phase === 'outgoing' ? this.#sdk?.cancel : this.#sdk?.hangup;
    await step?.call(this.#sdk, { inviteID: call.inviteID }).catch(this.#env.warn);
  }

  #accepted(e: unknown): void {
    const call = this.getSnapshot();
    if (!this.#mine(e) || call.phase === 'incoming' || call.phase === 'idle') return;
    const invitee = text(e, 'invitee') || String((field(e, 'inviteeList') as string[] | undefined)?.[0] ?? '');
    if (!invitee || invitee === this.#selfID()) return;
    this.update((s) => ({
      ...s,
      phase: 'active',
      startedAt: s.startedAt || this.#env.now(),
      peers: s.peers.includes(invitee) ? s.peers : [...s.peers, invitee],
    }));
    this.#call?.connect(invitee);
  }

  #rejected(e: unknown): void {
    if (!this.#mine(e)) return;
    const invitee = text(e, 'invitee');
    const busy = field(e, 'busy') === true || text(e, 'data').includes(LINE_BUSY);
    this.#without(invitee, busy ? 'busy' : 'rejected');
  }

  #timedOut(e: unknown): void {
    if (!this.#mine(e)) return;
    if (this.getSnapshot().phase === 'incoming' || field(e, 'isSelfTimeout') === true) return void this.#finish(null);
    const list = field(e, 'inviteeList');
    for (const u of Array.isArray(list) ? list.map(String) : []) this.#without(u, 'timeout');
  }

  #left(e: unknown): void {
    if (!this.#mine(e)) return;
    this.#without(text(e, 'userID'), 'ended');
  }

  /**
   * The media path to a peer never came back (KCALL39): that peer is dropped from this side's call; when it was the
   * last one, the call is hung up, so the server writes its record with the time talked and both sides end.
   */
  #lost(userID: string): void {
    const call = this.getSnapshot();
    if (call.phase !== 'active') return;
    const others = call.peers.filter((u) => u !== userID && u !== this.#selfID());
    if (others.length > 0) {
      this.#call?.drop(userID);
      this.update((s) => ({ ...s, peers: s.peers.filter((u) => u !== userID) }));
      return;
    }
    void this.hangup();
  }

  /** One peer is out; when none is left (or none answered a call still ringing out) the call is over. */
  #without(userID: string, outcome: 'rejected' | 'busy' | 'timeout' | 'ended'): void {
    this.#call?.drop(userID);
    const peers = this.getSnapshot().peers.filter((u) => u !== userID);
    if (peers.length === 0) this.#finish(outcome);
    else this.update((s) => ({ ...s, peers }));
  }

  #finish(outcome: 'rejected' | 'busy' | 'timeout' | 'cancelled' | 'ended' | null): void {
    const was = this.getSnapshot();
    this.#early = [];
    this.#env.ring.stop();
    this.#call?.close();
    this.#call = null;
    this.media.follow(null);
    this.set(IDLE);
    if (outcome && was.phase !== 'idle') this.onEnded(outcome);
  }

  /** The SDK is connected again after a loss: the media may have lost its path and its signals (KCALL34). */
  reconnected(): void {
    if (this.getSnapshot().phase === 'active') this.#call?.reconnect();
  }

  // The in-call controls (KCALL8).
  setMic(on: boolean): void {
    this.#call?.setMic(on);
  }
  setCamera(on: boolean): void {
    this.#call?.setCamera(on);
  }
  async switchDevice(kind: 'audioinput' | 'videoinput', deviceId: string): Promise<void> {
    await this.#call?.switchDevice(kind, deviceId).catch((err: unknown) => {
      this.dialog.show({ kind: 'error', message: messageOf(err) });
    });
  }
  async shareScreen(on: boolean): Promise<void> {
    await this.#call?.shareScreen(on).catch((err: unknown) => {
      // Closing the browser's picker is a choice, not an error.
      if ((err as { name?: string })?.name !== 'NotAllowedError')
        this.dialog.show({ kind: 'error', message: messageOf(err) });
    });
  }
  /** Bytes per peer from the connections' statistics (the browser tests read them). */
  bytes() {
    return this.#call?.bytes() ?? Promise.resolve([]);
  }
}

export class DialogStore extends Store<CallDialog | null> {
  constructor() {
    super(null);
  }
  show(dialog: CallDialog): void {
    this.set(dialog);
  }
  close(): void {
    this.set(null);
  }
}

/** The current call's media snapshot (NO_MEDIA between calls), re-published as the media changes. */
export class MediaStore extends Store<MediaSnapshot> {
  #undo: (() => void) | null = null;
  constructor() {
    super(NO_MEDIA);
  }
  follow(media: CallMedia | null): void {
    this.#undo?.();
    this.#undo = null;
    if (!media) {
      this.set(NO_MEDIA);
      return;
    }
    this.#undo = media.subscribe(() => this.set(media.snapshot()));
    this.set(media.snapshot());
  }
}
