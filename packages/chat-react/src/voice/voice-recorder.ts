import { VOICE_LIMITS } from '@parley/protocol';
import { Store } from '../core/store.ts';

/** Why a recording could not start (KVOI5): each has its own text in both languages. */
export type RecorderProblem = 'noMicrophone' | 'denied' | 'unsupported' | 'failed';

export type RecorderState =
  | { phase: 'idle' }
  /** Waiting for the browser's microphone prompt. */
  | { phase: 'asking' }
  /** `cancelArmed`: a finger slid away (KVOI2); letting go now cancels instead of sending. */
  | { phase: 'recording'; startedAt: number; cancelArmed: boolean };

/** How a recording ended, for the composer to act on (send, toast). */
export type RecorderOutcome =
  | { kind: 'recorded'; file: Blob; durationMs: number; atLimit: boolean }
  | { kind: 'tooShort' }
  | { kind: 'cancelled' }
  | { kind: 'problem'; problem: RecorderProblem };

type RecorderCtor = new (stream: MediaStream, options?: MediaRecorderOptions) => MediaRecorder;

/** What the recorder needs from the browser: injected so tests drive it without a microphone. */
export interface RecorderEnv {
  getUserMedia?: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
  MediaRecorder?: (RecorderCtor & { isTypeSupported?: (type: string) => boolean }) | undefined;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export function browserRecorderEnv(): RecorderEnv {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  return {
    getUserMedia: media?.getUserMedia ? (c) => media.getUserMedia(c) : undefined,
    MediaRecorder: typeof MediaRecorder !== 'undefined' ? MediaRecorder : undefined,
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  };
}

/** Formats the browser may record in, best first: Opus in WebM (Chromium, Firefox), Ogg, then MP4/AAC (Safari). */
const PREFERRED = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

/** The file name a recording is uploaded under, by its container. */
export function voiceFileName(type: string): string {
  if (/ogg/i.test(type)) return 'voice.ogg';
  if (/mp4|m4a|aac/i.test(type)) return 'voice.m4a';
  return 'voice.webm';
}

/** KVOI5: the DOMException names getUserMedia rejects with, mapped to what the user is told. */
export function problemOf(err: unknown): RecorderProblem {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    return 'noMicrophone';
  }
  if (name === 'NotReadableError') return 'noMicrophone';
  return 'failed';
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  timer: unknown;
  /** What the recorder's stop is for: sending (and whether the limit did it) or throwing away. */
  end?: 'send' | 'limit' | 'cancel';
  stoppedAt?: number;
}

/**
 * The voice recorder's state machine (KVOI1–KVOI5): idle → asking → recording → idle. `stop` sends (too short is
 * refused, KVOI4), `cancel` throws away, the limit sends by itself (KVOI3). Every ending is reported once through
 * `onOutcome`; the microphone is released on every path.
 */
export class VoiceRecorder extends Store<RecorderState> {
  readonly #env: RecorderEnv;
  readonly #onOutcome: (outcome: RecorderOutcome) => void;
  readonly #limits: { minMs: number; maxMs: number };
  #session: Session | null = null;
  /** stop/cancel pressed while the browser was still asking: applied once the answer is in. */
  #early: 'send' | 'cancel' | null = null;

  constructor(
    onOutcome: (outcome: RecorderOutcome) => void,
    env: RecorderEnv = browserRecorderEnv(),
    limits: { minMs: number; maxMs: number } = VOICE_LIMITS,
  ) {
    super({ phase: 'idle' });
    this.#env = env;
    this.#onOutcome = onOutcome;
    this.#limits = limits;
  }

  get limits(): { minMs: number; maxMs: number } {
    return this.#limits;
  }

