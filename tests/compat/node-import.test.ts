import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LITE_PLUGINS } from '../../packages/sdk/src/lite/lite-plugins.ts';
import { makeUsers, startServer, type TestServer } from '../sdk/support/server.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const SDK = join(ROOT, 'packages/sdk');
/** Plain Node: no TypeScript loader, no "source" condition, nothing inherited from the test runner. */
const PLAIN_ENV = { PATH: process.env.PATH ?? '', NODE_OPTIONS: '' };

/**
 * Type-checks `source` as `<name>.ts` of the consumer application with its own tsconfig, as an application sets it up
 * (skipLibCheck as applications usually set it: checking TypeBox's own declarations costs a minute here).
 */
function typeCheck(consumer: string, name: string, source: string) {
  writeFileSync(join(consumer, `${name}.ts`), source);
  const config = join(consumer, `tsconfig.${name}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        skipLibCheck: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        noEmit: true,
        types: [],
      },
      files: [`${name}.ts`],
    }),
  );
  return run(join(ROOT, 'node_modules/.bin/tsc'), ['-p', config], { cwd: consumer, env: PLAIN_ENV });
}

/**
 * Decision 0014: the built package works outside the workspace. The build runs here, so a clean clone needs
 * nothing but `npm ci` before `npm test`.
 */
describe('the built SDK (packages/sdk/dist)', () => {
  let server: TestServer;
  let consumer = '';

  beforeAll(async () => {
    execFileSync(process.execPath, [join(SDK, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'pipe', env: PLAIN_ENV });
    server = await startServer('sqlite');
    // An application outside the repository that installed @parley/chat (and ws, for Node 20).
    consumer = mkdtempSync(join(tmpdir(), 'parley-consumer-'));
    mkdirSync(join(consumer, 'node_modules/@parley'), { recursive: true });
    symlinkSync(SDK, join(consumer, 'node_modules/@parley/chat'));
    // The same package installed under the lite family's name, as `npm install @tencentcloud/lite-chat@npm:...`
    // or a bundler alias leaves it (docs/COMPATIBILITY.md, "The lite family").
    mkdirSync(join(consumer, 'node_modules/@tencentcloud'), { recursive: true });
    symlinkSync(SDK, join(consumer, 'node_modules/@tencentcloud/lite-chat'));
    for (const dep of ['ws', 'typebox'])
      symlinkSync(join(ROOT, 'node_modules', dep), join(consumer, 'node_modules', dep));
    writeFileSync(join(consumer, 'package.json'), '{ "type": "module" }\n');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (consumer) rmSync(consumer, { recursive: true, force: true });
  });

  it('CMP10 plain node imports the built package, creates an instance and logs in with an injected WebSocket', async () => {
    const [userID = ''] = await makeUsers(server, 'node');
    writeFileSync(
      join(consumer, 'app.mjs'),
      `import TencentCloudChat from '@parley/chat';
import WebSocket from 'ws';
const [serverURL, userID, userSig] = process.argv.slice(2);
const chat = TencentCloudChat.create({ SDKAppID: 1400000001, serverURL, WebSocket });
await chat.login({ userID, userSig });
await new Promise((resolve) => chat.on(TencentCloudChat.EVENT.SDK_READY, resolve));
const { data } = await chat.getMyProfile();
console.log(JSON.stringify({ version: TencentCloudChat.VERSION, ready: chat.isReady(), userID: data.userID }));
await chat.destroy();
`,
    );
    const { stdout } = await run(process.execPath, ['app.mjs', server.url, userID, await server.userSig(userID)], {
      cwd: consumer,
      env: PLAIN_ENV,
    });
    // The SDK's own log lines come first; the application's answer is the last line.
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({ version: '3.6.6', ready: true, userID });
  });

  it('CMP10 its type declarations serve a TypeScript application (and catch its mistakes)', async () => {
    const check = (source: string) => typeCheck(consumer, 'app', source);
    await expect(
      check(`import TencentCloudChat, { type Message } from '@parley/chat';
const chat = TencentCloudChat.create({ SDKAppID: 1, serverURL: 'http://127.0.0.1:1' });
chat.on(TencentCloudChat.EVENT.MESSAGE_RECEIVED, ({ data }) => { const list: Message[] = data; void list; });
export const ready: boolean = chat.isReady();
`),
    ).resolves.toBeDefined();
    await expect(
      check(`import TencentCloudChat from '@parley/chat';
export const wrong: number = TencentCloudChat.VERSION;
`),
    ).rejects.toMatchObject({ stdout: expect.stringContaining('TS2322') });
  }, 120_000);

  it('CMP15 installed as @tencentcloud/lite-chat: the entry points and every plugin sub-path resolve, use() takes them', async () => {
    const [userID = ''] = await makeUsers(server, 'lite');
    const names = Object.keys(LITE_PLUGINS);
    writeFileSync(
      join(consumer, 'lite.mjs'),
      `import TencentCloudChat from '@tencentcloud/lite-chat';
import Basic from '@tencentcloud/lite-chat/basic';
import Standard from '@tencentcloud/lite-chat/standard';
import Professional from '@tencentcloud/lite-chat/professional';
import WebSocket from 'ws';
const [serverURL, userID, userSig, ...names] = process.argv.slice(2);
const plugins = await Promise.all(names.map(async (n) => (await import('@tencentcloud/lite-chat/plugins/' + n)).default));
const chat = Basic.create({ SDKAppID: 1400000002, serverURL, WebSocket });
const used = chat.use(plugins);
await chat.login({ userID, userSig });
await new Promise((resolve) => chat.on(TencentCloudChat.EVENT.SDK_READY, resolve));
console.log(JSON.stringify({
  same: Basic === TencentCloudChat && Standard === TencentCloudChat && Professional === TencentCloudChat,
  used: used === undefined,
  plugins: plugins.map((p) => p.name),
  ready: chat.isReady(),
}));
await chat.destroy();
`,
    );
    const { stdout } = await run(
      process.execPath,
      ['lite.mjs', server.url, userID, await server.userSig(userID), ...names],
      { cwd: consumer, env: PLAIN_ENV },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual({
      same: true,
      used: true,
      plugins: Object.values(LITE_PLUGINS),
      ready: true,
    });
  });

  it('CMP15 the lite sub-paths carry declarations a TypeScript application can use', async () => {
    await expect(
      typeCheck(
        consumer,
        'lite-app',
        `import TencentCloudChat from '@tencentcloud/lite-chat/basic';
import GroupPlugin from '@tencentcloud/lite-chat/plugins/group';
const chat = TencentCloudChat.create({ SDKAppID: 1, serverURL: 'http://127.0.0.1:1' });
chat.use([GroupPlugin]);
export const name: string = GroupPlugin.name;
`,
      ),
    ).resolves.toBeDefined();
  }, 120_000);
});
