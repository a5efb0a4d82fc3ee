import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LITE_PLUGINS, NOT_A_PLUGIN } from '../src/lite/lite-plugins.ts';
import TencentCloudChat from '../src/index.ts';
import { GOOD_SIG } from './fake-fetch.ts';
import { destroyInstances, loginReady, newChat } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  destroyInstances();
});

/** Reference §1: the plugin sub-paths lite-chat ships. */
const REFERENCE_PLUGINS = [
  'conversation',
  'group',
  'avchatroom',
  'message-enhancer',
  'rich-media-message',
  'cloud-search',
  'signaling',
  'friend',
  'conversation-group',
  'topic',
  'follow',
  'push-token-register',
  'offline-message-synchronizer',
];

const importPlugin = async (name: string) =>
  ((await import(`../src/lite/plugins/${name}.ts`)) as { default: { name: string; install: () => void } }).default;

describe('the lite family (reference §1)', () => {
  it('CMP15 ships a plugin module for every sub-path lite-chat has, named as lite-chat names it', async () => {
    expect(Object.keys(LITE_PLUGINS).sort()).toEqual([...REFERENCE_PLUGINS].sort());
    const files = readdirSync(join(import.meta.dirname, '../src/lite/plugins')).map((f) => f.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual([...REFERENCE_PLUGINS].sort());
    for (const name of REFERENCE_PLUGINS) {
      const plugin = await importPlugin(name);
      expect(plugin.name).toBe(LITE_PLUGINS[name as keyof typeof LITE_PLUGINS]);
      expect(typeof plugin.install).toBe('function');
    }
    expect((await importPlugin('push-token-register')).name).toBe('PushTokenRegisterPlugin');
  });

  it('CMP14 use() takes one plugin or an array before login, answers undefined and leaves the SDK working', async () => {
    const { chat } = newChat();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const all = await Promise.all(REFERENCE_PLUGINS.map(importPlugin));
    expect(chat.use(all)).toBeUndefined();
    expect(chat.use(all[0])).toBeUndefined();
    // lite-chat also takes a plain function as a plugin, and ignores a missing argument.
    expect(chat.use(() => {})).toBeUndefined();
    expect(chat.use(undefined)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    await loginReady(chat, { userID: 'zhangwei', userSig: GOOD_SIG });
    expect(chat.isReady()).toBe(true);
    expect(chat.use(all, [])).toBeUndefined();
  });

  it('CMP14 use() warns as lite-chat does for something that is not a plugin, and never throws', () => {
    const { chat } = newChat();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => chat.use([{ name: 'NoInstall' }, 42, 'group'])).not.toThrow();
    expect(warn.mock.calls).toEqual([[NOT_A_PLUGIN], [NOT_A_PLUGIN], [NOT_A_PLUGIN]]);
  });

  it('CMP14 runs no plugin code: a plugin written for lite-chat internals cannot break the instance', () => {
    const { chat } = newChat();
    const install = vi.fn(() => {
      throw new Error('expects lite-chat internals');
    });
    expect(() => chat.use({ name: 'Foreign', install })).not.toThrow();
    expect(install).not.toHaveBeenCalled();
    expect(typeof TencentCloudChat.create).toBe('function');
  });
});
