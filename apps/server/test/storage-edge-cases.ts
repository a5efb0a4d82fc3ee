import { MAX_SAFE_INT, PRESET_AVATARS } from '@parley/protocol';
import { expect, it } from 'vitest';
import type { NewMessage, Storage } from '../src/domain/ports.ts';

/**
 * Input edges in the storage contract (IN1, IN2, M7): every value the request schemas let through is
 * stored and read back identically by SQLite and PostgreSQL, so both databases answer alike. The values
 * the schemas refuse (NUL, integers past 2^53 - 1) are exactly those the two databases treat differently.
 */
type WithStorage = (fn: (s: Storage) => Promise<void>) => () => Promise<void>;

/** Every character a request string may hold, at the edges of each UTF-8 length and of JSON escaping. */
const EDGE_TEXT = '\u0001\u001f "\\/\u007f\u0080ÿ\u07ff\u0800中\uffef\ufffd😀\u{10ffff}\t\n\r';

export function inputEdgeCases(
  withStorage: WithStorage,
  sample: { message: (conversationID: string, sender: string, id: string) => NewMessage; now: number },
  seed: (s: Storage, userID: string) => Promise<void>,
): void {
  it(
    'IN2 the largest integer a request may carry (2^53 - 1) round-trips exactly as a clientTime',
    withStorage(async (s) => {
      await s.conversations.ensure('edge', 'C2C', sample.now);
      const input = { ...sample.message('edge', 'a', 'max-int'), clientTime: MAX_SAFE_INT };
      await s.messages.append(input);
      expect((await s.messages.bySenderID('a', 'max-int'))?.clientTime).toBe(MAX_SAFE_INT);
    }),
  );

  it(
    'IN1 every character but NUL round-trips in profiles, payloads and cloudCustomData',
    withStorage(async (s) => {
      await seed(s, 'edgy');
      const fields = {
        nick: EDGE_TEXT,
        selfSignature: EDGE_TEXT,
        location: EDGE_TEXT,
        avatar: PRESET_AVATARS[5] ?? '',
      };
      expect(await s.profiles.update('edgy', fields, sample.now + 1)).toMatchObject(fields);
      await s.conversations.ensure('edge', 'C2C', sample.now);
      const input = {
        ...sample.message('edge', 'edgy', 'edge-text'),
        payload: JSON.stringify({ text: EDGE_TEXT }),
        cloudCustomData: EDGE_TEXT,
      };
      await s.messages.append(input);
      const read = await s.messages.bySenderID('edgy', 'edge-text');
      expect(JSON.parse(read?.payload ?? 'null')).toEqual({ text: EDGE_TEXT });
      expect(read?.cloudCustomData).toBe(EDGE_TEXT);
    }),
  );

  it(
    'M7 messages at the 8 KB boundary round-trip intact: 8,192 ASCII, 2,730 Chinese, 2,048 emoji',
    withStorage(async (s) => {
      await s.conversations.ensure('big', 'C2C', sample.now);
      const texts = ['a'.repeat(8192), '中'.repeat(2730), '😀'.repeat(2048), '"\\'.repeat(4096)];
      for (const [i, text] of texts.entries()) {
        await s.messages.append({
          ...sample.message('big', 'a', `big-${i}`),
          payload: JSON.stringify({ text }),
          cloudCustomData: text,
        });
      }
      const page = await s.messages.pageAfter('big', 0, 10);
      expect(page.map((m) => JSON.parse(m.payload).text)).toEqual(texts);
      expect(page.map((m) => m.cloudCustomData)).toEqual(texts);
    }),
  );
}
