import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps } from './support/app.ts';
import { isEvent, makeContactChat } from './support/contacts.ts';
import { KINDS } from './support/messaging.ts';

afterEach(cleanupApps);

const profileOf = (f: Record<string, unknown>) =>
  (f.event as { profile?: { userID: string; nick: string } } | undefined)?.profile;

describe.each(KINDS)('profiles seen by others on %s', (kind) => {
  it('CNT1 a profile change reaches the user, their friends and their one-to-one peers, nobody else', async () => {
    const c = await makeContactChat(kind, ['amy', 'bob', 'cat', 'dan']);
    await c.befriend('bob', 'amy');
    await c.send('cat', 'amy');
    const sockets = Object.fromEntries(
      await Promise.all(['amy', 'bob', 'cat', 'dan'].map(async (u) => [u, await c.connect(u)] as const)),
    );
    expect((await c.call('amy', 'PATCH', '/api/v1/profile', { nick: 'Amy Li' })).status).toBe(200);
    for (const u of ['amy', 'bob', 'cat']) {
      const f = await sockets[u]?.next(isEvent('profile.updated'));
      expect(profileOf(f as Record<string, unknown>)).toMatchObject({ userID: 'amy', nick: 'Amy Li' });
    }
    // dan's sentinel: his own change arrives after amy's would have.
    await c.call('dan', 'PATCH', '/api/v1/profile', { nick: 'Dan' });
    await sockets.dan?.next(isEvent('profile.updated'));
    const seen = sockets.dan?.frames.map((f) => profileOf(f as Record<string, unknown>)?.userID).filter(Boolean);
    expect(seen).toEqual(['dan']);
  });

  it('CNT1 bad profile input: a 10,000-character nick, birthday 20231340, avatar javascript:alert(1); nothing changed', async () => {
    const c = await makeContactChat(kind, ['amy']);
    const before = (await c.call('amy', 'GET', '/api/v1/profile')).json;
    const bad = [
      { nick: 'n'.repeat(10_000) },
      { selfSignature: 's'.repeat(10_000) },
      { avatar: 'javascript:alert(1)' },
      { avatar: 'https://evil.example/a.png' },
      { nick: 'ok', birthday: 20231340 },
    ];
    for (const body of bad) {
      const res = await c.call('amy', 'PATCH', '/api/v1/profile', body);
      expect([400]).toContain(res.status);
      expect([60003, 40001]).toContain(res.code);
    }
    expect((await c.call('amy', 'PATCH', '/api/v1/profile', { birthday: 20231340 })).code).toBe(40001);
    expect((await c.call('amy', 'GET', '/api/v1/profile')).json).toEqual(before);
    const good = await c.call('amy', 'PATCH', '/api/v1/profile', {
      nick: '张伟_01',
      avatar: '/avatars/avatar-3.svg',
      birthday: 20000229,
      gender: 'Gender_Type_Female',
    });
    expect(good.json).toMatchObject({ nick: '张伟_01', avatar: '/avatars/avatar-3.svg', birthday: 20000229 });
  });
});
