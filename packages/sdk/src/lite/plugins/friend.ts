import { litePlugin } from '../lite-plugins.ts';

/** `@tencentcloud/lite-chat/plugins/friend`: built into Parley; `chat.use()` accepts it. */
export default litePlugin('friend');
