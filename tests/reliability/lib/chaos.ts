import type { TcpProxy } from '../tcp-proxy.ts';
import { type Rand, between } from './prng.ts';
import { delay } from './wait.ts';

export interface ChaosOptions {
  minGapMs: number;
  maxGapMs: number;
  maxStallMs: number;
  /** Hard bound on faults, whatever the run's length. */
  maxFaults: number;
}

export interface Chaos {
  stop(): Promise<void>;
  readonly faults: { cutAll: number; cutSome: number; stallAll: number; stallSome: number };
}

/**
 * Injects a random network fault every few hundred milliseconds until stopped: cut everything, cut a
 * random third, stall everything, or stall a random half. The gaps between faults are load shaping,
 * not waits for success.
 */
export function startChaos(proxy: TcpProxy, rand: Rand, o: ChaosOptions): Chaos {
  const faults = { cutAll: 0, cutSome: 0, stallAll: 0, stallSome: 0 };
  let stopped = false;
  const loop = (async () => {
    for (let i = 0; i < o.maxFaults && !stopped; i += 1) {
      await delay(between(rand, o.minGapMs, o.maxGapMs));
      if (stopped) break;
      const roll = rand();
      const stallMs = between(rand, 50, o.maxStallMs);
      if (roll < 0.2) {
        proxy.cutAll();
        faults.cutAll += 1;
      } else if (roll < 0.55) {
        proxy.cutRandom(0.33, rand);
        faults.cutSome += 1;
      } else if (roll < 0.75) {
        proxy.stallAll(stallMs);
        faults.stallAll += 1;
      } else {
        proxy.stallRandom(stallMs, 0.5, rand);
        faults.stallSome += 1;
      }
    }
  })();
  return {
    faults,
    async stop() {
      stopped = true;
      await loop;
      proxy.heal();
    },
  };
}
