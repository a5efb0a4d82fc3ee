/** Video and audio elements for MediaStreams, the duration clock and the network bars of the in-call view. */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useT } from '../hooks/use-t.ts';
import { hhmmss } from './call-format.ts';
import type { Quality } from './media/call-media.ts';

type SinkElement = HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };

/** A stream in a <video> (muted when it is one's own, so one does not hear oneself). */
export function StreamVideo({
  stream,
  mine,
  label,
  testID,
}: {
  stream: MediaStream | null;
  mine: boolean;
  label: string;
  testID: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      className={mine ? 'pc-call__video pc-call__video--mine' : 'pc-call__video'}
      autoPlay
      playsInline
      muted={mine}
      aria-label={label}
      data-testid={testID}
    />
  );
}

/** A peer's sound (voice calls, and the sound of video calls when the speaker is on); `sinkId` picks the output. */
export function StreamAudio({ stream, muted, sinkId }: { stream: MediaStream | null; muted: boolean; sinkId: string }) {
  const ref = useRef<SinkElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    if (sinkId && ref.current?.setSinkId) void ref.current.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return <audio ref={ref} autoPlay muted={muted} />;
}

const second = (() => {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      timer ??= setInterval(() => {
        now = Date.now();
        for (const l of [...listeners]) l();
      }, 1000);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    getSnapshot: () => now,
  };
})();

/** HH:MM:SS since the call was answered, ticking each second (KCALL8). */
export function CallDuration({ since, clock }: { since: number; clock: () => number }) {
  const t = useT();
  // The ticker only wakes the view; the time is the call's own clock, the one `since` was read from.
  useSyncExternalStore(second.subscribe, second.getSnapshot, second.getSnapshot);
  const now = clock();
  const text = hhmmss((Math.max(now, since) - since) / 1000);
  return (
    <span className="pc-call__duration">
      <span className="pc-visually-hidden">{t('calls.duration')} </span>
      <span data-testid="call-duration">{text}</span>
    </span>
  );
}

/** Four bars, as many lit as the link's quality (KCALL12). */
export function QualityBars({ quality }: { quality: Quality }) {
  const t = useT();
  const label = t('calls.quality', { level: t(`calls.quality${quality}`) });
  return (
    <span className="pc-call__quality" role="img" aria-label={label} title={label} data-quality={quality}>
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={bar <= quality ? 'pc-call__bar pc-call__bar--on' : 'pc-call__bar'} />
      ))}
    </span>
  );
}
