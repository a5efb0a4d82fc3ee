/** The ring of an incoming call, synthesised in the page (no audio file, nothing fetched; GUIDE §1). */
export interface Ringer {
  start(): void;
  stop(): void;
}

/** Two short tones every two seconds until stopped (KCALL5); silent where the page may not play sound yet. */
export class RingTone implements Ringer {
  #context: AudioContext | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;

  start(): void {
    if (this.#timer !== undefined || typeof AudioContext === 'undefined') return;
    try {
      this.#context = new AudioContext();
    } catch {
      return;
    }
    const beep = () => {
      const ctx = this.#context;
      if (!ctx) return;
      for (const [offset, hz] of [
        [0, 440],
        [0.45, 480],
      ] as const) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = hz;
        gain.gain.value = 0.08;
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + offset);
        osc.stop(ctx.currentTime + offset + 0.35);
      }
    };
    beep();
    this.#timer = setInterval(beep, 2000);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    void this.#context?.close().catch(() => undefined);
    this.#context = null;
  }
}
