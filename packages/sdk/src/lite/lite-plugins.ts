/**
 * The lite SDK family (`@tencentcloud/lite-chat`, reference §1): the same instance API as `@tencentcloud/chat` plus
 * `use(plugins)` and sub-path imports of plugins. Parley builds every feature in, so its plugin objects carry only
 * the name lite-chat gives them; `use()` records them and runs no plugin code (decision 0014;
 * docs/COMPATIBILITY.md, "The lite family").
 */

/** Sub-path name (`@tencentcloud/lite-chat/plugins/<name>`) → the `name` lite-chat's plugin object carries. */
export const LITE_PLUGINS = {
  conversation: 'Conversation',
  group: 'Group',
  avchatroom: 'AVChatRoom',
  'message-enhancer': 'MessageEnhancer',
  'rich-media-message': 'RichMediaMessage',
  'cloud-search': 'CloudSearch',
  signaling: 'Signaling',
  friend: 'Friend',
  'conversation-group': 'ConversationGroup',
  topic: 'Topic',
  follow: 'Follow',
  'push-token-register': 'PushTokenRegisterPlugin',
  'offline-message-synchronizer': 'OfflineMessageSynchronizer',
} as const;

export type LitePluginPath = keyof typeof LITE_PLUGINS;

/** A lite plugin as Parley ships it: lite-chat's shape (a name and an install function), nothing to install. */
export interface LitePlugin {
  readonly name: string;
  install(): void;
}

export function litePlugin(path: LitePluginPath): LitePlugin {
  return Object.freeze({ name: LITE_PLUGINS[path], install() {} });
}

/** lite-chat's own warning for something that is neither a function nor an object with `install`. */
export const NOT_A_PLUGIN = 'A plugin must either be a function or an object with an "install" function.';

/**
 * What `chat.use(plugin)` installs, as lite-chat reads its argument: one plugin or an array of them; nothing for a
 * missing argument; a plugin is a function or an object with an `install` function (its name, when it has one,
 * is recorded). Anything else is skipped with lite-chat's warning.
 */
export function pluginNames(plugin: unknown, warn: (text: string) => void): string[] {
  if (plugin === undefined || plugin === null) return [];
  const names: string[] = [];
  for (const one of Array.isArray(plugin) ? plugin : [plugin]) {
    const isObjectPlugin =
      typeof one === 'object' && one !== null && typeof (one as { install?: unknown }).install === 'function';
    if (!isObjectPlugin && typeof one !== 'function') {
      warn(NOT_A_PLUGIN);
      continue;
    }
    const name = (one as { name?: unknown }).name;
    names.push(typeof name === 'string' ? name : '');
  }
  return names;
}
