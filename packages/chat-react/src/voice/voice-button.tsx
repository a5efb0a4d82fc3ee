import { type PointerEvent, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import { voicePortOf } from '../rich/media-port.ts';
import { type RecorderEnv, type RecorderOutcome, VoiceRecorder, voiceFileName } from './voice-recorder.ts';

/** How far (px) a finger slides from where it pressed before letting go cancels (KVOI2). */
export const SLIDE_CANCEL_PX = 60;

const clock = (ms: number): string => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * The composer's voice button (KVOI1–KVOI5). A mouse or the keyboard clicks to start and clicks again to send; a
 * finger holds to talk and lets go to send, or slides away first to cancel; Escape cancels either. Too short is not
 * sent, the limit sends by itself, and a missing microphone or a refusal is said in a toast.
 */
export function VoiceButton({ disabled, env }: { disabled: boolean; env?: RecorderEnv }) {
  const kit = useKit();
  const t = useT();
  const port = voicePortOf(kit.chat);
  const outcome = useRef<(o: RecorderOutcome) => void>(() => undefined);
  const recorder = useMemo(() => new VoiceRecorder((o) => outcome.current(o), env), [env]);
  const state = useSyncExternalStore(recorder.subscribe, recorder.getSnapshot);
  const [mode, setMode] = useState<'click' | 'hold'>('click');
  const hold = useRef<{ x: number; y: number } | null>(null);
  const skipClick = useRef(false);
  const [, tick] = useState(0);
  const limitS = Math.round(recorder.limits.maxMs / 1000);

  outcome.current = (o) => {
    if (o.kind === 'problem') kit.toasts.error(t(`voice.${o.problem}`));
    else if (o.kind === 'tooShort') kit.toasts.show({ type: 'warning', text: t('voice.tooShort') });
    else if (o.kind === 'cancelled') kit.announcer.announce(t('voice.cancelled'));
    else if (port) {
      const file = Object.assign(new File([o.file], voiceFileName(o.file.type), { type: o.file.type }), {
        duration: o.durationMs,
      });
      kit.messages.sendText('', (base) => port.createAudioMessage({ ...base, payload: { file } }));
      if (o.atLimit) kit.toasts.show({ type: 'info', text: t('voice.limitReached', { limit: limitS }) });
    }
  };

  useEffect(() => () => recorder.dispose(), [recorder]);

  const active = state.phase !== 'idle';
  // The elapsed time shown while recording, and Escape to cancel (KVOI2).
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      recorder.cancel();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      clearInterval(timer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [active, recorder]);

  useEffect(() => {
    if (disabled) recorder.cancel();
  }, [disabled, recorder]);

  if (!port) return null;

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.pointerType !== 'touch' || disabled) return;
    event.preventDefault();
    skipClick.current = true;
    hold.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setMode('hold');
    void recorder.start();
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const from = hold.current;
    if (!from) return;
    recorder.armCancel(Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLIDE_CANCEL_PX);
  };
  const onPointerUp = () => {
    if (!hold.current) return;
    hold.current = null;
    recorder.release();
  };
  const onPointerCancel = () => {
    if (!hold.current) return;
    hold.current = null;
    recorder.cancel();
  };
  const onClick = () => {
    if (skipClick.current) {
      skipClick.current = false;
      return;
    }
    if (state.phase === 'idle') {
      setMode('click');
      void recorder.start();
    } else recorder.stop();
  };

  const elapsed = state.phase === 'recording' ? Date.now() - state.startedAt : 0;
  const armed = state.phase === 'recording' && state.cancelArmed;
  const hint = armed ? t('voice.releaseToCancel') : mode === 'hold' ? t('voice.hintHold') : t('voice.hintClick');
  return (
    <span className="pc-voice">
      <button
        type="button"
        className={
          active ? 'pc-plugins__button pc-voice__button pc-voice__button--on' : 'pc-plugins__button pc-voice__button'
        }
        disabled={disabled}
        aria-pressed={active}
        aria-label={active ? t('voice.send') : t('voice.recordLabel')}
        title={t('voice.holdToTalk')}
        onClick={onClick}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onContextMenu={(event) => event.preventDefault()}
        data-testid="plugin-voice"
      >
        {active ? t('voice.send') : t('voice.record')}
      </button>
      {active ? (
        <span
          className={armed ? 'pc-voice__panel pc-voice__panel--armed' : 'pc-voice__panel'}
          data-testid="voice-panel"
        >
          <span className="pc-voice__dot" aria-hidden="true" />
          <span role="timer" aria-live="off">
            {t('voice.recording', { elapsed: clock(elapsed), limit: clock(recorder.limits.maxMs) })}
          </span>
          <span className="pc-voice__hint">{hint}</span>
          {mode === 'click' ? (
            <button
              type="button"
              className="pc-voice__cancel"
              onClick={() => recorder.cancel()}
              data-testid="voice-cancel"
            >
              {t('voice.cancel')}
            </button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
