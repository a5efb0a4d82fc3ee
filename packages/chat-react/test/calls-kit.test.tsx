// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CallButtons } from '../src/calls/call-buttons.tsx';
import type { CallEnv } from '../src/calls/call-env.ts';
import { callLineText, hhmmss, readCallRecord } from '../src/calls/call-format.ts';
import { CallOverlay } from '../src/calls/call-overlay.tsx';
import { callableMembers } from '../src/calls/call-rules.ts';
import { SIGNAL } from '../src/calls/call-port.ts';
import type { CallMedia, CallMediaOptions, MediaSnapshot } from '../src/calls/media/call-media.ts';
import { createChatI18n } from '../src/i18n/index.ts';
import { chatTranslator } from '../src/i18n/index.ts';
import type { ChatKit } from '../src/provider/chat-kit.ts';
import { FakeChat } from './fake-chat.ts';
import { byTestId, renderKit } from './render-kit.tsx';

type Handler = (event: unknown) => void;

/** FakeChat with the SDK's signalling methods (reference §8, decision 0038), recording every call. */
class CallChat extends FakeChat {
  readonly log: string[] = [];
  readonly signalHandlers = new Map<string, Set<Handler>>();
  iceServers = { iceServers: [{ urls: ['stun:stun.test:3478'] }], ttlSeconds: 600, iceTransportPolicy: 'all' };
  /** When set, invite() answers only once it resolves (the push of a step may come first). */
  inviteGate: Promise<void> | null = null;
  async invite(o: { userID: string; data: string }) {
    this.log.push(`invite ${o.userID} ${JSON.parse(o.data).call_type}`);
    await this.inviteGate;
    return { code: 0, data: { inviteID: 'inv-1' } };
  }
  async inviteInGroup(o: { groupID: string; inviteeList: string[] }) {
    this.log.push(`inviteInGroup ${o.groupID} ${o.inviteeList.join(',')}`);
    return { code: 0, data: { inviteID: 'inv-g' } };
  }
  async cancel(o: { inviteID: string }) {
    this.log.push(`cancel ${o.inviteID}`);
  }
  async accept(o: { inviteID: string }) {
    this.log.push(`accept ${o.inviteID}`);
  }
  async reject(o: { inviteID: string; data?: string }) {
    this.log.push(`reject ${o.inviteID}${o.data ? ` ${o.data}` : ''}`);
  }
  async hangup(o: { inviteID: string }) {
    this.log.push(`hangup ${o.inviteID}`);
  }
  async sendCallMediaSignal(o: { userID: string; data: string }) {
    this.log.push(`signal ${o.userID} ${o.data}`);
  }
  async getCallIceServers() {
    return { code: 0, data: this.iceServers };
  }
  addSignalingListener(name: string, handler: Handler) {
    const set = this.signalHandlers.get(name) ?? new Set();
    set.add(handler);
    this.signalHandlers.set(name, set);
  }
  removeSignalingListener(name: string, handler: Handler) {
    this.signalHandlers.get(name)?.delete(handler);
  }
  signal(name: string, data: unknown) {
    for (const handler of this.signalHandlers.get(name) ?? []) handler({ name, data });
  }
}

