import { describe, expect, it } from 'vitest';
import { takeInlineSession } from '../src/session/inline-session.ts';

/** Just enough of a Document: one element with the given text, removed once taken. */
function page(text: string | null) {
  let element: { textContent: string; remove: () => void } | null =
    text === null ? null : { textContent: text, remove: () => (element = null) };
  return { getElementById: () => element, present: () => element !== null } as unknown as Document & {
    present: () => boolean;
  };
}

const SESSION = { userID: 'hana', userSig: 'sig', expiresAt: 1, identity: 1, profile: { userID: 'hana' } };
const START = { conversationList: [], syncVersion: 3, isSyncCompleted: true };

describe('the session in the entry page', () => {
  it('SDK9 a chat route hands over the session and its first conversation page, once', () => {
    const doc = page(JSON.stringify({ ...SESSION, chatStart: START }));
    expect(takeInlineSession(doc)).toEqual({ session: SESSION, chatStart: START });
    expect(doc.present()).toBe(false);
    expect(takeInlineSession(doc)).toBeUndefined();
  });

  it('SDK9 other pages: the session alone; a visitor: null; a malformed block: probe instead', () => {
    expect(takeInlineSession(page(JSON.stringify(SESSION)))).toEqual({ session: SESSION, chatStart: undefined });
    expect(takeInlineSession(page('null'))).toEqual({ session: null });
    expect(takeInlineSession(page('{"userID":1}'))).toBeUndefined();
    expect(takeInlineSession(page('not json'))).toBeUndefined();
    expect(takeInlineSession(page(null))).toBeUndefined();
    const odd = takeInlineSession(page(JSON.stringify({ ...SESSION, chatStart: { conversationList: 'x' } })));
    expect(odd).toEqual({ session: SESSION, chatStart: undefined });
  });
});
