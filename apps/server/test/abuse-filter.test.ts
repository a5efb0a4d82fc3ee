import { ERRORS, type Group, type JobDetail, type JobPage, type WireMessage } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/app/demo-seed.ts';
import { cleanupApps } from './support/app.ts';
import { C, makeContactChat } from './support/contacts.ts';
import { R, makeGroupChat, path } from './support/groups.ts';
import { KINDS, nextID } from './support/messaging.ts';
import { makePortalApp, sessionOf, tapi } from './support/portal.ts';

afterEach(cleanupApps);

const enc = encodeURIComponent;
const modifyPath = (conv: string, id: string) => `/api/v1/conversations/${enc(conv)}/messages/${enc(id)}/modify`;
/** A phrase of the default word list (app/prohibited-words.txt). */
const BAD = '刷单返利';
/** The same phrase with every character written as a JSON escape. */
const ESCAPED = '{"note":"\\u5237\\u5355\\u8fd4\\u5229"}';

const CLEAN = {
  TIMCustomElem: { data: '{"kind":"card"}', description: 'a card', extension: '' },
  TIMLocationElem: { description: 'office', longitude: 112.5, latitude: 37.8 },
  TIMFaceElem: { index: 1, data: 'smile' },
} as const;
const DIRTY = {
  TIMCustomElem: { data: '{"kind":"card"}', description: `做${BAD}`, extension: '' },
  TIMLocationElem: { description: `${BAD}中心`, longitude: 112.5, latitude: 37.8 },
  TIMFaceElem: { index: 1, data: BAD },
} as const;

