import { describe, expect, it } from 'vitest';
import { RequestException } from '../src/portal/api/client.ts';
import { type ExceptionDialogs, ExceptionQueue, MAX_WAITING } from '../src/portal/api/exception-queue.ts';

/** A fake dialog layer: records what is open and what it says. */
function fakeDialogs() {
  const log: { shown: string[]; more: number[]; confirm: (() => void) | null } = { shown: [], more: [], confirm: null };
  const dialogs: ExceptionDialogs = {
    open(first, more, onConfirm) {
      log.shown.push(first.message);
      log.more.push(more);
      log.confirm = onConfirm;
      return { update: (n) => log.more.push(n) };
    },
  };
  return { dialogs, log };
}

const fail = (n: number) => new RequestException(500, `HTTP 500 #${n}`);

describe('request exception dialogs', () => {
  it('POR26 eleven failures open one dialog that counts the ten behind it', () => {
    const { dialogs, log } = fakeDialogs();
    const queue = new ExceptionQueue(dialogs);
    for (let i = 1; i <= 11; i += 1) queue.push(fail(i));
    expect(log.shown).toEqual(['HTTP 500 #1']);
    expect(log.more.at(-1)).toBe(10);
  });

  it('POR26 confirming shows the next once the first has closed, never two at once', () => {
    const { dialogs, log } = fakeDialogs();
    const queue = new ExceptionQueue(dialogs);
    queue.push(fail(1));
    queue.push(fail(2));
    log.confirm?.();
    // Still closing: a failure now waits instead of opening a second dialog.
    queue.push(fail(3));
    expect(log.shown).toEqual(['HTTP 500 #1']);
    queue.closed();
    expect(log.shown).toEqual(['HTTP 500 #1', 'HTTP 500 #2']);
    expect(log.more.at(-1)).toBe(1);
    log.confirm?.();
    queue.closed();
    log.confirm?.();
    queue.closed();
    expect(log.shown).toEqual(['HTTP 500 #1', 'HTTP 500 #2', 'HTTP 500 #3']);
    queue.closed();
    expect(log.shown).toHaveLength(3);
  });

  it('POR26 a page that keeps failing keeps counting without holding every error', () => {
    const { dialogs, log } = fakeDialogs();
    const queue = new ExceptionQueue(dialogs);
    for (let i = 0; i < MAX_WAITING + 50; i += 1) queue.push(fail(i));
    expect(log.shown).toHaveLength(1);
    expect(log.more.at(-1)).toBe(MAX_WAITING + 49);
  });
});
