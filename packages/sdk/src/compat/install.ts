import { installNotYet } from './not-yet.ts';
import { signalingHelpers } from './signaling-info.ts';

/**
 * Completes ChatSDK's prototype with the reference's whole method surface (issue 13 §2): the signalling helpers
 * that already work, then a not-yet stub for every reference method still missing. Both only fill gaps: a
 * feature module's real method, installed before or after, is the one that stays.
 */
export function installCompat(proto: object): void {
  const target = proto as Record<string, unknown>;
  for (const [name, fn] of Object.entries(signalingHelpers)) {
    if (typeof target[name] !== 'function') {
      Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
    }
  }
  installNotYet(proto);
}
