import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { makeGroupChat } from './support/groups.ts';

afterEach(cleanupApps);

const record = (body: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  ID: 'm-1',
  from: 'amy',
  time: 1,
  messageBody: body,
  ...extra,
});
const text = { type: 'TIMTextElem', payload: { text: 'hi' } };
const inline = (list: unknown[]) => ({ type: 'TIMRelayElem', payload: { messageList: list } });
const mergers = (list: unknown[]) => ({ title: 'T', abstractList: [], compatibleText: 'upgrade', messageList: list });

/**
 * The JSON text of `levels` records nested inline (JSON.stringify itself overflows the stack on such depths). With
 * `second`, each level's merger follows a text element in its body.
 */
function deepText(levels: number, second: boolean): string {
  const head = `{"ID":"m-1","from":"amy","time":1,"messageBody":[${second ? `${JSON.stringify(text)},` : ''}{"type":"TIMRelayElem","payload":{"messageList":[`;
  const leaf = JSON.stringify(record([text]));
  return `${head.repeat(levels - 1)}${leaf}${']}}]}'.repeat(levels - 1)}`;
}

/** `levels` records nested inline, each carrying its nested merger as the given element of its body. */
function chain(levels: number, wrap: (inner: unknown) => Record<string, unknown>): unknown {
  let deep: unknown = record([text]);
  for (let i = 1; i < levels; i += 1) deep = wrap(deep);
  return deep;
}

describe('merged records: every level checked', () => {
  it('ABU30 a nested merger hidden behind a first body element is refused: the depth counts every element', async () => {
    const c = await makeGroupChat('sqlite', ['amy']);
    // Each level's merger is the second element of its body: a depth check reading only messageBody[0] sees 1 level.
    const deep = chain(802, (inner) => record([text, inline([inner])]));
    const res = await c.call('amy', 'POST', '/api/v1/mergers', mergers([record([inline([deep])])]));
    expect(res.status).toBe(400);
    // Twelve levels of well-formed records, the merger second in a list of records: too deep, 60042.
    const wide = chain(12, (inner) => record([inline([record([text]), inner])]));
    expect((await c.call('amy', 'POST', '/api/v1/mergers', mergers([wide]))).code).toBe(60042);
    await c.close();
  }, 120_000);

  it('ABU31 records below the first level are checked against the record schema and their payload types', async () => {
    const c = await makeGroupChat('sqlite', ['amy']);
    const bad = [
      { ID: 'm-2', time: 1, messageBody: [text] }, // no sender
      record([text], { from: 42 }),
      record([{ type: 'TIMTextElem', payload: { text: 7 } }]),
      record([{ type: 'TIMRelayElem', payload: { messageList: 'not a list' } }]),
      record([{ type: 'TIMRelayElem', payload: { messageList: [record([text])], script: 'x' } }]),
      { ...record([text]), messageBody: { 0: text } },
    ];
    for (const inner of bad) {
      const res = await c.call('amy', 'POST', '/api/v1/mergers', mergers([record([inline([inner])])]));
      expect(res.status, JSON.stringify(inner)).toBe(400);
    }
    // The same nesting with a well-formed record is stored.
    expect((await c.call('amy', 'POST', '/api/v1/mergers', mergers([record([inline([record([text])])])]))).code).toBe(
      0,
    );
    await c.close();
  }, 120_000);

  it('ABU32 5,000 levels of nesting are a 400, never a 500 or a stack overflow', async () => {
    const c = await makeGroupChat('sqlite', ['amy']);
    for (const second of [false, true]) {
      const top = `{"ID":"m-0","from":"amy","time":1,"messageBody":[{"type":"TIMRelayElem","payload":{"messageList":[${deepText(5_000, second)}]}}]}`;
      const res = await c.app.inject({
        method: 'POST',
        url: '/api/v1/mergers',
        headers: { authorization: `Bearer ${c.sigs.amy}`, 'content-type': 'application/json' },
        payload: `{"title":"T","abstractList":[],"compatibleText":"upgrade","messageList":[${top}]}`,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    }
    // The server still answers.
    expect((await c.call('amy', 'POST', '/api/v1/mergers', mergers([record([text])]))).code).toBe(0);
    await c.close();
  }, 120_000);
});