/** A CallMedia that records what the store asks of it. */
class FakeMedia implements CallMedia {
  readonly log: string[];
  readonly options: CallMediaOptions;
  #listeners = new Set<() => void>();
  #snap: MediaSnapshot = { local: null, peers: [], micOn: true, cameraOn: true, sharing: false };
  constructor(
    options: CallMediaOptions,
    log: string[],
    readonly failWith?: string,
  ) {
    this.options = options;
    this.log = log;
  }
  async open() {
    if (this.failWith) throw Object.assign(new Error(`${this.failWith}: no`), { name: this.failWith });
    this.log.push(`open ${this.options.kind}`);
  }
  connect(u: string) {
    this.log.push(`connect ${u}`);
    this.#snap = { ...this.#snap, peers: [...this.#snap.peers, { userID: u, stream: null, state: 'new', quality: 0 }] };
    for (const l of this.#listeners) l();
  }
  receive(from: string, data: string) {
    this.log.push(`receive ${from} ${data}`);
  }
  drop(u: string) {
    this.log.push(`drop ${u}`);
  }
  reconnect() {
    this.log.push('reconnect');
  }
  setMic(on: boolean) {
    this.#snap = { ...this.#snap, micOn: on };
    for (const l of this.#listeners) l();
  }
  setCamera(on: boolean) {
    this.#snap = { ...this.#snap, cameraOn: on };
    for (const l of this.#listeners) l();
  }
  async switchDevice() {}
  async shareScreen() {}
  async bytes() {
    return [];
  }
  snapshot = () => this.#snap;
  subscribe(l: () => void) {
    this.#listeners.add(l);
    return () => this.#listeners.delete(l);
  }
  close() {
    this.log.push('close');
  }
}

function testEnv(log: string[], over: Partial<CallEnv> & { failWith?: string } = {}): CallEnv {
  return {
    createMedia: (options) => new FakeMedia(options, log, over.failWith),
    canCall: () => 'ok',
    now: () => 5_000,
    ring: { start: () => log.push('ring'), stop: () => log.push('ring stop') },
    notify: () => log.push('notify'),
    warn: () => undefined,
    ...over,
  };
}

let mounted: { unmount: () => void } | null = null;
afterEach(() => {
  mounted?.unmount();
  mounted = null;
});

async function setup(
  conversationID = 'C2Cbob',
  over: Partial<CallEnv> & { failWith?: string } = {},
  chat = new CallChat(),
) {
  const log: string[] = [];
  const r = await renderKit(
    chat,
    () => (
      <>
        <CallButtons conversationID={conversationID} />
        <CallOverlay />
      </>
    ),
    { prepare: (kit: ChatKit) => kit.calls.useEnv(testEnv(log, over)) },
  );
  mounted = r;
  const click = (id: string) => r.act(() => byTestId(id)[0]?.click());
  return { ...r, chat, log, click };
}

const dialogText = () => byTestId('call-dialog')[0]?.textContent ?? '';

describe('call chooser (seed 000 §5, decision 0039)', () => {
  it('KCALL2 a one-to-one chat offers voice and video; one’s own conversation offers neither', async () => {
    const t = await setup('C2Cbob');
    expect(byTestId('call-voice')).toHaveLength(1);
    expect(byTestId('call-video')).toHaveLength(1);
    t.unmount();
    mounted = null;
    await setup('C2Cme');
    expect(byTestId('call-voice')).toHaveLength(0);
    expect(byTestId('call-video')).toHaveLength(0);
  });

  it('KCALL3 group-call members exclude oneself and muted members, and are none under Mute All', () => {
    const members = [
      { userID: 'me', role: 'Member' },
      { userID: 'amy', role: 'Member' },
      { userID: 'ben', role: 'Member', muteUntil: 2000 },
      { userID: 'cat', role: 'Member', muteUntil: 500 },
    ];
    expect(callableMembers(members, 'me', false, 1000).map((m) => m.userID)).toEqual(['amy', 'cat']);
    expect(callableMembers(members, 'me', true, 1000)).toEqual([]);
  });
});

describe('placing a call (decision 0039)', () => {
  it('KCALL4 opens the media first, invites with call_type, and becomes the call when the peer accepts', async () => {
    const t = await setup();
    await t.click('call-video');
    expect(t.log).toContain('open video');
    expect(t.chat.log).toContain('invite bob 2');
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('outgoing');
    await t.act(() => t.chat.signal(SIGNAL.INVITEE_ACCEPTED, { inviteID: 'inv-1', invitee: 'bob' }));
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('active');
    expect(t.log).toContain('connect bob');
    expect(byTestId('call-duration')[0]?.textContent).toMatch(/^\d\d:\d\d:\d\d$/);
    await t.act(() => t.chat.signal(SIGNAL.MEDIA_SIGNAL, { inviteID: 'inv-1', fromUserID: 'bob', data: '{"c":null}' }));
    expect(t.log).toContain('receive bob {"c":null}');
    // Another invitation's signal is not this call's.
    await t.act(() => t.chat.signal(SIGNAL.MEDIA_SIGNAL, { inviteID: 'other', fromUserID: 'bob', data: 'x' }));
    expect(t.log.filter((l) => l.startsWith('receive'))).toHaveLength(1);
    await t.click('call-mic');
    expect(byTestId('call-mic')[0]?.dataset.on).toBe('false');
    await t.click('call-hangup');
    expect(t.chat.log).toContain('hangup inv-1');
    expect(t.log).toContain('close');
    expect(byTestId('call-screen')).toHaveLength(0);
  });

  it('KCALL34 the SDK connected again after a loss: an active call restarts its media, a call ringing out does not', async () => {
    const t = await setup();
    const net = (state: string) => t.act(() => t.chat.emit('netStateChange', { state }));
    await t.click('call-video');
    await net('disconnected');
    await net('connected');
    expect(t.log).not.toContain('reconnect');
    await t.act(() => t.chat.signal(SIGNAL.INVITEE_ACCEPTED, { inviteID: 'inv-1', invitee: 'bob' }));
    await net('connected');
    expect(t.log).not.toContain('reconnect');
    await net('connecting');
    await net('connected');
    expect(t.log.filter((l) => l === 'reconnect')).toHaveLength(1);
  });

  it('KCALL39 a media path that never came back hangs the call up (the server writes its record); not while it rings', async () => {
    const made: CallMediaOptions[] = [];
    const log: string[] = [];
    const t = await setup('C2Cbob', {
      createMedia: (options) => {
        made.push(options);
        return new FakeMedia(options, log);
      },
    });
    await t.click('call-video');
    const options = made[0] as CallMediaOptions;
    await t.act(() => options.lost?.('bob'));
    expect(t.chat.log).not.toContain('hangup inv-1');
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('outgoing');
    await t.act(() => t.chat.signal(SIGNAL.INVITEE_ACCEPTED, { inviteID: 'inv-1', invitee: 'bob' }));
    await t.act(() => options.lost?.('bob'));
    expect(t.chat.log).toContain('hangup inv-1');
    expect(byTestId('call-screen')).toHaveLength(0);
  });

  it('KCALL4 hanging up while it rings out cancels the invitation', async () => {
    const t = await setup();
    await t.click('call-voice');
    expect(t.chat.log).toContain('invite bob 1');
    await t.click('call-hangup');
    expect(t.chat.log).toContain('cancel inv-1');
  });

  it('KCALL16 a rejected, busy or unanswered call ends with its outcome said once', async () => {
    for (const [name, data, text] of [
      [SIGNAL.INVITEE_REJECTED, { inviteID: 'inv-1', invitee: 'bob', busy: false }, 'Call declined'],
      [SIGNAL.INVITEE_REJECTED, { inviteID: 'inv-1', invitee: 'bob', busy: true }, 'Line busy'],
      [SIGNAL.INVITATION_TIMEOUT, { inviteID: 'inv-1', inviteeList: ['bob'] }, 'No answer'],
    ] as const) {
      const t = await setup();
      await t.click('call-video');
      await t.act(() => t.chat.signal(name, data));
      expect(byTestId('call-screen')).toHaveLength(0);
      expect(t.kit.toasts.getSnapshot().map((toast) => toast.text)).toEqual([text]);
      t.unmount();
      mounted = null;
    }
  });
});

describe('signals that beat the answer of invite (decision 0039)', () => {
  function gated() {
    const chat = new CallChat();
    let open: () => void = () => undefined;
    chat.inviteGate = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { chat, open: () => open() };
  }

  it('KCALL15 KCALL16 a busy reject pushed before invite() answers still ends the call with "Line busy"', async () => {
    const { chat, open } = gated();
    const t = await setup('C2Cbob', {}, chat);
    await t.click('call-voice');
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('outgoing');
    await t.act(() => chat.signal(SIGNAL.INVITEE_REJECTED, { inviteID: 'inv-1', invitee: 'bob', busy: true }));
    await t.act(async () => {
      open();
      await chat.inviteGate;
    });
    expect(byTestId('call-screen')).toHaveLength(0);
    expect(t.kit.toasts.getSnapshot().map((toast) => toast.text)).toEqual(['Line busy']);
  });

  it('KCALL4 an accept and its offer pushed before invite() answers make the call, in order', async () => {
    const { chat, open } = gated();
    const t = await setup('C2Cbob', {}, chat);
    await t.click('call-video');
    await t.act(() => chat.signal(SIGNAL.INVITEE_ACCEPTED, { inviteID: 'inv-1', invitee: 'bob' }));
    await t.act(() => chat.signal(SIGNAL.MEDIA_SIGNAL, { inviteID: 'inv-1', fromUserID: 'bob', data: 'offer' }));
    await t.act(() => chat.signal(SIGNAL.MEDIA_SIGNAL, { inviteID: 'other', fromUserID: 'bob', data: 'x' }));
    await t.act(async () => {
      open();
      await chat.inviteGate;
    });
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('active');
    expect(t.log.filter((l) => l.startsWith('connect') || l.startsWith('receive'))).toEqual([
      'connect bob',
      'receive bob offer',
    ]);
  });

  it('KCALL4 hung up while invite() is on its way: the invitation is cancelled once it has its ID', async () => {
    const { chat, open } = gated();
    const t = await setup('C2Cbob', {}, chat);
    await t.click('call-voice');
    await t.click('call-hangup');
    expect(byTestId('call-screen')).toHaveLength(0);
    await t.act(async () => {
      open();
      await chat.inviteGate;
    });
    expect(chat.log).toContain('cancel inv-1');
    expect(t.kit.calls.getSnapshot().inviteID).toBe('');
  });
});

describe('an incoming call (seed 000 §4, §9)', () => {
  const invitation = { inviteID: 'inv-9', inviter: 'bob', groupID: '', inviteeList: ['me'], data: '{"call_type":2}' };

  it('KCALL5 KCALL6 rings with the caller’s name, notifies without preview, and accepting connects to the caller', async () => {
    const t = await setup('C2Ccarol');
    await t.act(() => t.chat.signal(SIGNAL.NEW_INVITATION_RECEIVED, invitation));
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('incoming');
    expect(byTestId('call-peer-name')[0]?.textContent).toBe('bob');
    expect(t.log).toEqual(['ring', 'notify']);
    await t.click('call-accept');
    expect(t.log).toContain('ring stop');
    expect(t.log).toContain('open video');
    expect(t.chat.log).toContain('accept inv-9');
    expect(t.log).toContain('connect bob');
    expect(byTestId('call-screen')[0]?.dataset.phase).toBe('active');
    // A second invitation while in a call is answered busy (KCALL15).
    await t.act(() => t.chat.signal(SIGNAL.NEW_INVITATION_RECEIVED, { ...invitation, inviteID: 'inv-10' }));
    expect(t.chat.log).toContain('reject inv-10 {"line_busy":"line_busy"}');
    // The caller hangs up: the call ends here too.
    await t.act(() => t.chat.signal(SIGNAL.CALL_ENDED, { inviteID: 'inv-9', callEnd: 12, reason: 'hangup' }));
    expect(byTestId('call-screen')).toHaveLength(0);
  });

  it('KCALL5 the ring stays until cancelled, and stops when another device of mine answered', async () => {
    const t = await setup('C2Ccarol');
    await t.act(() => t.chat.signal(SIGNAL.NEW_INVITATION_RECEIVED, invitation));
    await t.act(() => t.chat.signal(SIGNAL.INVITATION_CANCELLED, { inviteID: 'inv-9', inviteeList: ['me'] }));
    expect(byTestId('call-screen')).toHaveLength(0);
    expect(t.log.at(-1)).toBe('ring stop');
    await t.act(() => t.chat.signal(SIGNAL.NEW_INVITATION_RECEIVED, { ...invitation, inviteID: 'inv-11' }));
    expect(byTestId('call-screen')).toHaveLength(1);
    await t.act(() => t.chat.signal(SIGNAL.RINGING_STOPPED, { inviteID: 'inv-11', reason: 'accepted_elsewhere' }));
    expect(byTestId('call-screen')).toHaveLength(0);
    expect(t.chat.log.filter((l) => l.startsWith('reject'))).toEqual([]);
  });

  it('KCALL5 declining rejects the invitation', async () => {
    const t = await setup('C2Ccarol');
    await t.act(() => t.chat.signal(SIGNAL.NEW_INVITATION_RECEIVED, invitation));
    await t.click('call-reject');
    expect(t.chat.log).toContain('reject inv-9');
    expect(byTestId('call-screen')).toHaveLength(0);
  });
});

describe('calls that cannot start (seed 000 §8)', () => {
  it('KCALL20 an SDK without signalling shows the call-kit-absent dialog', async () => {
    const t = await setup('C2Cbob', {}, new FakeChat() as CallChat);
    await t.click('call-video');
    expect(dialogText()).toContain('Call kit not integrated, cannot experience calling');
  });

  it('KCALL21 no devices or a denied permission: the unsupported dialog says what to do, and no one is rung', async () => {
    for (const [over, words] of [
      [{ canCall: () => 'nodevice' as const }, 'No microphone or camera was found'],
      [{ failWith: 'NotAllowedError' }, 'Allow this site to use them'],
      [{ failWith: 'NotFoundError' }, 'No microphone or camera was found'],
      [{ canCall: () => 'nowebrtc' as const }, 'cannot make audio or video calls'],
    ] as const) {
      const t = await setup('C2Cbob', over);
      await t.click('call-video');
      expect(byTestId('call-dialog')[0]?.dataset.kind).toBe('unsupported');
      expect(dialogText()).toContain(words);
      expect(t.chat.log.filter((l) => l.startsWith('invite'))).toEqual([]);
      await t.click('call-dialog-ok');
      expect(byTestId('call-dialog')).toHaveLength(0);
      t.unmount();
      mounted = null;
    }
  });

  it('KCALL22 any other failure shows its message', async () => {
    const chat = new CallChat();
    chat.invite = async () => {
      throw Object.assign(new Error('The invitee is not your friend'), { code: 8011 });
    };
    const t = await setup('C2Cbob', {}, chat);
    await t.click('call-voice');
    expect(byTestId('call-dialog')[0]?.dataset.kind).toBe('error');
    expect(dialogText()).toContain('The invitee is not your friend');
    expect(t.log).toContain('close');
  });
});

describe('call lines (seed 000 §4)', () => {
  const t = chatTranslator(createChatI18n('en'), 'en');
  const zh = chatTranslator(createChatI18n('zh'), 'zh');
  const rec = (fields: Record<string, unknown>) => ({
    data: JSON.stringify({ businessID: 1, inviteID: 'x', inviter: 'me', groupID: '', inviteeList: ['bob'], ...fields }),
  });
  const line = (fields: Record<string, unknown>, tr = t) => {
    const view = readCallRecord(rec(fields));
    return view ? callLineText(view, tr) : null;
  };

  it('KCALL17 durations are HH:MM:SS', () => {
    expect(hhmmss(0)).toBe('00:00:00');
    expect(hhmmss(65)).toBe('00:01:05');
    expect(hhmmss(3600 * 27 + 61)).toBe('27:01:01');
  });

  it('KCALL17 each record has its line, in both languages; other custom messages are not call records', () => {
    expect(line({ actionType: 1, call_type: 2, call_end: 65 })).toBe('Video call 00:01:05');
    expect(line({ actionType: 1, data: JSON.stringify({ call_type: 1, call_end: 3 }) })).toBe('Voice call 00:00:03');
    expect(line({ actionType: 1, call_type: 1 })).toBe('Voice call');
    expect(line({ actionType: 2, call_type: 1 })).toBe('Call cancelled');
    expect(line({ actionType: 4, call_type: 1 })).toBe('Call declined');
    expect(line({ actionType: 4, call_type: 1, data: '{"line_busy":"line_busy"}' })).toBe('Line busy');
    expect(line({ actionType: 5, call_type: 2 })).toBe('No answer');
    expect(line({ actionType: 1, call_type: 2, call_end: 65 }, zh)).toBe('视频通话 00:01:05');
    expect(line({ actionType: 5 }, zh)).toBe('无应答');
    expect(readCallRecord({ data: '{"businessID":"order"}' })).toBeNull();
    expect(readCallRecord({ data: 'not json' })).toBeNull();
  });
});
