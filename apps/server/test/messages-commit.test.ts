import { ERRORS } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusMessage } from '../src/domain/bus.ts';
import type { Repos, Storage } from '../src/domain/ports.ts';
import { bearer, cleanupApps, createUser, makeApp, userSigFor } from './support/app.ts';
import { nextID } from './support/messaging.ts';

afterEach(cleanupApps);

/**
 * Wraps a storage so tests can see when transactions commit, or make them fail at the last moment. Sends are
 * written by the group-commit writer through `sends.appendBatch`: a failing commit there makes each message's
 * write throw inside the transaction (after its sequence was taken), so it is rolled back.
 */
function observed(inner: Storage, log: string[], failCommit: { on: boolean }): Storage {
  const sends: Storage['sends'] = {
    pageContext: (u, v) => inner.sends.pageContext(u, v),
    pageBefore: (c, b, l, m) => inner.sends.pageBefore(c, b, l, m),
    async appendBatch(drafts) {
      const failing = drafts.map((d) => ({
        ...d,
        render: failCommit.on
          ? () => {
              throw new Error('commit failed');
            }
          : d.render,
      }));
      const outcomes = await inner.sends.appendBatch(failing);
      log.push('commit');
      return outcomes;
    },
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'sends') return sends;
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return async <T>(fn: (tx: Repos) => Promise<T>) => {
        const result = await target.transaction(async (tx) => {
          const r = await fn(tx);
          if (failCommit.on) throw new Error('commit failed');
          return r;
        });
        log.push('commit');
        return result;
      };
    },
  });
}

describe('sending and committing', () => {
  async function setup(failCommit = { on: false }) {
    const log: string[] = [];
    const { app } = await makeApp({ wrapStorage: (s) => observed(s, log, failCommit) });
    await createUser(app, { userID: 'amy' });
    await createUser(app, { userID: 'bob' });
    const sig = await userSigFor(app, 'amy');
    const storage = app.parley.domain.storage;
    const seenByPush: (boolean | string)[] = [];
    await app.parley.domain.bus.subscribe('user:bob', (e: BusMessage) => {
      log.push('publish');
      const id = (e.message as { ID: string }).ID;
      void storage.messages.bySenderID('amy', id).then((m) => seenByPush.push(m !== undefined));
    });
    const send = (ID = nextID()) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/messages',
        headers: bearer(sig),
        payload: { ID, conversationType: 'C2C', to: 'bob', type: 'TIMTextElem', payload: { text: 'x' } },
      });
    return { app, log, send, storage, seenByPush };
  }

  it('M3 the ack comes after the commit; EV1 the push after the commit, and the pushed message is readable', async () => {
    const { log, send, storage, seenByPush } = await setup();
    const ID = nextID();
    const res = await send(ID);
    expect(res.statusCode).toBe(200);
    expect(log).toContain('commit');
    expect(await storage.messages.bySenderID('amy', ID)).toBeDefined();
    await expect.poll(() => log.filter((x) => x === 'publish').length).toBe(1);
    expect(log.slice(log.lastIndexOf('commit'))).toEqual(['commit', 'publish']);
    await expect.poll(() => seenByPush).toEqual([true]);
  });

  it('TX1 M6 a send whose commit fails is not acknowledged, not stored and not pushed', async () => {
    const failCommit = { on: false };
    const { log, send, storage } = await setup(failCommit);
    failCommit.on = true;
    const ID = nextID();
    const res = await send(ID);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: ERRORS.INTERNAL.code, message: ERRORS.INTERNAL.message });
    expect(await storage.messages.bySenderID('amy', ID)).toBeUndefined();
    failCommit.on = false;
    const retry = await send(ID);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message.sequence).toBe(1);
    await expect.poll(() => log.filter((x) => x === 'publish').length).toBe(1);
  });
});
