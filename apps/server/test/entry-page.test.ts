import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@parley/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, cleanupApps, createUser, login, makeApp, tempDir } from './support/app.ts';

const PASSWORD = 'pass-word-1';
afterEach(cleanupApps);

const HTML =
  '<!doctype html><html><head><title>Parley</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

/** A build manifest shaped like Vite's: the chat page imports a shared chunk the entry also has, and one of its own. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/pages/chat-page.tsx', 'src/portal-shell.tsx'],
    css: ['assets/index-1.css'],
  },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  '_header.js': { file: 'assets/header-1.js', imports: ['_vendor.js', 'index.html'], css: ['assets/header-1.css'] },
  'src/pages/chat-page.tsx': {
    file: 'assets/chat-page-1.js',
    isDynamicEntry: true,
    imports: ['_vendor.js', '_header.js', 'index.html'],
    css: ['assets/chat-page-1.css'],
  },
  'src/portal-shell.tsx': { file: 'assets/portal-shell-1.js', isDynamicEntry: true, imports: ['_vendor.js'] },
};

function webDir(withManifest: boolean): string {
  const dir = tempDir('parley-web-');
  writeFileSync(join(dir, 'index.html'), HTML);
  if (withManifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  }
  return dir;
}

const block = (body: string) =>
  JSON.parse(/<script type="application\/json" id="parley-session">(.*?)<\/script>/.exec(body)?.[1] ?? '"none"');
const preloads = (body: string) => [...body.matchAll(/<link rel="(modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)];

describe('entry page of the chat routes (decision 0009)', () => {
  it('SDK9 the chat routes preload the chat chunk and what it imports beyond the entry; other pages do not', async () => {
    const { app } = await makeApp({ webDir: webDir(true) });
    for (const url of ['/chat', '/user_chat', '/cuser_chat']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body).map((m) => `${m[1]} ${m[2]}`)).toEqual([
        'modulepreload /assets/chat-page-1.js',
        'modulepreload /assets/header-1.js',
        'stylesheet /assets/chat-page-1.css',
        'stylesheet /assets/header-1.css',
      ]);
      // The links are in the head, before the data block, so the browser starts them with the entry script.
      expect(page.body.indexOf('chat-page-1.js')).toBeLessThan(page.body.indexOf('</head>'));
    }
    for (const url of ['/', '/login']) {
      expect(preloads((await app.inject({ method: 'GET', url })).body)).toEqual([]);
    }
    // The manifest is the server's, not a page asset (the static plugin lists no dot-directories).
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('SDK9 without a build manifest the chat page is served as before, without preload links', async () => {
    const { app } = await makeApp({ webDir: webDir(false) });
    const page = await app.inject({ method: 'GET', url: '/chat' });
    expect(page.statusCode).toBe(200);
    expect(preloads(page.body)).toEqual([]);
  });

  it('SDK9 a chat route carries the first conversation page exactly as the list route answers it; no-store', async () => {
    const { app } = await makeApp({ webDir: webDir(true) });
    await createUser(app, { userID: 'alice', password: PASSWORD });
    await createUser(app, { userID: 'bob', password: PASSWORD });
    const { session, cookie } = await login(app, 'alice', PASSWORD);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: bearer(session.userSig),
      payload: { ID: 'm-1', conversationType: 'C2C', to: 'bob', type: 'TIMTextElem', payload: { text: 'hi' } },
    });
    expect(sent.statusCode).toBe(200);

    const page = await app.inject({ method: 'GET', url: '/chat', cookies: { [SESSION_COOKIE]: cookie } });
    expect(page.headers['cache-control']).toBe('no-store');
    const inline = block(page.body) as { userID: string; chatStart: unknown };
    expect(inline.userID).toBe('alice');
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/conversations?since=0',
      headers: bearer(session.userSig),
    });
    expect(inline.chatStart).toEqual(list.json());
    expect((inline.chatStart as { conversationList: unknown[] }).conversationList).toHaveLength(1);

    // Not on the other pages (they do not start the chat), and never for a visitor.
    const home = await app.inject({ method: 'GET', url: '/', cookies: { [SESSION_COOKIE]: cookie } });
    expect(block(home.body)).not.toHaveProperty('chatStart');
    expect(block((await app.inject({ method: 'GET', url: '/chat' })).body)).toBeNull();
  });
});