  async start(): Promise<void> {
    if (this.getSnapshot().phase !== 'idle') return;
    const { getUserMedia, MediaRecorder: Recorder } = this.#env;
    if (!getUserMedia || !Recorder) {
      this.#onOutcome({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    this.#early = null;
    this.set({ phase: 'asking' });
    let stream: MediaStream;
    try {
      stream = await getUserMedia({ audio: true });
    } catch (err) {
      this.set({ phase: 'idle' });
      this.#onOutcome({ kind: 'problem', problem: problemOf(err) });
      return;
    }
    if (this.#early) {
      // Let go before the microphone was granted: nothing was recorded.
      release(stream);
      this.set({ phase: 'idle' });
      this.#onOutcome(this.#early === 'cancel' ? { kind: 'cancelled' } : { kind: 'tooShort' });
      return;
    }
    this.#begin(stream, Recorder);
  }

  #begin(stream: MediaStream, Recorder: NonNullable<RecorderEnv['MediaRecorder']>): void {
    let recorder: MediaRecorder;
    try {
      const mimeType = PREFERRED.find((type) => Recorder.isTypeSupported?.(type));
      recorder = new Recorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      release(stream);
      this.set({ phase: 'idle' });
      this.#onOutcome({ kind: 'problem', problem: 'unsupported' });
      return;
    }
    const session: Session = { stream, recorder, chunks: [], timer: undefined };
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) session.chunks.push(event.data);
    };
    recorder.onstop = () => this.#finish(session);
    recorder.onerror = () => {
      session.end = 'cancel';
      this.#finish(session, 'failed');
    };
    this.#session = session;
    recorder.start();
    const startedAt = this.#env.now();
    session.timer = this.#env.setTimer(() => this.#end('limit'), this.#limits.maxMs);
    this.set({ phase: 'recording', startedAt, cancelArmed: false });
  }

  /** Send what was recorded (the button's second click, a finger let go). */
  stop(): void {
    if (this.getSnapshot().phase === 'asking') this.#early ??= 'send';
    else this.#end('send');
  }

  /** Throw the recording away (Escape, a finger slid away, the cancel button). */
  cancel(): void {
    if (this.getSnapshot().phase === 'asking') this.#early = 'cancel';
    else this.#end('cancel');
  }

  /** A finger slid out of (or back into) the button while holding (KVOI2). */
  armCancel(armed: boolean): void {
    const state = this.getSnapshot();
    if (state.phase === 'recording' && state.cancelArmed !== armed) this.set({ ...state, cancelArmed: armed });
  }

  /** Let go of a hold: cancels when armed, sends otherwise. */
  release(): void {
    const state = this.getSnapshot();
    if (state.phase === 'recording' && state.cancelArmed) this.cancel();
    else this.stop();
  }

  #end(how: 'send' | 'limit' | 'cancel'): void {
    const session = this.#session;
    if (!session || session.end) return;
    session.end = how;
    session.stoppedAt = this.#env.now();
    this.#env.clearTimer(session.timer);
    release(session.stream);
    try {
      if (session.recorder.state !== 'inactive') session.recorder.stop();
      else this.#finish(session);
    } catch {
      this.#finish(session, 'failed');
    }
  }

  #finish(session: Session, problem?: RecorderProblem): void {
    if (this.#session !== session) return;
    this.#session = null;
    this.#env.clearTimer(session.timer);
    release(session.stream);
    const state = this.getSnapshot();
    const startedAt = state.phase === 'recording' ? state.startedAt : this.#env.now();
    this.set({ phase: 'idle' });
    this.#onOutcome(this.#outcomeOf(session, startedAt, problem));
  }

  #outcomeOf(session: Session, startedAt: number, problem?: RecorderProblem): RecorderOutcome {
    if (problem) return { kind: 'problem', problem };
    if (session.end === 'cancel') return { kind: 'cancelled' };
    const atLimit = session.end === 'limit';
    const elapsed = (session.stoppedAt ?? this.#env.now()) - startedAt;
    const durationMs = atLimit ? this.#limits.maxMs : Math.min(elapsed, this.#limits.maxMs);
    if (durationMs < this.#limits.minMs) return { kind: 'tooShort' };
    const type = session.recorder.mimeType || session.chunks[0]?.type || 'audio/webm';
    const file = new Blob(session.chunks, { type });
    if (file.size === 0) return { kind: 'problem', problem: 'failed' };
    return { kind: 'recorded', file, durationMs, atLimit };
  }

  /** Unmounting mid-recording: the microphone is released and nothing is sent. */
  dispose(): void {
    this.#early = 'cancel';
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    session.end = 'cancel';
    this.#env.clearTimer(session.timer);
    release(session.stream);
    try {
      if (session.recorder.state !== 'inactive') session.recorder.stop();
    } catch {
      // Already stopped.
    }
  }
}

function release(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
