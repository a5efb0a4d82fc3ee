/** The browser's pieces a call uses, behind one object so tests (and hosts) can replace them (decision 0039). */
import type { CallMediaFactory } from './media/call-media.ts';
import { RingTone, type Ringer } from './ring-tone.ts';

export interface CallEnv {
  /** Null when the browser has no WebRTC or no media devices (KCALL20). */
  readonly createMedia: CallMediaFactory;
  readonly canCall: () => 'ok' | 'nowebrtc' | 'nodevice';
  readonly now: () => number;
  readonly ring: Ringer;
  /** A desktop notification, 'You have a call request' and nothing more (no previews; seed 000 §9, KCALL6). */
  readonly notify: () => void;
  readonly warn: (err: unknown) => void;
  readonly iceTransportPolicy?: RTCIceTransportPolicy;
}

export function mediaProblem(env: CallEnv): 'nowebrtc' | 'nodevice' | null {
  const can = env.canCall();
  return can === 'ok' ? null : can;
}

export function browserCallEnv(notificationText: () => string): CallEnv {
  return {
    // The mesh (peer connections, their statistics) loads with the first call, not with the chat (PERF5).
    createMedia: async (options) => {
      const { MeshMedia, browserMeshEnv } = await import('./media/mesh-media.ts');
      const mesh = browserMeshEnv();
      if (!mesh) throw new Error('WebRTC is not available');
      return new MeshMedia(options, mesh);
    },
    canCall: () => {
      if (typeof RTCPeerConnection === 'undefined') return 'nowebrtc';
      return typeof navigator.mediaDevices?.getUserMedia === 'function' ? 'ok' : 'nodevice';
    },
    now: () => Date.now(),
    ring: new RingTone(),
    notify: () => {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      if (typeof document !== 'undefined' && document.visibilityState === 'visible' && document.hasFocus()) return;
      try {
        new Notification(notificationText(), { tag: 'parley-call' });
      } catch {
        // Some browsers allow notifications only from a service worker: the ring and the screen remain.
      }
    },
    warn: (err) => console.warn('call:', err),
  };
}
