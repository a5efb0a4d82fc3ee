import type { RequestException } from './client.ts';

/** What the queue needs from a dialog: open one, change what the open one says. */
export interface ExceptionDialogs {
  open(first: RequestException, more: number, onConfirm: () => void): { update(more: number): void };
}

/** Beyond this many waiting, further failures are only counted (a page that keeps failing must not grow memory). */
export const MAX_WAITING = 100;

/**
 * Rule POR26: one 'Request exception' dialog at a time, saying how many more failures wait; confirming shows the next.
 * A page whose every call fails (the home page makes eleven) shows one dialog, not eleven stacked.
 */
export class ExceptionQueue {
  private readonly waiting: RequestException[] = [];
  private dropped = 0;
  private shown: { update(more: number): void } | null = null;
  /** While the confirmed dialog closes (antd animates it out), the next one waits for `closed()`. */
  private closing = false;

  constructor(private readonly dialogs: ExceptionDialogs) {}

  push(error: RequestException): void {
    if (this.waiting.length < MAX_WAITING) this.waiting.push(error);
    else this.dropped += 1;
    if (this.shown) this.shown.update(this.more());
    else if (!this.closing) this.showNext();
  }

  /** The confirmed dialog has gone: the next failure, if any. */
  closed(): void {
    this.closing = false;
    this.showNext();
  }

  private more(): number {
    return this.waiting.length - 1 + this.dropped;
  }

  private showNext(): void {
    const first = this.waiting[0];
    if (!first) return;
    this.shown = this.dialogs.open(first, this.more(), () => {
      this.waiting.shift();
      if (this.waiting.length === 0) this.dropped = 0;
      this.shown = null;
      this.closing = true;
    });
  }
}
