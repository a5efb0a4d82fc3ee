import { ERRORS, MESSAGE_ROUTES, MESSAGE_TYPE, type WireMessage, conversationPath } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { STATUS_NOTICE_SPACING } from '../src/domain/portal/status-notice.ts';
import { bearer, cleanupApps, userSigFor } from './support/app.ts';
import { makePortalApp, sessionOf, tapi } from './support/portal.ts';

afterEach(cleanupApps);

const ZHANGWEI = { mobile: '13800000001', identity: 1 };
const TAIYUAN_TECH = { mobile: '13900000001', identity: 2 };

/** The demo job seeker applied to the demo enterprise's job 1; returns the enterprise's cookies and helpers. */
async function applied(env: Record<string, string> = {}) {
  const clock = { t: Date.UTC(2026, 5, 1), now: () => clock.t };
  const { app } = await makePortalApp('sqlite', { demo: true, env, overrides: { clock } });
  const as = async (who: typeof ZHANGWEI) =>
    sessionOf(await tapi(app, 'user/login', { ...who, password: DEMO_PASSWORD }));
  const seeker = await as(ZHANGWEI);
  await tapi(app, 'job/apply', { id: 1 }, { cookies: seeker });
  const owner = await as(TAIYUAN_TECH);
  const setStatus = (status: number) =>
    tapi(app, 'job/status', { job_id: 1, seeker: 'zhangwei', status }, { cookies: owner });
  return { app, clock, seeker, setStatus, notices: () => noticesOf(app) };
}

async function noticesOf(app: FastifyInstance): Promise<WireMessage[]> {
  const url = conversationPath(MESSAGE_ROUTES.messages, 'C2Ctaiyuan_tech');
  const res = await app.inject({
    method: 'GET',
    url: `${url}?count=100`,
    headers: bearer(await userSigFor(app, 'zhangwei')),
  });
  return (res.json() as { messageList: WireMessage[] }).messageList.filter((m) => m.type === MESSAGE_TYPE.CUSTOM);
}

function statusOf(m: WireMessage | undefined): number {
  if (!m) throw new Error('no notice');
  return JSON.parse((m.payload as { data: string }).data).status as number;
}

describe('status notices are spaced and within the send budget', () => {
  it('ABU36 60 status changes in a row send at most 3 notices in 10 minutes, none repeating the last one', async () => {
    const { clock, setStatus, notices } = await applied();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => setStatus((i % 2) + 2)));
    expect(answers.every((a) => a.body.code === 1)).toBe(true);
    const sent = await notices();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThanOrEqual(STATUS_NOTICE_SPACING.max);
    for (let i = 1; i < sent.length; i += 1) expect(statusOf(sent[i])).not.toBe(statusOf(sent[i - 1]));
    // Within the window a further change sends nothing.
    const last = statusOf(sent.at(-1));
    expect((await setStatus(last === 2 ? 3 : 2)).body.code).toBe(1);
    const before = (await notices()).length;
    expect(before).toBe(sent.length);
    // After the window a real change is told again.
    clock.t += STATUS_NOTICE_SPACING.windowMs;
    expect((await setStatus(4)).body.code).toBe(1);
    const after = await notices();
    expect(after).toHaveLength(before + 1);
    expect(statusOf(after.at(-1))).toBe(4);
  }, 120_000);

  it('ABU37 SHR13 a status change that would send over the enterprise send budget is refused with 60007 and changes nothing', async () => {
    // 1 message a second, burst 2.
    const { app, clock, seeker, setStatus, notices } = await applied({ PARLEY_RATE_SENDS: '1' });
    const sig = await userSigFor(app, 'taiyuan_tech');
    for (let i = 0; i < 2; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: MESSAGE_ROUTES.send,
        headers: bearer(sig),
        payload: {
          ID: `m-${i}`,
          conversationType: 'C2C',
          to: 'zhangwei',
          type: MESSAGE_TYPE.TEXT,
          payload: { text: 'hi' },
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const refused = await setStatus(2);
    expect(refused.body.code).toBe(ERRORS.RATE_LIMITED.code);
    expect(await notices()).toEqual([]);
    const mine = (await tapi(app, 'user/delivershow', { id: 1 }, { cookies: seeker })).data as { status: number };
    expect(mine.status).not.toBe(2);
    // SHR13: the refused notice left no spacing record behind, so the same change announces once the budget refills.
    clock.t += 1000;
    expect((await setStatus(2)).body.code).not.toBe(ERRORS.RATE_LIMITED.code);
    expect(await notices()).toHaveLength(1);
  }, 120_000);
});
