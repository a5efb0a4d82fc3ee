import { ERRORS, LIMITS, type WireMessage, messageBytes } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat } from './support/messaging.ts';

/** M7: the 8 KB limit counts the UTF-8 bytes of the user's content, on both databases alike. */
afterEach(cleanupApps);

const TOO_LONG = ERRORS.MESSAGE_TOO_LONG.code;

describe('M7 what the 8 KB limit counts', () => {
  it('M7 the string fields of the payload plus cloudCustomData, in UTF-8 bytes; names, quotes and escapes not', () => {
    expect(LIMITS.messageBytes).toBe(8192);
    expect(messageBytes({ text: 'a'.repeat(8192) })).toBe(8192);
    expect(messageBytes({ text: '中'.repeat(2730) })).toBe(8190);
    expect(messageBytes({ text: '😀'.repeat(2048) })).toBe(8192);
    expect(messageBytes({ text: '"\\\n'.repeat(10) })).toBe(30);
    expect(messageBytes({ data: 'ab', description: 'c', extension: 'dé' }, 'xyz')).toBe(2 + 1 + 3 + 3);
    expect(messageBytes({ index: 123456, data: 'yz05' })).toBe(4);
    expect(messageBytes({ description: '太原', longitude: 112.55, latitude: 37.87 })).toBe(6);
  });
});

describe.each(KINDS)('M7 the 8 KB boundary over HTTP (%s)', (kind) => {
  it('M7 8,192 ASCII, 2,730 Chinese (8,190 bytes) and 2,048 emoji are accepted and stored intact; 8,193 bytes refused', async () => {
    const c = await makeChat(kind, ['amy', 'bob']);
    const accepted = [
      { payload: { text: 'a'.repeat(8192) } },
      { payload: { text: '中'.repeat(2730) } },
      { payload: { text: '😀'.repeat(2048) } },
      { payload: { text: '"\\'.repeat(4096) } },
      { payload: { text: 'a'.repeat(4096) }, cloudCustomData: 'b'.repeat(4096) },
      { type: 'TIMCustomElem' as const, payload: { data: 'd'.repeat(4096), description: 'e'.repeat(4096) } },
    ];
    for (const body of accepted) {
      const res = await c.send('amy', 'bob', body);
      expect(res.status, JSON.stringify(res.json).slice(0, 200)).toBe(200);
      expect((res.json.message as WireMessage).payload).toEqual(body.payload);
    }
    const stored = (await c.history('bob', 'C2Camy')).messageList;
    expect(stored.map((m) => m.payload)).toEqual(accepted.map((b) => b.payload));
    const refused = [
      { payload: { text: 'a'.repeat(8193) } },
      { payload: { text: `${'中'.repeat(2730)}abc` } },
      { payload: { text: '中'.repeat(2731) } },
      { payload: { text: 'a'.repeat(4096) }, cloudCustomData: 'b'.repeat(4097) },
      { type: 'TIMCustomElem' as const, payload: { data: 'd'.repeat(4096), extension: 'e'.repeat(4097) } },
    ];
    for (const body of refused) {
      const res = await c.send('amy', 'bob', body);
      expect([res.status, res.json.code]).toEqual([413, TOO_LONG]);
    }
    expect((await c.history('bob', 'C2Camy')).messageList).toHaveLength(accepted.length);
    await c.close();
  });
});
