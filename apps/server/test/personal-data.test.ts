import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DELETED_USER_ROLE,
  ERRORS,
  GROUP_ROUTES,
  groupPath,
  PERSONAL_DATA_FORMAT,
  PERSONAL_DATA_ROUTES,
  type WireMessage,
  personalDataPath,
} from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { adminHeaders, cleanupApps, createUser, tempDir, userSigFor } from './support/app.ts';
import { C, type ContactChat, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';
import { readTar } from './support/tar.ts';
import { pdf, upload } from './support/uploads.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await cleanupApps();
});

const PASSWORD = 'correct horse 1';

describe.each(KINDS)('personal data (%s)', (kind) => {
  /** zoe (with a password) is friends with bob, in a friend group, owns two groups and is in a third; she sent texts and a file. */
  async function world(env: Record<string, string> = {}) {
    const c = await makeContactChat(kind, ['bob', 'cat'], env);
    closers.push(c.close);
    await createUser(c.app, {
      userID: 'zoe',
      password: PASSWORD,
      profile: { nick: '佐伊 Zoe', avatar: '/avatars/avatar-2.svg' },
    });
    c.sigs.zoe = await userSigFor(c.app, 'zoe');
    await c.befriend('zoe', 'bob');
    expect((await c.call('zoe', 'POST', C.friendGroups, { name: '同事', userIDList: ['bob'] })).status).toBe(200);
    const shared = await c.create('zoe', {
      name: 'shared',
      type: 'Public',
      memberList: [{ userID: 'bob' }, { userID: 'cat', role: 'Admin' }],
    });
    const alone = await c.create('zoe', { name: 'alone', type: 'Public' });
    const bobs = await c.create('bob', { name: 'bobs', type: 'Public', memberList: [{ userID: 'zoe' }] });
    expect((await c.send('zoe', 'bob', { payload: { text: '你好 bob' } })).status).toBe(200);
    expect((await c.send('bob', 'zoe', { payload: { text: 'hello from bob' } })).status).toBe(200);
    expect((await c.say('zoe', shared.groupID, { payload: { text: 'to the group' } })).status).toBe(200);
    const bytes = Buffer.concat([pdf(), Buffer.from('zoe file')]);
    const file = (await upload(c.app, c.sigs.zoe, 'file', bytes, '简历 cv.pdf')).json;
    const payload = { fileUrl: file.url, uuid: file.uuid, fileName: '简历 cv.pdf', fileSize: file.size };
    expect((await c.send('zoe', 'bob', { type: 'TIMFileElem' as const, payload })).status).toBe(200);
    return { c, shared, alone, bobs, file, bytes };
  }

  const archiveOf = async (c: ContactChat, as: string) => {
    const link = await c.call(as, 'POST', PERSONAL_DATA_ROUTES.export);
    expect(link.status).toBe(200);
    const res = await c.app.inject({ method: 'GET', url: String(link.json.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="parley-data-zoe-\d{8}\.tar"$/);
    return res.rawPayload;
  };

  it('PDAT1 PDAT2 PDAT3 PDAT4 PDAT5 the archive holds the profile, contacts, groups, only her own messages and her files, with a manifest that lists every member', async () => {
    const { c, shared, bobs, file, bytes } = await world();
    const tar = await archiveOf(c, 'zoe');
    const m = readTar(tar);
    const at = (p: string) => m.get(`parley-data-zoe/${p}`);
    expect([...m.keys()][0]).toBe('parley-data-zoe/README.txt');
    expect([...m.keys()].at(-1)).toBe('parley-data-zoe/manifest.json');
    expect(at('README.txt')?.toString()).toContain('messages.jsonl');
    const account = JSON.parse(String(at('account.json')));
    expect(account.profile.nick).toBe('佐伊 Zoe');
    expect(account).not.toHaveProperty('passwordHash');
    const contacts = JSON.parse(String(at('contacts.json')));
    expect(contacts.friends.map((f: { userID: string }) => f.userID)).toEqual(['bob']);
    expect(contacts.friendGroups).toEqual([expect.objectContaining({ name: '同事', userIDList: ['bob'] })]);
    const groups = JSON.parse(String(at('groups.json'))) as { groupID: string; role: string }[];
    expect(groups.map((g) => g.groupID).sort()).toContain(bobs.groupID);
    expect(groups.find((g) => g.groupID === shared.groupID)?.role).toBe('Owner');
    const lines = String(at('messages.jsonl'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const texts = lines.map((l) => (l.payload as { text?: string }).text).filter(Boolean);
    expect(texts).toEqual(expect.arrayContaining(['你好 bob', 'to the group']));
    expect(texts).not.toContain('hello from bob');
    expect(lines.some((l) => l.type === 'TIMFileElem')).toBe(true);
    const fileID = file.url.split('/').at(-1);
    expect(at(`files/${fileID}-简历 cv.pdf`)?.equals(bytes)).toBe(true);
    const manifest = JSON.parse(String(at('manifest.json')));
    expect(manifest.format).toBe(PERSONAL_DATA_FORMAT);
    const listed = new Map((manifest.members as { path: string; bytes: number }[]).map((e) => [e.path, e.bytes]));
    for (const [path, data] of m) if (!path.endsWith('manifest.json')) expect(listed.get(path)).toBe(data.length);
    // A standard tar reads it too, names in UTF-8 included.
    const file0 = join(tempDir(), 'a.tar');
    writeFileSync(file0, tar);
    expect(execFileSync('tar', ['-tf', file0]).toString()).toContain(`files/${fileID}-简历 cv.pdf`);
  });

  it('PDAT6 PDAT7 a link per hour; the link is bound to its user and refuses a forged token', async () => {
    const { c } = await world();
    const first = await c.call('zoe', 'POST', PERSONAL_DATA_ROUTES.export);
    expect(first.status).toBe(200);
    const again = await c.call('zoe', 'POST', PERSONAL_DATA_ROUTES.export);
    expect(again.status).toBe(429);
    expect(again.code).toBe(ERRORS.RATE_LIMITED.code);
    expect((await c.call('bob', 'POST', PERSONAL_DATA_ROUTES.export)).status).toBe(200);
    const url = String(first.json.url);
    const forged = `${url.slice(0, -3)}${url.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await c.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherUser = url.replace(/export\/[^.]+\./, `export/${Buffer.from('bob').toString('base64url')}.`);
    expect((await c.app.inject({ method: 'GET', url: otherUser })).statusCode).toBe(404);
  });

  it('PDAT9 PDAT11 PDAT12 PDAT13 PDAT14 PDAT15 deleting with the password: sockets kicked, sigs dead, groups handed on or dismissed, messages nameless, files gone, ID kept', async () => {
    const { c, shared, alone, bobs, file } = await world();
    const socket = await c.connect('zoe');
    const wrong = await c.call('zoe', 'POST', PERSONAL_DATA_ROUTES.delete, { password: 'nope' });
    expect(wrong.code).toBe(ERRORS.WRONG_CREDENTIALS.code);
    expect((await c.call('zoe', 'GET', '/api/v1/profile')).status).toBe(200);
    const done = await c.call('zoe', 'POST', PERSONAL_DATA_ROUTES.delete, { password: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.json.groupsTransferred).toEqual([{ groupID: shared.groupID, newOwnerID: 'cat' }]);
    expect(done.json.groupsDismissed).toEqual([alone.groupID]);
    expect(await socket.closed).toBeGreaterThanOrEqual(4000);
    expect((await c.call('zoe', 'GET', '/api/v1/profile')).code).toBe(ERRORS.USERSIG_REVOKED.code);
    // A fresh admin userSig is refused too: the account is gone.
    expect(
      (
        await c.app.inject({
          method: 'POST',
          url: '/admin/v1/usersig',
          headers: adminHeaders,
          payload: { userID: 'zoe' },
        })
      ).statusCode,
    ).toBe(404);
    const history = (await c.history('bob', encodeURIComponent('C2Czoe'), '?count=50')).messageList as WireMessage[];
    const fromZoe = history.filter((m) => m.from === 'zoe');
    expect(fromZoe.length).toBe(2);
    for (const m of fromZoe) expect([m.nick, m.avatar]).toEqual(['', '']);
    expect((await c.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    // PDAT13: her profile now says only that the account was deleted.
    const profiles = await c.call('bob', 'POST', '/api/v1/profiles/query', { userIDList: ['zoe', 'nobody'] });
    expect(profiles.json.profiles).toEqual([
      expect.objectContaining({ userID: 'zoe', nick: '', avatar: '', role: DELETED_USER_ROLE }),
    ]);
    expect(await c.friends('bob')).toEqual([]);
    const group = await c.call('cat', 'GET', groupPath(GROUP_ROUTES.group, shared.groupID));
    expect(group.json.group).toMatchObject({ ownerID: 'cat', memberCount: 2 });
    expect((await c.call('bob', 'GET', groupPath(GROUP_ROUTES.group, bobs.groupID))).json.group).toMatchObject({
      memberCount: 1,
    });
    const again = await c.app.inject({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: adminHeaders,
      payload: { userID: 'zoe' },
    });
    expect(again.json().code).toBe(ERRORS.ACCOUNT_EXISTS.code);
  });

  it('PDAT8 the admin API exports and deletes any user, behind the admin key only', async () => {
    const { c } = await world();
    const exportURL = personalDataPath(PERSONAL_DATA_ROUTES.adminExport, 'zoe');
    expect((await c.app.inject({ method: 'GET', url: exportURL })).statusCode).toBe(401);
    expect((await c.call('zoe', 'GET', exportURL)).status).toBe(401);
    const tar = await c.app.inject({ method: 'GET', url: exportURL, headers: adminHeaders });
    expect(tar.statusCode).toBe(200);
    expect(readTar(tar.rawPayload).has('parley-data-zoe/account.json')).toBe(true);
    const deleteURL = personalDataPath(PERSONAL_DATA_ROUTES.adminDelete, 'zoe');
    expect((await c.app.inject({ method: 'DELETE', url: deleteURL })).statusCode).toBe(401);
    const gone = await c.app.inject({ method: 'DELETE', url: deleteURL, headers: adminHeaders });
    expect(gone.statusCode).toBe(200);
    expect((await c.app.inject({ method: 'DELETE', url: deleteURL, headers: adminHeaders })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'GET', url: exportURL, headers: adminHeaders })).statusCode).toBe(404);
  });
});
