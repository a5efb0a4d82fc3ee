/** The call itself (KCALL8–KCALL12): the peers' video or names, the duration, the network bars and the controls. */
import { useEffect, useState } from 'react';
import { useNameOf } from '../hooks/use-names.ts';
import { useStore } from '../hooks/use-store.ts';
import { useT } from '../hooks/use-t.ts';
import { useKit } from '../provider/kit-context.ts';
import {
  HangUpIcon,
  MicIcon,
  MicOffIcon,
  ScreenIcon,
  SettingsIcon,
  SpeakerIcon,
  SpeakerOffIcon,
  VideoIcon,
  VideoOffIcon,
} from './call-icons.tsx';
import { CallDuration, QualityBars, StreamAudio, StreamVideo } from './call-media-views.tsx';
import type { Quality } from './media/call-media.ts';

/** Screen sharing is offered where the browser has it and a fine pointer suggests a desktop (KCALL9). */
const canShareScreen = () =>
  typeof navigator !== 'undefined' &&
  typeof navigator.mediaDevices?.getDisplayMedia === 'function' &&
  typeof matchMedia === 'function' &&
  matchMedia('(pointer: fine)').matches;

export function InCallView() {
  const kit = useKit();
  const t = useT();
  const call = useStore(kit.calls);
  const media = useStore(kit.calls.media);
  const nameOf = useNameOf(call.groupID || null);
  const [speaker, setSpeaker] = useState(true);
  const [sinkId, setSinkId] = useState('');
  const [devicesOpen, setDevicesOpen] = useState(false);
  const video = call.kind === 'video';
  const quality = media.peers.reduce<Quality>((q, p) => (p.quality < q ? p.quality : q), 4);
  const shownQuality: Quality = media.peers.length === 0 ? 0 : quality;
  return (
    <div className="pc-call__in" data-testid="in-call">
      <div className="pc-call__top">
        <CallDuration since={call.startedAt} clock={kit.calls.now} />
        <QualityBars quality={shownQuality} />
      </div>
      <div className="pc-call__stage" data-count={media.peers.length}>
        {media.peers.map((peer) => (
          <figure key={peer.userID} className="pc-call__tile" data-testid="call-peer" data-state={peer.state}>
            {video ? (
              <StreamVideo stream={peer.stream} mine={false} label={nameOf(peer.userID)} testID="call-remote-video" />
            ) : null}
            <StreamAudio stream={peer.stream} muted={!speaker} sinkId={sinkId} />
            <figcaption className="pc-call__caption">{nameOf(peer.userID)}</figcaption>
          </figure>
        ))}
        {video && media.local && (
          <StreamVideo stream={media.local} mine label={t('calls.you')} testID="call-local-video" />
        )}
      </div>
      {devicesOpen && <DevicePanel onSink={setSinkId} sinkId={sinkId} />}
      <div className="pc-call__controls">
        <Toggle
          on={media.micOn}
          onLabel={t('calls.micOff')}
          offLabel={t('calls.micOn')}
          onIcon={<MicIcon />}
          offIcon={<MicOffIcon />}
          toggle={() => kit.calls.setMic(!media.micOn)}
          testID="call-mic"
        />
        {video && (
          <Toggle
            on={media.cameraOn}
            onLabel={t('calls.cameraOff')}
            offLabel={t('calls.cameraOn')}
            onIcon={<VideoIcon />}
            offIcon={<VideoOffIcon />}
            toggle={() => kit.calls.setCamera(!media.cameraOn)}
            testID="call-camera"
          />
        )}
        <Toggle
          on={speaker}
          onLabel={t('calls.speakerOff')}
          offLabel={t('calls.speakerOn')}
          onIcon={<SpeakerIcon />}
          offIcon={<SpeakerOffIcon />}
          toggle={() => setSpeaker(!speaker)}
          testID="call-speaker"
        />
        <button
          type="button"
          className="pc-call__control"
          aria-label={t('calls.devices')}
          title={t('calls.devices')}
          aria-expanded={devicesOpen}
          onClick={() => setDevicesOpen(!devicesOpen)}
          data-testid="call-devices"
        >
          <SettingsIcon />
        </button>
        {video && canShareScreen() && (
          <button
            type="button"
            className="pc-call__control"
            aria-pressed={media.sharing}
            aria-label={media.sharing ? t('calls.shareStop') : t('calls.shareStart')}
            title={media.sharing ? t('calls.shareStop') : t('calls.shareStart')}
            onClick={() => void kit.calls.shareScreen(!media.sharing)}
            data-testid="call-share"
          >
            <ScreenIcon />
          </button>
        )}
        <button
          type="button"
          className="pc-call__control pc-call__control--danger"
          aria-label={t('calls.hangup')}
          title={t('calls.hangup')}
          onClick={() => void kit.calls.hangup()}
          data-testid="call-hangup"
        >
          <HangUpIcon />
        </button>
      </div>
    </div>
  );
}

function Toggle(props: {
  on: boolean;
  onLabel: string;
  offLabel: string;
  onIcon: React.ReactNode;
  offIcon: React.ReactNode;
  toggle: () => void;
  testID: string;
}) {
  const label = props.on ? props.onLabel : props.offLabel;
  return (
    <button
      type="button"
      className={props.on ? 'pc-call__control' : 'pc-call__control pc-call__control--off'}
      aria-label={label}
      title={label}
      onClick={props.toggle}
      data-testid={props.testID}
      data-on={props.on}
    >
      {props.on ? props.onIcon : props.offIcon}
    </button>
  );
}

/** Microphone, camera and speaker choosers (KCALL10), from the browser's device list. */
function DevicePanel({ sinkId, onSink }: { sinkId: string; onSink: (id: string) => void }) {
  const kit = useKit();
  const t = useT();
  const call = useStore(kit.calls);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    let live = true;
    void navigator.mediaDevices
      ?.enumerateDevices()
      .then((list) => live && setDevices(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const select = (kind: MediaDeviceKind, label: string, onPick: (id: string) => void, value?: string) => {
    const list = devices.filter((d) => d.kind === kind);
    if (list.length === 0) return null;
    return (
      <label className="pc-field">
        <span className="pc-field__label">{label}</span>
        <select className="pc-field__input" value={value} onChange={(e) => onPick(e.target.value)}>
          {list.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${label} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <div className="pc-call__devices" data-testid="call-device-panel">
      {select('audioinput', t('calls.microphone'), (id) => void kit.calls.switchDevice('audioinput', id))}
      {call.kind === 'video' &&
        select('videoinput', t('calls.camera'), (id) => void kit.calls.switchDevice('videoinput', id))}
      {'setSinkId' in HTMLMediaElement.prototype &&
        select('audiooutput', t('calls.output'), onSink, sinkId || undefined)}
    </div>
  );
}
