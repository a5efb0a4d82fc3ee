import { describe, expect, it, vi } from 'vitest';
import { MeshMedia, type MeshEnv } from '../src/calls/media/mesh-media.ts';
import { DISCONNECTED_GRACE_MS, LOST_AFTER_MS } from '../src/calls/media/mesh-peer.ts';
import { bytesOf, qualityOf } from '../src/calls/media/peer-stats.ts';

/** Just enough of MediaStreamTrack and MediaStream for the mesh. */
class Track {
  enabled = true;
  stopped = false;
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.stopped = true;
  }
}
class Stream {
  constructor(readonly tracks: Track[]) {}
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

/** An RTCPeerConnection double: records what the mesh does, lets the test set its connection state. */
class FakePC {
  static all: FakePC[] = [];
  readonly log: string[] = [];
  connectionState = 'new';
  iceConnectionState = 'new';
  signalingState = 'stable';
  localDescription: { toJSON(): unknown } | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((e: { candidate: { toJSON(): unknown } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePC.all.push(this);
  }
  addTrack(track: Track) {
    this.log.push(`addTrack ${track.kind}`);
  }
  async setLocalDescription(d?: { type: string }) {
    if (d?.type === 'rollback') {
      this.log.push('rollback');
      this.signalingState = 'stable';
      return;
    }
    this.log.push('setLocalDescription');
    this.localDescription = { toJSON: () => ({ type: 'offer', sdp: 'v=0' }) };
  }
  async setRemoteDescription(d: { type: string }) {
    this.log.push(`setRemoteDescription ${d.type}`);
  }
  async addIceCandidate() {
    this.log.push('addIceCandidate');
  }
  restartIce() {
    this.log.push('restartIce');
  }
  getSenders() {
    return [];
  }
  close() {
    this.log.push('close');
  }
  fail(state: string) {
    this.connectionState = state;
    this.iceConnectionState = state;
    this.onconnectionstatechange?.();
    this.oniceconnectionstatechange?.();
  }
}

function mesh(selfID = 'me') {
  FakePC.all = [];
  const sent: [string, string][] = [];
  const lost: string[] = [];
  const local = new Stream([new Track('audio'), new Track('video')]);
  const env: MeshEnv = {
    PeerConnection: FakePC as unknown as MeshEnv['PeerConnection'],
    mediaDevices: { getUserMedia: async () => local as unknown as MediaStream },
    warn: (err) => {
      throw err;
    },
    statsEveryMs: 0,
  };
  const media = new MeshMedia(
    {
      selfID,
      kind: 'video',
      iceServers: [{ urls: 'turn:t.test' }],
      iceTransportPolicy: 'relay',
      send: (u, d) => sent.push([u, d]),
      lost: (u) => lost.push(u),
    },
    env,
  );
  return { media, sent, local, lost };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the mesh (decision 0039)', () => {
  it('KCALL11 one connection per peer with the ICE servers and policy, tracks added, the offer sent as a signal', async () => {
    const { media, sent } = mesh();
    await media.open();
    media.connect('bob');
    media.connect('bob');
    expect(FakePC.all).toHaveLength(1);
    const pc = FakePC.all[0] as FakePC;
    expect(pc.config).toMatchObject({ iceServers: [{ urls: 'turn:t.test' }], iceTransportPolicy: 'relay' });
    expect(pc.log).toEqual(['addTrack audio', 'addTrack video']);
    pc.onnegotiationneeded?.();
    await settle();
    expect(sent).toEqual([['bob', JSON.stringify({ d: { type: 'offer', sdp: 'v=0' } })]]);
    pc.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: 'c1' }) } });
    expect(sent[1]).toEqual(['bob', JSON.stringify({ c: { candidate: 'c1' } })]);
  });

  it('KCALL11 signals before the microphone opened are kept; a candidate waits for its description', async () => {
    const { media } = mesh();
    media.receive('bob', JSON.stringify({ d: { type: 'offer', sdp: 'x' } }));
    media.receive('bob', JSON.stringify({ c: { candidate: 'c' } }));
    media.receive('bob', 'not json');
    expect(FakePC.all).toHaveLength(0);
    await media.open();
    await settle();
    await settle();
    expect((FakePC.all[0] as FakePC).log).toEqual([
      'addTrack audio',
      'addTrack video',
      'setRemoteDescription offer',
      'setLocalDescription',
      'addIceCandidate',
    ]);
  });

  it('KCALL11 the impolite side (smaller ID) ignores a colliding offer; a failed connection restarts ICE, at most 3 times', async () => {
    const { media } = mesh('a-me');
    await media.open();
    media.connect('bob');
    const pc = FakePC.all[0] as FakePC;
    pc.signalingState = 'have-local-offer';
    media.receive('bob', JSON.stringify({ d: { type: 'offer', sdp: 'x' } }));
    await settle();
    expect(pc.log).not.toContain('setRemoteDescription offer');
    pc.signalingState = 'stable';
    for (let i = 0; i < 5; i += 1) pc.fail('failed');
    await settle();
    expect(pc.log.filter((l) => l === 'restartIce')).toHaveLength(3);
    pc.fail('connected');
    pc.fail('failed');
    await settle();
    expect(pc.log.filter((l) => l === 'restartIce')).toHaveLength(4);
  });

  it('KCALL34 ICE disconnected past the grace restarts; one that heals within it does not', async () => {
    const { media } = mesh();
    await media.open();
    vi.useFakeTimers();
    try {
      media.connect('bob');
      const pc = FakePC.all[0] as FakePC;
      pc.fail('disconnected');
      await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS - 1);
      pc.fail('connected');
      await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS * 2);
      expect(pc.log).not.toContain('restartIce');
      pc.fail('disconnected');
      await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS - 1);
      expect(pc.log).not.toContain('restartIce');
      await vi.advanceTimersByTimeAsync(1);
      expect(pc.log.filter((l) => l === 'restartIce')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('KCALL39 a connection down for LOST_AFTER_MS in a row, restarts and all, gives the peer up once; one that comes back does not', async () => {
    const { media, lost } = mesh();
    await media.open();
    vi.useFakeTimers();
    try {
      media.connect('bob');
      const pc = FakePC.all[0] as FakePC;
      pc.fail('connected');
      pc.fail('disconnected');
      await vi.advanceTimersByTimeAsync(LOST_AFTER_MS - 1_000);
      pc.fail('connected');
      await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 2);
      expect(lost).toEqual([]);
      pc.fail('disconnected');
      await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS);
      pc.fail('checking');
      pc.fail('failed');
      await vi.advanceTimersByTimeAsync(LOST_AFTER_MS - DISCONNECTED_GRACE_MS - 1);
      expect(lost).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(lost).toEqual(['bob']);
      await vi.advanceTimersByTimeAsync(LOST_AFTER_MS * 2);
      expect(lost).toEqual(['bob']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('KCALL34 the network came back: a connection that is not up drops its unanswered offer and offers anew, even after 3 restarts', async () => {
    const { media } = mesh();
    await media.open();
    media.connect('bob');
    media.connect('cat');
    const [bob, cat] = FakePC.all as [FakePC, FakePC];
    for (let i = 0; i < 4; i += 1) bob.fail('failed');
    await settle();
    bob.signalingState = 'have-local-offer';
    cat.fail('connected');
    media.reconnect();
    await settle();
    expect(bob.log.slice(-2)).toEqual(['rollback', 'restartIce']);
    expect(bob.log.filter((l) => l === 'restartIce')).toHaveLength(4);
    expect(cat.log).not.toContain('restartIce');
  });

  it('KCALL35 the impolite side that ignores a colliding offer sends its own pending offer again', async () => {
    const { media, sent } = mesh('a-me');
    await media.open();
    media.connect('bob');
    const pc = FakePC.all[0] as FakePC;
    pc.onnegotiationneeded?.();
    await settle();
    pc.signalingState = 'have-local-offer';
    sent.length = 0;
    media.receive('bob', JSON.stringify({ d: { type: 'offer', sdp: 'x' } }));
    await settle();
    expect(sent).toEqual([['bob', JSON.stringify({ d: { type: 'offer', sdp: 'v=0' } })]]);
  });

  it('KCALL8 mic and camera switch their tracks off and on; closing stops every track and connection', async () => {
    const { media, local } = mesh();
    await media.open();
    media.connect('bob');
    media.setMic(false);
    media.setCamera(false);
    expect(local.tracks.map((t) => t.enabled)).toEqual([false, false]);
    expect(media.snapshot()).toMatchObject({ micOn: false, cameraOn: false });
    media.drop('bob');
    expect((FakePC.all[0] as FakePC).log.at(-1)).toBe('close');
    media.connect('cat');
    media.close();
    expect(local.tracks.every((t) => t.stopped)).toBe(true);
    expect((FakePC.all[1] as FakePC).log.at(-1)).toBe('close');
    expect(media.snapshot().peers).toEqual([]);
  });

  it('KCALL12 bytes per kind and the candidate in use; quality from round-trip time and loss', () => {
    const report = (stats: Record<string, unknown>[]) =>
      new Map(stats.map((s) => [String(s.id), s])) as unknown as RTCStatsReport;
    const r = report([
      { id: 'i1', type: 'inbound-rtp', kind: 'audio', bytesReceived: 10 },
      { id: 'i2', type: 'inbound-rtp', kind: 'video', bytesReceived: 200 },
      { id: 'o1', type: 'outbound-rtp', kind: 'video', bytesSent: 300 },
      { id: 't', type: 'transport', selectedCandidatePairId: 'p' },
      { id: 'p', type: 'candidate-pair', localCandidateId: 'l', nominated: true, currentRoundTripTime: 0.05 },
      { id: 'l', type: 'local-candidate', candidateType: 'relay' },
    ]);
    expect(bytesOf('bob', r)).toEqual({
      userID: 'bob',
      audioIn: 10,
      videoIn: 200,
      audioOut: 0,
      videoOut: 300,
      localCandidate: 'relay',
    });
    expect(qualityOf(r)).toBe(4);
    expect(qualityOf(report([{ id: 'x', type: 'remote-inbound-rtp', roundTripTime: 0.2, fractionLost: 0 }]))).toBe(3);
    expect(qualityOf(report([{ id: 'x', type: 'remote-inbound-rtp', roundTripTime: 0.1, fractionLost: 0.08 }]))).toBe(
      2,
    );
    expect(qualityOf(report([{ id: 'x', type: 'remote-inbound-rtp', roundTripTime: 0.9, fractionLost: 0 }]))).toBe(1);
  });
});
