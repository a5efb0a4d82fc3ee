/** Reading a peer connection's statistics: bytes per kind and a 0–4 link quality (KCALL12). */
import type { PeerBytes, Quality } from './call-media.ts';

type Stat = Record<string, unknown> & { type: string; id: string };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function bytesOf(userID: string, report: RTCStatsReport): PeerBytes {
  const out = { userID, audioIn: 0, videoIn: 0, audioOut: 0, videoOut: 0, localCandidate: '' };
  const stats = new Map<string, Stat>();
  report.forEach((s: Stat) => {
    stats.set(s.id, s);
  });
  let pairID = '';
  for (const s of stats.values()) {
    const video = s.kind === 'video';
    if (s.type === 'inbound-rtp') out[video ? 'videoIn' : 'audioIn'] += num(s.bytesReceived);
    if (s.type === 'outbound-rtp') out[video ? 'videoOut' : 'audioOut'] += num(s.bytesSent);
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') pairID = s.selectedCandidatePairId;
  }
  const pair = stats.get(pairID);
  const local = pair ? stats.get(String(pair.localCandidateId)) : undefined;
  if (local) out.localCandidate = String(local.candidateType ?? '');
  return out;
}

/** Round-trip time and loss the peer reports about what it receives from us: good under 150 ms and 2 % loss. */
export function qualityOf(report: RTCStatsReport): Quality {
  let rtt = 0;
  let lost = 0;
  report.forEach((s: Stat) => {
    if (s.type === 'remote-inbound-rtp') {
      rtt = Math.max(rtt, num(s.roundTripTime));
      lost = Math.max(lost, num(s.fractionLost));
    }
    if (s.type === 'candidate-pair' && s.nominated === true) rtt = Math.max(rtt, num(s.currentRoundTripTime));
  });
  if (rtt < 0.15 && lost < 0.02) return 4;
  if (rtt < 0.3 && lost < 0.05) return 3;
  if (rtt < 0.6 && lost < 0.1) return 2;
  return 1;
}
