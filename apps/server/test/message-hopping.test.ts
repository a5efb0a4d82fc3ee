import type { Hopping, WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { KINDS, makeChat } from './support/messaging.ts';

afterEach(cleanupApps);

const enc = encodeURIComponent;
const hop = (conv: string, query: string) => `/api/v1/conversations/${enc(conv)}/hopping?${query}`;

/** getMessageListHopping's route (SRCH41–SRCH44): read as history is, from a sequence or a time. */
describe.each(KINDS)('history from a sequence or a time (%s)', (kind) => {
  async function setup() {
    const c = await makeChat(kind, ['amy', 'bob', 'cat']);
    const sent: WireMessage[] = [];
    for (let i = 1; i <= 8; i += 1) {
      const r = await c.send(i % 2 ? 'amy' : 'bob', i % 2 ? 'bob' : 'amy', { payload: { text: `t${i}` } });
      expect(r.status).toBe(200);
      sent.push(r.json.message as WireMessage);
    }
    const page = async (as: string, conv: string, query: string) => {
      const r = await c.get(as, hop(conv, query));
      return { status: r.status, body: r.json as unknown as Hopping & { code?: number } };
    };
    const texts = (h: Hopping) => h.messageList.map((m) => (m.payload as { text: string }).text);
    return { c, sent, page, texts };
  }

  it('SRCH42 exactly one of sequence and time; a bad direction or count is refused', async () => {
    const { c, page } = await setup();
    for (const query of ['', 'sequence=1&time=1', 'sequence=1&direction=2', 'sequence=1&count=101', 'sequence=-1']) {
      const r = await page('amy', 'C2Cbob', query);
      expect(r.status, query).toBe(400);
    }
    expect((await page('amy', 'C2Cbob', 'sequence=1&time=1')).body.code).toBe(60003);
    await c.close();
  });

  it('SRCH41 SRCH43 only members read, never what they deleted; the page is counted before hiding', async () => {
    const { c, sent, page, texts } = await setup();
    const at = (i: number) => (sent[i - 1] as WireMessage).sequence;
    const deleted = await c.post('bob', `/api/v1/conversations/${enc('C2Camy')}/messages/delete`, {
      messageIDList: [sent[3]?.ID],
    });
    expect(deleted.status).toBe(200);
    const mine = await page('bob', 'C2Camy', `sequence=${at(5)}&count=3`);
    expect(texts(mine.body)).toEqual(['t3', 't5']);
    expect(mine.body).toMatchObject({ isCompleted: false, nextMessageSeq: at(3) - 1 });
    expect(texts((await page('amy', 'C2Cbob', `sequence=${at(5)}&count=3`)).body)).toEqual(['t3', 't4', 't5']);
    // Not in the conversation: nothing, as history answers.
    const outsider = await page('cat', 'C2Cbob', `sequence=${at(5)}`);
    expect(outsider.body).toEqual({ messageList: [], isCompleted: true, nextMessageSeq: 0, nextMessageTime: 0 });
    await c.close();
  });

  it('SRCH42 SRCH44 from a time: the newest at or before it going back, the oldest at or after it going on', async () => {
    const { c, sent, page, texts } = await setup();
    const last = sent.at(-1) as WireMessage;
    const back = await page('amy', 'C2Cbob', `time=${last.time + 60}&count=2`);
    expect(texts(back.body)).toEqual(['t7', 't8']);
    expect(back.body.nextMessageTime).toBe(sent[6]?.time);
    const on = await page('amy', 'C2Cbob', 'time=0&direction=1&count=8');
    expect(texts(on.body)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8']);
    expect(on.body).toMatchObject({ isCompleted: true, nextMessageSeq: 0, nextMessageTime: 0 });
    const none = await page('amy', 'C2Cbob', `time=${last.time + 60}&direction=1`);
    expect(none.body).toMatchObject({ messageList: [], isCompleted: true });
    await c.close();
  });
});
