// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatI18n } from '../src/i18n/index.ts';
import { LocationContent } from '../src/location/location-card.tsx';
import { readLocationForm } from '../src/location/location-rules.ts';
import type { MessageItem } from '../src/message-list/message-item.ts';
import type { ChatMessage } from '../src/provider/chat-port.ts';
import { ChatKit } from '../src/provider/chat-kit.ts';
import { KitContext } from '../src/provider/kit-context.ts';
import { AudioContent } from '../src/rich/media-bubbles.tsx';
import { VoiceButton } from '../src/voice/voice-button.tsx';
import type { RecorderEnv } from '../src/voice/voice-recorder.ts';
import { conversation, FakeChat, flush } from './fake-chat.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A chat with TIM's audio and location factories, remembering what they were given. */
class MediaChat extends FakeChat {
  readonly audio: File[] = [];
  config: Record<string, unknown> = {};
  createAudioMessage(o: { to: string; conversationType: string; payload: { file: File } }): ChatMessage {
    this.audio.push(o.payload.file);
    const m = this.createTextMessage({ ...o, payload: { text: '' } });
    return { ...m, type: 'TIMSoundElem', payload: { url: '', second: 0, size: o.payload.file.size } };
  }
  callExperimentalAPI(key: string): unknown {
    return key === 'getServerConfig' ? { code: 0, data: this.config } : undefined;
  }
}

/** MediaRecorder as the browser's: stop() delivers the data, then `stop`, on a later task. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array(300).fill(7)], { type: this.mimeType }) });
      this.onstop?.();
    }, 0);
  }
}

/** A clock and timers the test moves by hand, and a microphone that answers as told. */
function fakeEnv(answer: () => Promise<unknown> = async () => undefined) {
  let now = 1_000_000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let nextID = 1;
  const track = { stop: vi.fn() };
  const env: RecorderEnv = {
    getUserMedia: async () => {
      await answer();
      return { getTracks: () => [track] } as unknown as MediaStream;
    },
    MediaRecorder: FakeRecorder as unknown as RecorderEnv['MediaRecorder'],
    now: () => now,
    setTimer: (fn, ms) => {
      const id = nextID++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.fn();
  };
  return { env, track, advance };
}

let root: Root | null = null;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  host.remove();
});

async function mount(node: ReactNode, lang: 'en' | 'zh' = 'en', chat = new MediaChat()) {
  chat.conversations = [conversation('C2Cpeer')];
  const kit = new ChatKit(chat, createChatI18n(lang));
  kit.attach();
  await flush();
  kit.open('C2Cpeer');
  await flush();
  root = createRoot(host);
  await act(async () => root?.render(<KitContext.Provider value={{ kit, portal: null }}>{node}</KitContext.Provider>));
  return { kit, chat };
}

const settle = () => act(async () => flush().then(flush));
const button = () => host.querySelector<HTMLButtonElement>('[data-testid="plugin-voice"]') as HTMLButtonElement;
const panel = () => host.querySelector('[data-testid="voice-panel"]');
const toasts = (kit: ChatKit) => kit.toasts.getSnapshot().map((t) => t.text);
const sent = (kit: ChatKit) => kit.messages.getSnapshot().items.filter((m) => m.type === 'TIMSoundElem');

function pointer(type: string, pointerType: string, x: number, y: number) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y });
  Object.assign(event, { pointerType, pointerId: 1 });
  return event;
}

