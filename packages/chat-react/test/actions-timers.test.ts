import { afterEach, describe, expect, it, vi } from 'vitest';
import { addReplyTo, MODIFY_RETRY_MS, modifyWithRetry } from '../src/actions/replies/retry.ts';
import {
  MESSAGE_FEATURE,
  TypingIndicator,
  TypingSender,
  typingData,
  typingStatusOf,
  wantsTyping,
} from '../src/actions/typing/typing.ts';

afterEach(() => {
  vi.useRealTimers();
});

const peer = (timeMs: number, feature = true) => ({
  type: 'TIMTextElem',
  payload: { text: 'hi' },
  cloudCustomData: feature ? JSON.stringify(MESSAGE_FEATURE) : '',
  time: Math.floor(timeMs / 1000),
});

describe('typing (seed 000 §4)', () => {
  it('KACT6 status 1 at most every 4 s while typing, 0 once when the input empties or blurs', () => {
    let now = 100_000;
    const sent: number[] = [];
    const s = new TypingSender(
      (status) => sent.push(status),
      () => now,
    );
    s.peerMessage(peer(now));
    s.input('h');
    s.input('he');
    now += 3_999;
    s.input('hel');
    expect(sent).toEqual([1]);
    now += 1;
    s.input('hell');
    expect(sent).toEqual([1, 1]);
    s.input('');
    s.stop();
    expect(sent).toEqual([1, 1, 0]);
    s.input('again');
    expect(sent).toEqual([1, 1, 0, 1]);
  });

  it('KACT6 nothing is sent when the peer’s last message is 30 s old or does not ask for typing', () => {
    let now = 100_000;
    const sent: number[] = [];
    const s = new TypingSender(
      (status) => sent.push(status),
      () => now,
    );
    s.input('x');
    expect(sent).toEqual([]);
    s.peerMessage(peer(now));
    now += 29_999;
    s.input('x');
    expect(sent).toEqual([1]);
    s.stop();
    now += 1;
    s.input('y');
    expect(sent).toEqual([1, 0]);
    s.peerMessage(peer(now, false));
    s.input('z');
    expect(sent).toEqual([1, 0]);
    // A typing signal of the peer is not a message: it does not make the peer recent.
    s.peerMessage({ type: 'TIMCustomElem', payload: { data: typingData(1) }, cloudCustomData: '', time: now / 1000 });
    expect(sent).toEqual([1, 0]);
  });

  it('KACT6 the header shows typing and clears 5 s after the last signal, or at once on status 0', () => {
    vi.useFakeTimers();
    const states: boolean[] = [];
    const ind = new TypingIndicator((t) => states.push(t));
    ind.received(1);
    vi.advanceTimersByTime(4_999);
    ind.received(1);
    vi.advanceTimersByTime(4_999);
    expect(ind.typing).toBe(true);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);
    ind.received(1);
    ind.received(0);
    expect(states).toEqual([true, false, true, false]);
    ind.dispose();
  });

  it('KACT6 typing signals are recognised by businessID; others are messages', () => {
    expect(
      typingStatusOf({ type: 'TIMCustomElem', payload: { data: typingData(1) }, cloudCustomData: '', time: 0 }),
    ).toBe(1);
    expect(
      typingStatusOf({ type: 'TIMCustomElem', payload: { data: typingData(0) }, cloudCustomData: '', time: 0 }),
    ).toBe(0);
    expect(
      typingStatusOf({
        type: 'TIMCustomElem',
        payload: { data: '{"businessID":"evaluation"}' },
        cloudCustomData: '',
        time: 0,
      }),
    ).toBeUndefined();
    expect(
      typingStatusOf({ type: 'TIMCustomElem', payload: { data: 'not json' }, cloudCustomData: '', time: 0 }),
    ).toBeUndefined();
    expect(wantsTyping(peer(0))).toBe(true);
    expect(wantsTyping({ ...peer(0), cloudCustomData: '{broken' })).toBe(false);
  });
});

describe('modify retry (seed 000 §4, §9)', () => {
  it('KACT11 a 2480 is retried after 500, 1000 and 3000 ms from the latest message; both replies stay', async () => {
    const slept: number[] = [];
    let stored = { cloudCustomData: '', version: 0 };
    let conflicts = 3;
    const modify = async (m: { cloudCustomData: string; version: number }) => {
      if (conflicts > 0 || m.version !== stored.version) {
        conflicts -= 1;
        // Someone else's reply lands meanwhile: the refusal carries the latest.
        const other = { cloudCustomData: stored.cloudCustomData, version: stored.version };
        addReplyTo({ messageID: `other-${conflicts}`, messageAbstract: 'o', messageSender: 'bob' })(other);
        stored = { cloudCustomData: other.cloudCustomData, version: stored.version + 1 };
        throw { code: 2480, data: { message: { ...stored } } };
      }
      stored = { cloudCustomData: m.cloudCustomData, version: stored.version + 1 };
      return { data: { message: { ...stored } } };
    };
    const mine = { messageID: 'mine', messageAbstract: 'm', messageSender: 'amy' };
    const saved = await modifyWithRetry({ ...stored }, addReplyTo(mine), modify, async (ms) => {
      slept.push(ms);
    });
    expect(slept).toEqual([...MODIFY_RETRY_MS]);
    const ids = (
      JSON.parse(saved.cloudCustomData) as { messageReplies: { replies: { messageID: string }[] } }
    ).messageReplies.replies.map((r) => r.messageID);
    expect(ids).toEqual(['other-2', 'other-1', 'other-0', 'mine']);
  });

  it('KACT11 a fourth conflict and any other error are given up at once', async () => {
    const conflict = { code: 2480, data: { message: { cloudCustomData: '' } } };
    const slept: number[] = [];
    const always = () => Promise.reject(conflict);
    await expect(
      modifyWithRetry(
        { cloudCustomData: '' },
        () => {},
        always,
        async (ms) => void slept.push(ms),
      ),
    ).rejects.toBe(conflict);
    expect(slept).toEqual([500, 1000, 3000]);
    const other = { code: 20026 };
    slept.length = 0;
    await expect(
      modifyWithRetry(
        { cloudCustomData: '' },
        () => {},
        () => Promise.reject(other),
        async (ms) => void slept.push(ms),
      ),
    ).rejects.toBe(other);
    expect(slept).toEqual([]);
  });
});