describe.each(KINDS)('prohibited words in every stored text (%s)', (kind) => {
  it('ABU16 custom, location and face messages sent clean cannot be modified into a prohibited phrase (80001)', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob']);
    for (const type of ['TIMCustomElem', 'TIMLocationElem', 'TIMFaceElem'] as const) {
      const sent = await c.send('amy', 'bob', { type, payload: CLEAN[type] });
      expect(sent.status).toBe(200);
      const m = sent.json.message as WireMessage;
      const edit = await c.call('amy', 'POST', modifyPath('C2Cbob', m.ID), { version: 0, payload: DIRTY[type] });
      expect([edit.status, edit.code]).toEqual([422, 80001]);
      // Sent dirty outright is refused the same way.
      expect((await c.send('amy', 'bob', { type, payload: DIRTY[type] })).json.code).toBe(80001);
    }
    const history = await c.history('bob', 'C2Camy');
    expect(history.messageList.map((m) => [m.type, m.payload, m.isModified])).toEqual(
      (['TIMCustomElem', 'TIMLocationElem', 'TIMFaceElem'] as const).map((t) => [t, CLEAN[t], false]),
    );
    await c.close();
  });

  it('ABU16 cloudCustomData is filtered on send and on modify, JSON escapes decoded; clean data still passes', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob']);
    const text = (cloudCustomData: string) =>
      c.call('amy', 'POST', '/api/v1/messages', {
        ID: nextID(),
        conversationType: 'C2C',
        to: 'bob',
        type: 'TIMTextElem',
        payload: { text: 'hello' },
        cloudCustomData,
      });
    expect((await text(`{"note":"${BAD}"}`)).code).toBe(80001);
    expect((await text(ESCAPED)).code).toBe(80001);
    const ok = await text('{"note":"fine"}');
    expect(ok.code).toBe(0);
    const m = ok.json.message as WireMessage;
    for (const cloudCustomData of [BAD, ESCAPED]) {
      const edit = await c.call('bob', 'POST', modifyPath('C2Camy', m.ID), { version: 0, cloudCustomData });
      expect([edit.status, edit.code]).toEqual([422, 80001]);
    }
    expect((await c.call('bob', 'POST', modifyPath('C2Camy', m.ID), { version: 0, cloudCustomData: '{}' })).code).toBe(
      0,
    );
    const [stored] = (await c.history('amy', 'C2Cbob')).messageList;
    expect([stored?.ID, stored?.cloudCustomData]).toEqual([m.ID, '{}']);
    await c.close();
  });

  it('ABU16 merged records are filtered at every level they nest; clean records are stored', async () => {
    const c = await makeGroupChat(kind, ['amy', 'bob']);
    const record = (text: string, nested?: unknown) => ({
      ID: nextID(),
      from: 'amy',
      nick: 'amy',
      time: 1,
      messageBody: [
        nested
          ? {
              type: 'TIMRelayElem',
              payload: { title: 'inner', abstractList: [], compatibleText: 'x', messageList: [nested] },
            }
          : { type: 'TIMTextElem', payload: { text } },
      ],
    });
    const merger = (messageList: unknown[], title = 'Chat history') =>
      c.call('amy', 'POST', '/api/v1/mergers', { title, abstractList: ['amy: hi'], compatibleText: 'x', messageList });
    expect((await merger([record('hello')])).code).toBe(0);
    expect((await merger([record(`${BAD}!`)])).code).toBe(80001);
    expect((await merger([record('', record('', record(BAD)))])).code).toBe(80001);
    expect((await merger([record('hello')], BAD)).code).toBe(80001);
    await c.close();
  });

  it('ABU17 a job post carrying a prohibited phrase is refused (80001) and never listed', async () => {
    const { app, close } = await makePortalApp(kind, { demo: true });
    const owner = sessionOf(
      await tapi(app, 'user/login', { mobile: '13900000001', identity: 2, password: DEMO_PASSWORD }),
    );
    const post = {
      title: '客服专员',
      hid: 1,
      xz: 1,
      salary: '5-8K',
      province: '140000',
      citys: '140100',
      area: '140105',
      city_name: '太原·小店区',
      address: '长治路 1 号',
      education: '不限',
      experience: '不限',
      headcount: 3,
      description: '在家工作',
      requirements: '',
    };
    for (const dirty of [{ description: `日结${BAD}` }, { title: `${BAD}客服` }, { requirements: BAD }]) {
      const res = await tapi(app, 'job/add', { ...post, ...dirty }, { cookies: owner });
      expect(res.body.code).toBe(ERRORS.PROHIBITED_CONTENT.code);
    }
    const listed = (await tapi(app, 'job/list', { val: '客服' })).data as JobPage;
    expect(listed.list.map((j) => j.title)).not.toContain(`${BAD}客服`);
    const clean = await tapi(app, 'job/add', post, { cookies: owner });
    expect((clean.data as JobDetail).title).toBe('客服专员');
    await close();
  });

  it('ABU18 texts other people read are filtered: group profile, name card, application, nick, signature, friend request, status', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob']);
    const g = await c.create('amy', { name: 'clean', type: 'Public', joinOption: 'NeedPermission' });
    const attempts: [string, Promise<{ status: number; code: number }>][] = [
      ['create', c.call('amy', 'POST', R.groups, { name: `${BAD}群`, type: 'Public' })],
      ['group name', c.call('amy', 'PATCH', path(R.group, g.groupID), { name: BAD })],
      ['introduction', c.call('amy', 'PATCH', path(R.group, g.groupID), { introduction: BAD })],
      ['notification', c.call('amy', 'PATCH', path(R.group, g.groupID), { notification: BAD })],
      ['name card', c.call('amy', 'PUT', path(R.nameCard, g.groupID, { userID: 'amy' }), { nameCard: BAD })],
      ['application', c.call('bob', 'POST', path(R.join, g.groupID), { applyMessage: BAD })],
      ['nick', c.call('bob', 'PATCH', '/api/v1/profile', { nick: BAD })],
      ['signature', c.call('bob', 'PATCH', '/api/v1/profile', { selfSignature: `我做${BAD}` })],
      ['friend request', c.call('bob', 'POST', C.friends, { to: 'amy', source: 'AddSource_Type_Web', wording: BAD })],
      ['custom status', c.call('bob', 'PUT', C.selfStatus, { customStatus: BAD })],
    ];
    for (const [what, attempt] of attempts) expect([what, (await attempt).code]).toEqual([what, 80001]);
    const group = (await c.call('amy', 'GET', path(R.group, g.groupID))).json.group as Group;
    expect([group.name, group.introduction, group.notification]).toEqual(['clean', '', '']);
    expect(await c.friends('amy')).toEqual([]);
    expect((await c.call('bob', 'GET', '/api/v1/profile')).json).toMatchObject({ nick: 'bob-nick', selfSignature: '' });
    await c.close();
  });
});