describe('voice recorder (decision 0033)', () => {
  it('KVOI1 a click starts recording, a second click sends the file with its duration; the microphone is released', async () => {
    const { env, track, advance } = fakeEnv();
    const { kit, chat } = await mount(<VoiceButton disabled={false} env={env} />);
    await act(async () => button().click());
    await settle();
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(panel()?.textContent).toContain('Click again to send');
    advance(3200);
    await act(async () => button().click());
    await settle();
    expect(chat.audio).toHaveLength(1);
    const file = chat.audio[0] as File & { duration?: number };
    expect(file.name).toBe('voice.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');
    expect(file.duration).toBe(3200);
    expect(sent(kit)).toHaveLength(1);
    expect(track.stop).toHaveBeenCalled();
    expect(panel()).toBeNull();
  });

  it('KVOI2 Escape cancels a recording: nothing is sent, the microphone is released', async () => {
    const { env, track, advance } = fakeEnv();
    const { kit, chat } = await mount(<VoiceButton disabled={false} env={env} />);
    await act(async () => button().click());
    await settle();
    advance(5000);
    await act(async () => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await settle();
    expect(chat.audio).toHaveLength(0);
    expect(sent(kit)).toHaveLength(0);
    expect(panel()).toBeNull();
    expect(track.stop).toHaveBeenCalled();
  });

  it('KVOI2 on a phone: hold to talk and let go to send; slide away before letting go to cancel', async () => {
    const { env, advance } = fakeEnv();
    const { chat } = await mount(<VoiceButton disabled={false} env={env} />);
    await act(async () => button().dispatchEvent(pointer('pointerdown', 'touch', 100, 500)));
    await settle();
    expect(panel()?.textContent).toContain('Release to send, slide up to cancel');
    advance(2000);
    await act(async () => button().dispatchEvent(pointer('pointerup', 'touch', 102, 498)));
    await settle();
    expect(chat.audio).toHaveLength(1);

    await act(async () => button().dispatchEvent(pointer('pointerdown', 'touch', 100, 500)));
    await settle();
    advance(2000);
    await act(async () => button().dispatchEvent(pointer('pointermove', 'touch', 100, 400)));
    expect(panel()?.textContent).toContain('Release to cancel');
    await act(async () => button().dispatchEvent(pointer('pointerup', 'touch', 100, 400)));
    await settle();
    expect(chat.audio).toHaveLength(1);
    expect(panel()).toBeNull();
  });

  it('KVOI4 a recording under a second is not sent and says it was too short', async () => {
    const { env, advance } = fakeEnv();
    const { kit, chat } = await mount(<VoiceButton disabled={false} env={env} />);
    await act(async () => button().click());
    await settle();
    advance(600);
    await act(async () => button().click());
    await settle();
    expect(chat.audio).toHaveLength(0);
    expect(toasts(kit)).toContain('The recording is too short');
  });

  it('KVOI3 at 60 s the recording is sent by itself, 60 s long, and the user is told', async () => {
    const { env, advance } = fakeEnv();
    const { kit, chat } = await mount(<VoiceButton disabled={false} env={env} />);
    await act(async () => button().click());
    await settle();
    advance(59_999);
    await settle();
    expect(chat.audio).toHaveLength(0);
    advance(1);
    await settle();
    expect(chat.audio).toHaveLength(1);
    expect((chat.audio[0] as File & { duration?: number }).duration).toBe(60_000);
    expect(toasts(kit).join()).toContain('60 s limit');
    expect(panel()).toBeNull();
  });

  it('KVOI5 a refused permission or no microphone is said plainly, in both languages; nothing records', async () => {
    const cases: [string, 'en' | 'zh', string][] = [
      ['NotAllowedError', 'en', 'Microphone access was denied'],
      ['NotFoundError', 'en', 'No microphone was found'],
      ['NotAllowedError', 'zh', '麦克风权限被拒绝'],
      ['NotFoundError', 'zh', '未检测到麦克风'],
    ];
    for (const [name, lang, text] of cases) {
      const { env } = fakeEnv(async () => {
        throw new DOMException('no', name);
      });
      const { kit, chat } = await mount(<VoiceButton disabled={false} env={env} />, lang);
      await act(async () => button().click());
      await settle();
      expect(toasts(kit).join(), `${name} ${lang}`).toContain(text);
      expect(panel()).toBeNull();
      expect(chat.audio).toHaveLength(0);
      await act(async () => root?.unmount());
      root = null;
    }
  });

  it('KVOI5 a browser without MediaRecorder says it cannot record', async () => {
    const { env } = fakeEnv();
    const { kit } = await mount(<VoiceButton disabled={false} env={{ ...env, MediaRecorder: undefined }} />);
    await act(async () => button().click());
    await settle();
    expect(toasts(kit)).toContain('This browser cannot record audio');
  });
});

const item = (type: string, payload: Record<string, unknown>, over: Partial<MessageItem> = {}): MessageItem =>
  ({
    ID: `m-${Math.random()}`,
    type,
    payload,
    flow: 'in',
    status: 'success',
    progress: 0,
    isRevoked: false,
    ...over,
  }) as unknown as MessageItem;

describe('voice and location bubbles', () => {
  it('KVOI6 a TIMSoundElem from another client (url, second, size) plays; width follows its seconds; one plays at a time', async () => {
    const playing = new Set<HTMLMediaElement>();
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
      return !playing.has(this);
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
      playing.add(this);
      this.dispatchEvent(new Event('play'));
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      if (playing.delete(this)) this.dispatchEvent(new Event('pause'));
    });
    await mount(
      <>
        <AudioContent item={item('TIMSoundElem', { url: 'https://im.example.com/a.mp3', second: 12, size: 9000 })} />
        <AudioContent item={item('TIMSoundElem', { remoteAudioUrl: '/api/v1/files/abc', second: 75, size: 1 })} />
      </>,
    );
    const [first, second] = [...host.querySelectorAll<HTMLButtonElement>('[data-testid="audio-bubble"]')];
    expect(first?.style.width).toBe('160px');
    expect(second?.style.width).toBe('640px');
    expect(first?.textContent).toContain('12″');
    await act(async () => first?.click());
    expect(first?.dataset.playing).toBe('true');
    await act(async () => second?.click());
    expect(first?.dataset.playing).toBeUndefined();
    expect(second?.dataset.playing).toBe('true');
    await act(async () => second?.click());
    expect(second?.dataset.playing).toBeUndefined();
    vi.restoreAllMocks();
  });

  it('KLOC4 a location card shows the description and coordinates over a local graphic, with no link by default', async () => {
    await mount(
      <LocationContent item={item('TIMLocationElem', { description: '深圳湾', latitude: 22.5, longitude: 113.9 })} />,
    );
    const card = host.querySelector('[data-testid="location-card"]');
    expect(card?.textContent).toContain('深圳湾');
    expect(card?.textContent).toContain('22.50000, 113.90000');
    expect(card?.querySelector('svg')).not.toBeNull();
    expect(host.querySelector('a')).toBeNull();
    expect(host.querySelector('img, iframe')).toBeNull();
  });

  it('KLOC5 with an operator template the card links to it, filled; a template that is not http(s) gives no link', async () => {
    const chat = new MediaChat();
    chat.config = { mapUrlTemplate: 'https://maps.example.org/?q={lat},{lng}' };
    const { kit } = await mount(
      <LocationContent item={item('TIMLocationElem', { description: '', latitude: -33.9, longitude: 151.2 })} />,
      'en',
      chat,
    );
    const link = host.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://maps.example.org/?q=-33.9,151.2');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.textContent).toContain('Location');
    await act(async () =>
      chat.emit('onServerConfigUpdated', { config: { mapUrlTemplate: 'javascript:alert({lat},{lng})' } }),
    );
    expect(host.querySelector('a')).toBeNull();
    expect(kit.mapConfig.getSnapshot()).toContain('javascript');
  });

  it('KLOC1 KLOC2 the form takes typed coordinates in range and a description within 100 characters', () => {
    expect(readLocationForm({ latitude: ' 22.54 ', longitude: '113,94', description: ' 公司 ' })).toEqual({
      payload: { latitude: 22.54, longitude: 113.94, description: '公司' },
    });
    expect(readLocationForm({ latitude: '-90', longitude: '180', description: '' })).toEqual({
      payload: { latitude: -90, longitude: 180, description: '' },
    });
    const bad = readLocationForm({ latitude: '91', longitude: '1e2', description: '址'.repeat(101) });
    expect(bad).toEqual({
      errors: {
        latitude: 'location.latitudeInvalid',
        longitude: 'location.longitudeInvalid',
        description: 'location.descriptionTooLong',
      },
    });
    expect(readLocationForm({ latitude: '', longitude: '-180.01', description: 'x' })).toMatchObject({
      errors: { latitude: 'location.latitudeInvalid', longitude: 'location.longitudeInvalid' },
    });
  });
});
